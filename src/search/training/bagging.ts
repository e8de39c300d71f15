// Bagging: scorers fitted on bootstrap samples of the training queries, averaged into one.
// A retrain with another draw of synthetic queries moves single figures by a few queries
// (abstaining most), and averaging several fits takes out much of that variance. The average
// of linear-plus-trees scorers is itself one: the linear parts average weight by weight (each
// read on the raw feature scale, as standardisations differ from sample to sample), and the
// trees of every member are kept, each leaf divided by the number of members.
import type { ObliviousTree } from '../scorer.ts';
import type { FittedScorer } from './fit-ranker.ts';

export interface FittedWithTrees extends FittedScorer {
  trees: ObliviousTree[];
}

/** As many items as `items`, drawn with replacement. */
export function bootstrapSample<T>(items: readonly T[], random: () => number): T[] {
  return Array.from({ length: items.length }, () => items[Math.floor(random() * items.length)]!);
}

/** The scorer whose score is the mean of the members' scores, standardised as the first member. */
export function averageScorers(members: readonly FittedWithTrees[]): FittedWithTrees {
  if (members.length === 1) return members[0]!;
  const share = 1 / members.length;
  const { means, scales } = members[0]!;
  // On the raw scale a member scores bias - Σ w·m/s + Σ (w/s)·x.
  const rawWeights = means.map((_, k) => members.reduce((sum, m) => sum + (share * m.weights[k]!) / m.scales[k]!, 0));
  const rawBias = members.reduce((sum, m) => sum + share * (m.bias - m.weights.reduce((s, w, k) => s + (w * m.means[k]!) / m.scales[k]!, 0)), 0);
  const weights = rawWeights.map((w, k) => w * scales[k]!);
  const bias = rawBias + rawWeights.reduce((sum, w, k) => sum + w * means[k]!, 0);
  const trees = members.flatMap((m) => m.trees.map((tree) => ({ ...tree, leaves: tree.leaves.map((v) => v * share) })));
  return { means: [...means], scales: [...scales], weights, bias, trees };
}
