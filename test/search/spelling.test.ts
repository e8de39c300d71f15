// A word typed wrong is searched as the word probably meant.
import { describe, expect, test } from 'bun:test';
import { likelySplit, likelySpelling, oneEditAway, spellingCorrections } from '../../src/search/spelling.ts';
import { stem } from '../../src/search/tokens.ts';

const corpus = new Map([
  ...[['drummer', 40], ['thief', 300], ['hollywood', 900], ['chief', 100], ['restaurant', 60], ['koreeda', 3], ['spider', 80], ['man', 9000], ['super', 50], ['superman', 20]].map(([word, films]) => [stem(word as string), films as number] as const),
  // Pairs of adjacent words, as the lexical index holds them ("Spider-Man", "spider monkey").
  [`${stem('spider')}_${stem('man')}`, 12] as const,
  [`${stem('spide')}_${stem('rman')}`, 0] as const,
]);
const documentFrequency = (term: string) => corpus.get(term) ?? 0;

describe('spelling', () => {
  test('one edit away: a letter dropped, added or changed, or two neighbours swapped', () => {
    const variants = oneEditAway('thief');
    for (const variant of ['thef', 'thiefs', 'thiaf', 'theif']) expect(variants).toContain(variant);
    expect(variants).not.toContain('thief');
    expect(variants).not.toContain('chef');
  });

  test("a word the corpus lacks becomes the term of the commonest word one edit away, spelt as words, not terms", () => {
    expect(likelySpelling('drumer', documentFrequency)).toBe(stem('drummer'));
    expect(likelySpelling('theif', documentFrequency)).toBe(stem('thief'));
    // "resturant" is a letter from "restaurant", though far from its term "restaur".
    expect(stem('restaurant')).not.toBe('resturant');
    expect(likelySpelling('resturant', documentFrequency)).toBe(stem('restaurant'));
  });

  test('a known word, a short one, a number, a hint word or one with nothing near is left as typed', () => {
    expect(likelySpelling('thief', documentFrequency)).toBeNull();
    expect(likelySpelling('thif', documentFrequency)).toBeNull();
    expect(likelySpelling('19999', documentFrequency)).toBeNull();
    expect(likelySpelling('nollywood', documentFrequency)).toBeNull();
    expect(likelySpelling('sheepdog', documentFrequency)).toBeNull();
  });

  test("a text's corrections are keyed by the term search reads", () => {
    expect([...spellingCorrections('a theif in a fancy resturant', documentFrequency)]).toEqual([
      [stem('theif'), stem('thief')],
      [stem('resturant'), stem('restaurant')],
    ]);
  });

  test('a word the corpus lacks that runs two words together is searched as the pair some film holds', () => {
    expect(likelySplit('spiderman', documentFrequency)).toBe(`${stem('spider')}_${stem('man')}`);
    expect(likelySplit('sheepdog', documentFrequency)).toBeNull();
    expect(likelySplit('thief', documentFrequency)).toBeNull();
    expect(spellingCorrections('the spiderman one', documentFrequency).get(stem('spiderman'))).toBe(`${stem('spider')}_${stem('man')}`);
  });

  test('words typed apart that the corpus holds as one are each searched as the whole word', () => {
    for (const text of ['a film by kore-eda', 'a film by kore eda']) {
      const corrections = spellingCorrections(text, documentFrequency);
      expect(corrections.get(stem('kore'))).toBe(stem('koreeda'));
      expect(corrections.get(stem('eda'))).toBe(stem('koreeda'));
    }
    // Words the corpus holds are left as typed, even when it also holds them joined.
    expect(spellingCorrections('super man', documentFrequency).size).toBe(0);
    expect(spellingCorrections('superman', documentFrequency).size).toBe(0);
  });
});
