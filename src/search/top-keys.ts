// Picking the best hundred of tens of thousands of scored films, without sorting them all.

/** The `k` keys with the highest scores, best first (ties: lower key first). */
export function topKeys(keys: number[], scores: Float32Array, k: number): number[] {
  // Keys below the k-th best score leave before the sort; keys tied with it stay, so the
  // lower key wins a tie as in a full sort.
  const floor = keys.length > k ? kthLargest(Float32Array.from(keys, (key) => scores[key]!), k) : -Infinity;
  return keys.filter((key) => scores[key]! >= floor).sort((a, b) => scores[b]! - scores[a]! || a - b).slice(0, k);
}

/** The k-th largest of `values` (1-based; reorders them), by quickselect. */
export function kthLargest(values: Float32Array, k: number): number {
  const target = k - 1;
  let low = 0;
  let high = values.length - 1;
  while (low < high) {
    const pivot = values[(low + high) >>> 1]!;
    let i = low;
    let j = high;
    while (i <= j) {
      while (values[i]! > pivot) i++;
      while (values[j]! < pivot) j--;
      if (i <= j) {
        const swap = values[i]!;
        values[i++] = values[j]!;
        values[j--] = swap;
      }
    }
    if (target <= j) high = j;
    else if (target >= i) low = i;
    else return values[target]!;
  }
  return values[target]!;
}
