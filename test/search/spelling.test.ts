// A word typed wrong is searched as the word probably meant.
import { describe, expect, test } from 'bun:test';
import { likelySpelling, oneEditAway, spellingCorrections } from '../../src/search/spelling.ts';
import { stem } from '../../src/search/tokens.ts';

const corpus = new Map([['drummer', 40], ['thief', 300], ['hollywood', 900], ['chief', 100], ['restaurant', 60]].map(([word, films]) => [stem(word as string), films as number]));
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
});
