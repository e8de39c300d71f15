import { describe, expect, test } from 'bun:test';
import { poolTokens } from '../../src/search/pooling.ts';

// Two texts, three positions, two dimensions; the second text has one token of padding.
const TOKENS = Float32Array.from([3, 0, 0, 4, 6, 8, /* text 2 */ 1, 1, 3, 3, 100, -100]);
const MASK = BigInt64Array.from([1n, 1n, 1n, 1n, 1n, 0n]);

describe('poolTokens', () => {
  test('mean pooling averages each text over its own tokens only, then scales to length 1', () => {
    const [first, second] = poolTokens(TOKENS, [2, 3, 2], MASK, 'mean');
    // mean (3, 4) → (0.6, 0.8); the padding's (100, -100) would turn the second one around
    expect(Array.from(first!)).toEqual([Math.fround(0.6), Math.fround(0.8)]);
    expect(second![0]).toBeCloseTo(Math.SQRT1_2, 6);
    expect(second![1]).toBeCloseTo(Math.SQRT1_2, 6);
  });

  test('cls pooling takes the first token', () => {
    const [first, second] = poolTokens(TOKENS, [2, 3, 2], MASK, 'cls');
    expect(Array.from(first!)).toEqual([1, 0]);
    expect(second![0]).toBeCloseTo(Math.SQRT1_2, 6);
  });

  test('a text of zeros stays zero instead of dividing by nothing', () => {
    const [only] = poolTokens(new Float32Array(4), [1, 2, 2], [1, 1], 'mean');
    expect(Array.from(only!)).toEqual([0, 0]);
  });

  test('refuses token vectors that do not fit the mask', () => {
    expect(() => poolTokens(TOKENS, [2, 3, 2], [1, 1, 1], 'mean')).toThrow('do not fit');
  });
});
