import { describe, expect, test } from 'bun:test';
import { GLOSSED_LANGUAGES, glossToEnglish } from '../../src/llm/offline/gloss.ts';

const lists: Record<string, string> = Object.fromEntries(
  await Promise.all(GLOSSED_LANGUAGES.map(async (code) => [code, (await import(`../../src/llm/offline/glossaries/${code}.ts`)).default as string] as const)),
);

const gloss = (text: string, code: string) => glossToEnglish(text, code)?.text ?? null;

describe('glossToEnglish', () => {
  test('reads the content words of a description in each glossed language', () => {
    expect(gloss('una película donde un tiburón ataca a los bañistas de un pueblo', 'es')).toMatch(/\bshark\b/);
    expect(gloss('ein Film über einen Hai, der die Badegäste angreift', 'de')).toMatch(/\bshark\b/);
    expect(gloss("un film où un requin attaque les baigneurs d'une petite ville", 'fr')).toMatch(/\bshark\b/);
    expect(gloss('un film dove uno squalo attacca i bagnanti', 'it')).toMatch(/\bshark\b/);
    expect(gloss('um filme onde um tubarão ataca os banhistas', 'pt')).toMatch(/\bshark\b/);
    expect([...GLOSSED_LANGUAGES].sort()).toEqual(['de', 'es', 'fr', 'it', 'pt']);
  });

  test('undoes common endings and missing accents', () => {
    expect(gloss('los soldados', 'es')).toMatch(/\bsoldier/);
    expect(gloss('una pelicula vieja', 'es')).toMatch(/\bfilm|movie\b/);
    // The plural past of Spanish verbs: "saquearon", "estrangularon".
    expect(gloss('los piratas saquearon el pueblo y estrangularon al rey', 'es')).not.toMatch(/saquearon|estrangularon/);
    expect(gloss('les fantômes', 'fr')).toMatch(/\bghost/);
  });

  test('reads an infinitive with its pronoun attached as the verb', () => {
    expect(gloss('intenta ayudarlo', 'es')).toMatch(/\bhelp\b/);
    expect(gloss('quiere encontrarla', 'es')).toMatch(/\bfind\b/);
    expect(gloss('vuole ucciderlo', 'it')).toMatch(/\bkill\b/);
  });

  test('splits German compounds into their parts', () => {
    expect(gloss('ein Kindermörder', 'de')).toMatch(/child.* murderer/);
    expect(gloss('ein alter Kriegsfilm', 'de')).toMatch(/war film/);
  });

  test('reads elided French and Italian words apart', () => {
    expect(gloss("l'homme", 'fr')).toMatch(/\bman\b/);
    expect(gloss("dell'isola", 'it')).toMatch(/\bisland\b/);
  });

  test('writes decades the English way, so the era is understood', () => {
    expect(gloss('una película de los años 80', 'es')).toContain('80s');
    expect(gloss('ein Film aus den 80er Jahren', 'de')).toContain('80s');
    expect(gloss('un film des années 90', 'fr')).toContain('90s');
    expect(gloss('un film degli anni settanta', 'it')).toContain('70s');
    expect(gloss('ein Film aus den 50ern', 'de')).toContain('50s');
    expect(gloss('un film des années soixante-dix', 'fr')).toContain('70s');
    expect(gloss('una casa en los setenta', 'es')).toContain('the 70s');
  });

  test('keeps names and words it does not know as written', () => {
    expect(gloss('Film mit Til Schweiger', 'de')).toContain('Til Schweiger');
    expect(glossToEnglish('Film mit Til Schweiger', 'de')!.known).toBeLessThan(1);
  });

  test('a language without a glossary has no gloss', () => {
    expect(glossToEnglish('een film over een haai', 'nl')).toBeNull();
  });

  test('a capital inside a sentence marks a name: read only as the glossary writes it', () => {
    // "Paris" with its s undone is "pari", a bet.
    expect(gloss('un rat qui cuisine dans un restaurant à Paris', 'fr')).toMatch(/\bParis$/);
    expect(gloss('una película en Londres', 'es')).toMatch(/\blondon\b/);
    // The first word of a sentence is a word like any other.
    expect(gloss('Tiburones en la playa. Fantasmas en la casa', 'es')).toMatch(/^sharks .* ghosts /);
  });

  test('German nouns are read as nouns when written with a capital', () => {
    expect(gloss('ein Film über einen Jungen und seinen Hund', 'de')).toMatch(/\bboy\b/);
    expect(gloss('ein Film über einen jungen Mann', 'de')).toMatch(/\byoung man\b/);
    expect(gloss('er verliert seinen Arm', 'de')).toMatch(/\barm\b/);
    expect(gloss('ein armer Mann', 'de')).toMatch(/\bpoor man\b/);
    expect(gloss('er trank einen Trank', 'de')).toMatch(/\bdrank a potion\b/);
    expect(gloss('eine weiße Taube', 'de')).toMatch(/\bdove\b/);
  });

  test('every glossary line is one lowercase word = its English, each word once; German nouns may have a capital', () => {
    for (const [code, list] of Object.entries(lists)) {
      const lines = list.split('\n').filter((line) => line.trim());
      expect(lines.length).toBeGreaterThan(2000);
      const written = (word: string) => (code === 'de' ? word.toLowerCase().replace(/^./, (c) => c.toUpperCase()) : word.toLowerCase());
      const malformed = lines.filter((line) => {
        const word = line.split(' =')[0]!;
        return !/^[^\s=]+ =( .*)?$/u.test(line) || (word !== word.toLowerCase() && word !== written(word));
      });
      expect({ code, malformed }).toEqual({ code, malformed: [] });
      const words = lines.map((line) => line.slice(0, line.indexOf(' =')));
      expect({ code, duplicates: words.filter((word, i) => words.indexOf(word) !== i) }).toEqual({ code, duplicates: [] });
    }
  });
});
