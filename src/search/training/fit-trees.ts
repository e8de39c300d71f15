// Fits boosted trees on top of the linear scorer: each tree corrects what the scores so far
// get wrong, in the same conditional logit as fit-ranker.ts (each query's short list against a
// "none of these" scored 0), so the sum still reads as log-odds against "none". The linear
// part keeps what each signal means on its own; the trees add what only combinations of
// signals show (a strong lexical match that is only a title, fame that counts for a short
// description and not for a long one), which a weighted sum cannot express.
//
// The trees are oblivious (every node of a level asks the same question, as in CatBoost): a
// tree of depth d is d (feature, threshold) pairs and 2^d leaf values, quick to evaluate and
// hard to overfit. Splits are chosen on feature values binned by quantile, second-order
// (gradient and Hessian of the log loss), with an L2 penalty on leaf values and shrinkage.
import type { ObliviousTree } from '../scorer.ts';
import { conditionalLogLoss, type TrainingSet } from './fit-ranker.ts';

export interface TreeOptions {
  trees: number;
  depth: number;
  /** Each tree's leaves are scaled down by this (shrinkage), so later trees share the work. */
  learningRate: number;
  /** L2 penalty on leaf values: a leaf few rows reach stays near 0. */
  l2: number;
  /** Candidate thresholds per feature (quantiles of its training values). */
  bins: number;
}

export const DEFAULT_TREE_OPTIONS: TreeOptions = { trees: 300, depth: 4, learningRate: 0.1, l2: 10, bins: 32 };

/** Quantile thresholds of each feature over (a sample of) the training rows. */
function thresholdsOf(set: TrainingSet, bins: number): number[][] {
  const f = set.featureCount;
  const n = set.rows.length / f;
  const stride = Math.max(1, Math.floor(n / 100_000));
  return Array.from({ length: f }, (_, k) => {
    const sample: number[] = [];
    for (let r = 0; r < n; r += stride) sample.push(set.rows[r * f + k]!);
    sample.sort((a, b) => a - b);
    const cuts = new Set<number>();
    for (let b = 1; b < bins; b++) cuts.add(sample[Math.floor((b * sample.length) / bins)]!);
    cuts.delete(sample[sample.length - 1]!); // a threshold at the maximum splits nothing off
    return [...cuts].sort((a, b) => a - b);
  });
}

/** Each row's bin per feature: the number of thresholds its value exceeds. */
function binRows(set: TrainingSet, thresholds: number[][]): Uint8Array {
  const f = set.featureCount;
  const n = set.rows.length / f;
  const bins = new Uint8Array(n * f);
  for (let r = 0; r < n; r++) {
    for (let k = 0; k < f; k++) {
      const cuts = thresholds[k]!;
      const value = set.rows[r * f + k]!;
      let low = 0;
      let high = cuts.length;
      while (low < high) {
        const mid = (low + high) >>> 1;
        if (value > cuts[mid]!) low = mid + 1;
        else high = mid;
      }
      bins[r * f + k] = low;
    }
  }
  return bins;
}

/** The (feature, bin) split that most lowers the loss summed over the current leaves. */
function bestSplit(
  set: TrainingSet,
  bins: Uint8Array,
  thresholds: number[][],
  leafOf: Uint32Array,
  leaves: number,
  gradient: Float64Array,
  hessian: Float64Array,
  l2: number,
): { feature: number; bin: number } {
  const f = set.featureCount;
  const width = Math.max(...thresholds.map((cuts) => cuts.length)) + 1;
  const g = new Float64Array(leaves * f * width);
  const h = new Float64Array(leaves * f * width);
  for (let r = 0; r < leafOf.length; r++) {
    const base = leafOf[r]! * f * width;
    for (let k = 0; k < f; k++) {
      const i = base + k * width + bins[r * f + k]!;
      g[i]! += gradient[r]!;
      h[i]! += hessian[r]!;
    }
  }
  const gain = (gs: number, hs: number) => (gs * gs) / (hs + l2);
  let best = { feature: -1, bin: -1, gain: 0 };
  for (let k = 0; k < f; k++) {
    const cuts = thresholds[k]!.length;
    const total = new Float64Array(cuts + 1);
    for (let l = 0; l < leaves; l++) {
      const base = (l * f + k) * width;
      let gAll = 0;
      let hAll = 0;
      for (let b = 0; b <= cuts; b++) {
        gAll += g[base + b]!;
        hAll += h[base + b]!;
      }
      let gLeft = 0;
      let hLeft = 0;
      for (let b = 0; b < cuts; b++) {
        gLeft += g[base + b]!;
        hLeft += h[base + b]!;
        total[b]! += gain(gLeft, hLeft) + gain(gAll - gLeft, hAll - hLeft) - gain(gAll, hAll);
      }
    }
    for (let b = 0; b < cuts; b++) if (total[b]! > best.gain) best = { feature: k, bin: b, gain: total[b]! };
  }
  return best;
}

/**
 * Boosted trees over `baseScores` (the linear scorer's score of every row). Returns the trees;
 * a row's score is its base score plus every tree's leaf value (scorer.ts).
 */
export function fitTrees(
  set: TrainingSet,
  baseScores: Float64Array,
  options: TreeOptions = DEFAULT_TREE_OPTIONS,
  onProgress?: (tree: number, loss: number) => void,
): ObliviousTree[] {
  const rows = baseScores.length;
  const f = set.featureCount;
  const thresholds = thresholdsOf(set, options.bins);
  const bins = binRows(set, thresholds);
  const scores = Float64Array.from(baseScores);
  const gradient = new Float64Array(rows);
  const hessian = new Float64Array(rows);
  const leafOf = new Uint32Array(rows);
  const trees: ObliviousTree[] = [];
  for (let t = 0; t < options.trees; t++) {
    const loss = conditionalLogLoss(set, scores, gradient, hessian);
    if (t % 25 === 0) onProgress?.(t, loss);
    leafOf.fill(0);
    const tree: ObliviousTree = { features: [], thresholds: [], leaves: [] };
    for (let level = 0; level < options.depth; level++) {
      const split = bestSplit(set, bins, thresholds, leafOf, 1 << level, gradient, hessian, options.l2);
      if (split.feature < 0) break; // nothing left worth splitting
      tree.features.push(split.feature);
      tree.thresholds.push(thresholds[split.feature]![split.bin]!);
      for (let r = 0; r < rows; r++) leafOf[r] = leafOf[r]! * 2 + (bins[r * f + split.feature]! > split.bin ? 1 : 0);
    }
    const leafCount = 1 << tree.features.length;
    const g = new Float64Array(leafCount);
    const h = new Float64Array(leafCount);
    for (let r = 0; r < rows; r++) {
      g[leafOf[r]!]! += gradient[r]!;
      h[leafOf[r]!]! += hessian[r]!;
    }
    tree.leaves = Array.from(g, (sum, leaf) => (-sum / (h[leaf]! + options.l2)) * options.learningRate);
    for (let r = 0; r < rows; r++) scores[r]! += tree.leaves[leafOf[r]!]!;
    trees.push(tree);
  }
  return trees;
}
