// One vector per text from a model's vectors per token: the mean over the text's own tokens
// (padding left out) or the first token's, scaled to unit length.

/**
 * `tokens` is [texts, positions, dimensions] row-major; `mask` is 1 for a text's tokens and 0
 * for padding, per text and position.
 */
export function poolTokens(tokens: Float32Array, dims: number[], mask: ArrayLike<number | bigint>, pooling: 'mean' | 'cls'): Float32Array[] {
  const [texts, positions, width] = dims as [number, number, number];
  if (dims.length !== 3 || tokens.length !== texts * positions * width || mask.length !== texts * positions) {
    throw new Error(`pooling: token vectors [${dims.join(', ')}] do not fit a mask of ${mask.length}`);
  }
  const pooled: Float32Array[] = [];
  const sum = new Float64Array(width);
  for (let text = 0; text < texts; text++) {
    sum.fill(0);
    let counted = 0;
    for (let position = 0; position < (pooling === 'cls' ? 1 : positions); position++) {
      if (pooling === 'mean' && Number(mask[text * positions + position]) === 0) continue;
      const offset = (text * positions + position) * width;
      for (let d = 0; d < width; d++) sum[d]! += tokens[offset + d]!;
      counted++;
    }
    pooled.push(unitLength(Float32Array.from(sum, (total) => total / Math.max(counted, 1))));
  }
  return pooled;
}

/**
 * Scaled to length 1 as transformers.js's normalize does it, sum of squares in 32 bits, so an
 * index built before is reproduced bit for bit. A zero vector stays zero.
 */
function unitLength(vector: Float32Array): Float32Array {
  let squares = 0;
  for (const value of vector) squares = Math.fround(squares + value ** 2);
  const length = Math.fround(Math.sqrt(squares));
  if (length > 0) for (let d = 0; d < vector.length; d++) vector[d]! /= length;
  return vector;
}
