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

  test('languages with as many function words in a message are told apart by the words their glossary reads', () => {
    // "de un ... que ... la ... en la" is as French as it is Spanish; "limpia", "basura" and "tierra" are Spanish.
    expect(detectLanguage('pelicula de un robot que limpia la basura en la tierra').code).toBe('es');
    expect(detectLanguage('film de la guerre en une ville').code).toBe('fr');
  });

  test('English, short and ambiguous messages count as English', () => {
    expect(detectLanguage('a shark attacks the swimmers of a beach town').code).toBe('en');
    expect(detectLanguage('la la land').code).toBe('en');
    expect(detectLanguage('amelie').code).toBe('en');
    expect(detectLanguage('').code).toBe('en');
    expect(detectLanguage('the one with Gérard Depardieu in Paris').code).toBe('en');
  });
});

describe('detectLanguage, other scripts', () => {
  test('a message mostly in another script is named by its script', () => {
    expect(detectLanguage('サメが海水浴客を襲う映画').code).toBe('ja');
    expect(detectLanguage('상어가 해변 마을을 공포에 떨게 하는 영화').code).toBe('ko');
    expect(detectLanguage('фильм про акулу на пляже').code).toBe('ru');
    expect(detectLanguage('鲨鱼袭击海滩小镇的电影').code).toBe('zh');
  });

  test('an English description naming a film in another script stays English', () => {
    expect(detectLanguage('the Kurosawa film 七人の侍 where farmers hire seven samurai to defend their village').code).toBe('en');
  });
});
