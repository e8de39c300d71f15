// The learned scorer: a linear model over the features (features.ts) plus boosted trees that
// correct it where signals interact; the softmax of the scores, taken together with a "none of
// these" alternative scored 0, is the probability that each candidate is the film described.
// Its weights and trees are a versioned data file (data/ranker/ranker.json), trained on
// synthetic queries made from the corpus by scripts/train-ranker.ts.
import { readFileSync } from 'node:fs';
import { whyUnreadable } from '../text.ts';
import type { AbstainPoint, Calibration } from './calibration.ts';
import { FEATURE_NAMES } from './features.ts';
import type { Bm25fParameters } from './lexical-index.ts';

/** 2: boosted trees on top of the linear model; 3: an abstain threshold for each corpus size. */
export const RANKER_FORMAT = 3;

/** A tree whose every level asks one question: go right when features[d] > thresholds[d]. */
export interface ObliviousTree {
  features: number[];
  thresholds: number[];
  /** 2^depth values, indexed by the answers read as a binary number, first level highest. */
  leaves: number[];
}

export interface RankerModel {
  format: number;
  /** What it was trained on, for people reading the file. */
  trainedOn: string;
  features: string[];
  /** Standardisation of each feature before weighing. */
  means: number[];
  scales: number[];
  weights: number[];
  /** Score offset against the "none of these" alternative. */
  bias: number;
  /** Added to the linear score (fit-trees.ts). */
  trees: ObliviousTree[];
  bm25f: Bm25fParameters;
  calibration: Calibration;
  /**
   * Candidates are offered only when the chance that the film is among them reaches the
   * threshold for the corpus's size (calibration.ts: abstainThreshold).
   */
  abstainBelow: AbstainPoint[];
}

export class RankerMismatchError extends Error {}

export class Scorer {
  private readonly forest: Forest;

  constructor(readonly model: RankerModel) {
    if (model.format !== RANKER_FORMAT) throw new RankerMismatchError(`ranker format ${model.format}, expected ${RANKER_FORMAT}: retrain it (scripts/train-ranker.ts)`);
    const expected = FEATURE_NAMES.join(',');
    if (model.features.join(',') !== expected) {
      throw new RankerMismatchError(`the ranker was trained on features [${model.features.join(', ')}], the code computes [${FEATURE_NAMES.join(', ')}]: retrain it (scripts/train-ranker.ts)`);
    }
    if (!Array.isArray(model.abstainBelow) || model.abstainBelow.length === 0 || !model.abstainBelow.every(validAbstainPoint)) {
      throw new RankerMismatchError('the ranker file\'s abstainBelow must list at least one { films, below } with films > 0 and below from 0 to 1: retrain it (scripts/train-ranker.ts)');
    }
    model.trees.forEach((tree, i) => {
      const problem = treeProblem(tree, FEATURE_NAMES.length);
      if (problem) throw new RankerMismatchError(`the ranker file's tree ${i} ${problem}: retrain it (scripts/train-ranker.ts)`);
    });
    this.forest = new Forest(model.trees);
  }

  /** The ranker file at `path`; `abstainBelow`, when given, is the threshold at every corpus size. */
  static load(path: string, { abstainBelow }: { abstainBelow?: number } = {}): Scorer {
    let model: RankerModel;
    try {
      model = JSON.parse(readFileSync(path, 'utf8')) as RankerModel;
    } catch (error) {
      throw new RankerMismatchError(`cannot read the ranker file ${path} (${whyUnreadable(error)}): set RANKER_FILE to a file scripts/train-ranker.ts wrote`);
    }
    return new Scorer(abstainBelow === undefined ? model : { ...model, abstainBelow: [{ films: 1, below: abstainBelow }] });
  }

  /** The model as the ranker file stores it: indented, one line per tree, so diffs stay readable. */
  static fileText(model: RankerModel): string {
    const { trees, ...rest } = model;
    const body = JSON.stringify(rest, null, 2).replace(/\n}$/, '');
    return `${body},\n  "trees": [\n${trees.map((tree) => `    ${JSON.stringify(tree)}`).join(',\n')}\n  ]\n}\n`;
  }

  /** Log-odds of the candidate against "none of these". */
  score(features: Float64Array): number {
    const { means, scales, weights, bias } = this.model;
    let score = bias;
    for (let i = 0; i < weights.length; i++) score += (weights[i]! * (features[i]! - means[i]!)) / scales[i]!;
    return score + this.forest.value(features);
  }

  /**
   * Probability of each candidate being the film, and of none being it (the last element):
   * softmax over the candidates' scores and the null alternative's 0.
   */
  static probabilities(scores: number[]): number[] {
    const top = Math.max(0, ...scores);
    const exps = scores.map((score) => Math.exp(score - top));
    const none = Math.exp(-top);
    const total = exps.reduce((sum, e) => sum + e, none);
    return [...exps.map((e) => e / total), none / total];
  }
}

const validAbstainPoint = (point: AbstainPoint) => typeof point?.films === 'number' && point.films > 0 && typeof point.below === 'number' && point.below >= 0 && point.below <= 1;

/** What makes a tree unusable with `featureCount` features, or null. */
function treeProblem(tree: ObliviousTree, featureCount: number): string | null {
  const depth = tree.features?.length ?? 0;
  if (!Array.isArray(tree.features) || !Array.isArray(tree.thresholds) || !Array.isArray(tree.leaves)) return 'lacks features, thresholds or leaves';
  if (depth > 16) return `is ${depth} levels deep (at most 16)`;
  if (tree.thresholds.length !== depth || tree.leaves.length !== 2 ** depth) return `has ${depth} levels, ${tree.thresholds.length} thresholds and ${tree.leaves.length} leaves`;
  if (tree.features.some((f) => !Number.isInteger(f) || f < 0 || f >= featureCount)) return `asks about a feature outside 0..${featureCount - 1}`;
  if (![...tree.thresholds, ...tree.leaves].every(Number.isFinite)) return 'holds a value that is not a finite number';
  return null;
}

/**
 * The trees packed into flat arrays: every candidate of every search walks all of them, and
 * typed arrays walk several times faster than the file's objects.
 */
class Forest {
  private readonly depths: Uint8Array;
  private readonly features: Uint16Array;
  private readonly thresholds: Float64Array;
  private readonly leaves: Float64Array;

  constructor(trees: ObliviousTree[]) {
    this.depths = Uint8Array.from(trees, (tree) => tree.features.length);
    this.features = Uint16Array.from(trees.flatMap((tree) => tree.features));
    this.thresholds = Float64Array.from(trees.flatMap((tree) => tree.thresholds));
    this.leaves = Float64Array.from(trees.flatMap((tree) => tree.leaves));
  }

  value(row: Float64Array): number {
    let total = 0;
    let level = 0;
    let leafStart = 0;
    for (let t = 0; t < this.depths.length; t++) {
      const depth = this.depths[t]!;
      let leaf = 0;
      for (let d = 0; d < depth; d++, level++) leaf = leaf * 2 + (row[this.features[level]!]! > this.thresholds[level]! ? 1 : 0);
      total += this.leaves[leafStart + leaf]!;
      leafStart += 1 << depth;
    }
    return total;
  }
}
