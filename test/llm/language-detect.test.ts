import { describe, expect, test } from 'bun:test';
import { detectLanguage } from '../../src/llm/offline/language-detect.ts';

describe('detectLanguage', () => {
  test('tells the languages people most often describe films in', () => {
    expect(detectLanguage('una película donde un tiburón ataca a los bañistas de un pueblo').code).toBe('es');
    expect(detectLanguage('ein Film über einen Hai, der die Badegäste in einem Ort angreift').code).toBe('de');
    expect(detectLanguage("un film où un requin attaque les baigneurs d'une petite ville").code).toBe('fr');
    expect(detectLanguage('un film dove uno squalo attacca i bagnanti di un paese').code).toBe('it');
    expect(detectLanguage('um filme onde um tubarão ataca os banhistas de uma cidade').code).toBe('pt');
  });

  test('English, short and ambiguous messages count as English', () => {
    expect(detectLanguage('a shark attacks the swimmers of a beach town').code).toBe('en');
    expect(detectLanguage('la la land').code).toBe('en');
    expect(detectLanguage('amelie').code).toBe('en');
    expect(detectLanguage('').code).toBe('en');
    expect(detectLanguage('the one with Gérard Depardieu in Paris').code).toBe('en');
  });
});
