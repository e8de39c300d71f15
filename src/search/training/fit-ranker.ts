// Fits the scorer: a conditional logit over each query's short list plus a "none of these"
// alternative scored 0, by maximum likelihood with an L2 penalty (Adam, full batch). The label
// of a query is the position of its film in the short list, or "none" when the film is not
// there (removed from the index, or not found): so the scores mean something on their own,
// and the probability of "none" is what abstaining rests on.

export interface TrainingSet {
  featureCount: number;
  /** Feature rows of every candidate of every query, one after the other. */
  rows: Float64Array;
  /** Where each query's candidates start in rows (in rows, not numbers), plus the end. */
  starts: number[];
  /** Position of the right film within its query's candidates, or -1 for none. */
  labels: number[];
}

export interface FittedScorer {
  means: number[];
  scales: number[];
  weights: number[];
  bias: number;
}

export interface FitOptions {
  l2: number;
  iterations: number;
  learningRate: number;
  /** Per feature: +1 keeps its weight at or above 0, -1 at or below, 0 leaves it free. */
  signs?: number[];
}

function standardisation(set: TrainingSet): { means: number[]; scales: number[] } {
  const f = set.featureCount;
  const n = set.rows.length / f;
  const means = new Array<number>(f).fill(0);
  const squares = new Array<number>(f).fill(0);
  for (let r = 0; r < n; r++) for (let k = 0; k < f; k++) means[k]! += set.rows[r * f + k]! / n;
  for (let r = 0; r < n; r++) for (let k = 0; k < f; k++) squares[k]! += (set.rows[r * f + k]! - means[k]!) ** 2 / n;
  return { means, scales: squares.map((s) => (s > 1e-12 ? Math.sqrt(s) : 1)) };
}

/**
 * Mean negative log-likelihood of the labels given every row's score, with the gradient of
 * each query's loss by each row's score (and its Hessian's diagonal, when asked) written into
 * the arrays given. Shared by the linear fit and the trees (fit-trees.ts).
 */
export function conditionalLogLoss(set: TrainingSet, scores: Float64Array, gradient: Float64Array, hessian?: Float64Array): number {
  let loss = 0;
  for (let q = 0; q < set.labels.length; q++) {
    const start = set.starts[q]!;
    const end = set.starts[q + 1]!;
    let top = 0; // "none of these" scores 0
    for (let r = start; r < end; r++) top = Math.max(top, scores[r]!);
    let total = Math.exp(-top);
    for (let r = start; r < end; r++) total += Math.exp(scores[r]! - top);
    const label = set.labels[q]!;
    loss += top + Math.log(total) - (label >= 0 ? scores[start + label]! : 0);
    for (let r = start; r < end; r++) {
      const p = Math.exp(scores[r]! - top) / total;
      gradient[r] = p - (r - start === label ? 1 : 0);
      if (hessian) hessian[r] = Math.max(p * (1 - p), 1e-6);
    }
  }
  return loss / Math.max(1, set.labels.length);
}

/** Mean negative log-likelihood of the labels under a linear model, and its gradient (weights..., bias). */
export function logLoss(set: TrainingSet, model: FittedScorer): { loss: number; gradient: number[] } {
  const f = set.featureCount;
  const rows = set.starts.at(-1)!;
  const scores = new Float64Array(rows);
  for (let r = 0; r < rows; r++) {
    let s = model.bias;
    for (let k = 0; k < f; k++) s += (model.weights[k]! * (set.rows[r * f + k]! - model.means[k]!)) / model.scales[k]!;
    scores[r] = s;
  }
  const byScore = new Float64Array(rows);
  const loss = conditionalLogLoss(set, scores, byScore);
  const queries = Math.max(1, set.labels.length);
  const gradient = new Array<number>(f + 1).fill(0);
  for (let r = 0; r < rows; r++) {
    for (let k = 0; k < f; k++) gradient[k]! += (byScore[r]! * (set.rows[r * f + k]! - model.means[k]!)) / model.scales[k]!;
    gradient[f]! += byScore[r]!;
  }
  return { loss, gradient: gradient.map((g) => g / queries) };
}

export function fitScorer(set: TrainingSet, options: FitOptions, onProgress?: (iteration: number, loss: number) => void): FittedScorer {
  const { means, scales } = standardisation(set);
  const model: FittedScorer = { means, scales, weights: new Array<number>(set.featureCount).fill(0), bias: 0 };
  const parameters = set.featureCount + 1;
  const m = new Array<number>(parameters).fill(0);
  const v = new Array<number>(parameters).fill(0);
  const [beta1, beta2, epsilon] = [0.9, 0.999, 1e-8];
  for (let t = 1; t <= options.iterations; t++) {
    const { loss, gradient } = logLoss(set, model);
    for (let i = 0; i < parameters; i++) {
      const value = i < set.featureCount ? model.weights[i]! : model.bias;
      const g = gradient[i]! + (i < set.featureCount ? options.l2 * value : 0);
      m[i] = beta1 * m[i]! + (1 - beta1) * g;
      v[i] = beta2 * v[i]! + (1 - beta2) * g * g;
      const step = (options.learningRate * (m[i]! / (1 - beta1 ** t))) / (Math.sqrt(v[i]! / (1 - beta2 ** t)) + epsilon);
      if (i >= set.featureCount) model.bias = value - step;
      else {
        const sign = options.signs?.[i] ?? 0;
        // Projected descent: a weight that would cross to the forbidden side stops at 0.
        model.weights[i] = sign > 0 ? Math.max(0, value - step) : sign < 0 ? Math.min(0, value - step) : value - step;
      }
    }
    if (t % 25 === 0 || t === options.iterations) onProgress?.(t, loss);
  }
  return model;
}
