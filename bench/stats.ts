// Shared by the benchmarks.

/** The value at `fraction` (0.5 = median, 0.99 = p99) of `values`, by nearest rank. */
export function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? Number.NaN;
}
