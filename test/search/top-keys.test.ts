import { describe, expect, test } from 'bun:test';
import { kthLargest, topKeys } from '../../src/search/top-keys.ts';
import { seededRandom } from '../../src/search/training/synthetic-queries.ts';

/** What topKeys must equal: every key sorted, best score first, lower key on ties. */
const bySorting = (keys: number[], scores: Float32Array, k: number) => [...keys].sort((a, b) => scores[b]! - scores[a]! || a - b).slice(0, k);

describe('topKeys', () => {
  test('matches a full sort, ties included, for lists shorter and longer than k', () => {
    const random = seededRandom(3);
    for (const [size, k, distinct] of [
      [50, 100, 1000],
      [5000, 100, 1000000],
      [5000, 100, 7],
      [300, 1, 20],
      [300, 300, 20],
    ] as const) {
      const scores = Float32Array.from({ length: size * 2 }, () => Math.floor(random() * distinct) / distinct);
      const keys = Array.from({ length: size }, (_, i) => i * 2 + (i % 2));
      expect(topKeys(keys, scores, k)).toEqual(bySorting(keys, scores, k));
    }
  });

  test('returns nothing for no keys', () => {
    expect(topKeys([], new Float32Array(4), 10)).toEqual([]);
  });
});

describe('kthLargest', () => {
  test('finds the k-th largest value, counting repeats', () => {
    expect(kthLargest(Float32Array.from([3, 1, 4, 1, 5, 9, 2, 6]), 1)).toBe(9);
    expect(kthLargest(Float32Array.from([3, 1, 4, 1, 5, 9, 2, 6]), 3)).toBe(5);
    expect(kthLargest(Float32Array.from([3, 1, 4, 1, 5, 9, 2, 6]), 8)).toBe(1);
    expect(kthLargest(Float32Array.from([2, 2, 2, 1]), 3)).toBe(2);
  });
});
