// A word typed wrong is searched as the word probably meant.
import { describe, expect, test } from 'bun:test';
import { likelySpelling, oneEditAway } from '../../src/search/spelling.ts';

const corpus = new Map([['drummer', 40], ['thief', 300], ['hollywood', 900], ['chief', 100], ['thieves', 5]]);
const documentFrequency = (term: string) => corpus.get(term) ?? 0;

describe('spelling', () => {
  test('one edit away: a letter dropped, added or changed, or two neighbours swapped', () => {
    const variants = oneEditAway('thief');
    for (const variant of ['thef', 'thiefs', 'thiaf', 'theif']) expect(variants).toContain(variant);
    expect(variants).not.toContain('thief');
    expect(variants).not.toContain('chef');
  });

  test('an unknown word becomes the commonest known word one edit away', () => {
    expect(likelySpelling('drumer', documentFrequency)).toBe('drummer');
    expect(likelySpelling('theif', documentFrequency)).toBe('thief');
  });

  test('a known word, a short one, a number, a pair of words or a hint word is left as typed', () => {
    expect(likelySpelling('thief', documentFrequency)).toBeNull();
    expect(likelySpelling('thif', documentFrequency)).toBeNull();
    expect(likelySpelling('19999', documentFrequency)).toBeNull();
    expect(likelySpelling('drumer_kid', documentFrequency)).toBeNull();
    expect(likelySpelling('nollywood', documentFrequency)).toBeNull();
  });

  test('nothing near, nothing guessed', () => {
    expect(likelySpelling('sheepdog', documentFrequency)).toBeNull();
  });
});
