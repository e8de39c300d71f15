import { describe, expect, test } from 'bun:test';
import { LexicalIndex, reciprocalRankFusion, tokenize } from '../../src/search/lexical-index.ts';

describe('LexicalIndex (BM25)', () => {
  const index = new LexicalIndex([
    'a shark attacks swimmers at a beach town',
    'a boy wizard at a school of magic',
    'a detective hunts a killer in the rain; the killer leaves notes',
    'sharks, sharks everywhere: a documentary about the ocean',
  ]);

  test('tokenize drops stopwords and punctuation and trims plurals', () => {
    expect(tokenize("The Sharks' beach, a movie!")).toEqual(['shark', 'beach']);
  });

  test('ranks documents sharing rare query words first', () => {
    expect(index.search('wizard school', 2).map((h) => h.key)).toEqual([1]);
    expect(index.search('killer hunts', 4)[0]!.key).toBe(2);
    expect(index.search('shark beach', 4).map((h) => h.key)).toEqual([0, 3]);
  });

  test('no shared word, no hit', () => {
    expect(index.search('romantic comedy in paris', 5)).toEqual([]);
  });
});

describe('reciprocalRankFusion', () => {
  test('rewards keys ranked well by several lists, and weights lists', () => {
    expect(reciprocalRankFusion([[1, 2, 3], [2, 1, 4]])).toEqual([1, 2, 3, 4]);
    expect(reciprocalRankFusion([[1, 2], [2, 1]], [1, 4])).toEqual([2, 1]);
  });
});
