// From the scorer's probability to a relevance people can read as a percentage, and to the
// decision whether to offer candidates at all. Platt scaling (a logistic curve over the
// model's log-odds) is fitted on the candidates of held-out synthetic queries, some of them
// about films removed from the index, so "80 %" means right about 80 % of the time.
//
// The abstain threshold is not one number. In a small corpus a description of a film it holds
// usually matches that film clearly, and one it lacks matches nothing well; among 35,000 films
// both look alike far more often. So the threshold is measured on each training corpus, as the
// chance below which a fixed share of its held-out present descriptions fall, and a corpus of
// another size gets one in between.

export interface Calibration {
  slope: number;
  intercept: number;
}

const logit = (p: number) => {
  const q = Math.min(1 - 1e-9, Math.max(1e-9, p));
  return Math.log(q / (1 - q));
};

/** The calibrated probability, in [0, 1], for a model probability. */
export function calibrate(probability: number, calibration: Calibration): number {
  return 1 / (1 + Math.exp(-(calibration.slope * logit(probability) + calibration.intercept)));
}

/** Fits Platt scaling by gradient descent on the log loss of (model probability, was right) pairs. */
export function fitCalibration(samples: Array<{ probability: number; right: boolean }>, iterations = 2000): Calibration {
  let slope = 1;
  let intercept = 0;
  const rate = 0.5;
  const xs = samples.map((s) => logit(s.probability));
  for (let step = 0; step < iterations; step++) {
    let gradSlope = 0;
    let gradIntercept = 0;
    samples.forEach((sample, i) => {
      const predicted = 1 / (1 + Math.exp(-(slope * xs[i]! + intercept)));
      const error = predicted - (sample.right ? 1 : 0);
      gradSlope += error * xs[i]!;
      gradIntercept += error;
    });
    slope -= (rate * gradSlope) / samples.length;
    intercept -= (rate * gradIntercept) / samples.length;
  }
  return { slope, intercept };
}

/**
 * Expected calibration error: the mean gap between stated probability and observed accuracy,
 * over `bins` equal-width bins, weighted by how many predictions fall in each.
 */
export function expectedCalibrationError(samples: Array<{ probability: number; right: boolean }>, bins = 10): number {
  const totals = Array.from({ length: bins }, () => ({ count: 0, stated: 0, right: 0 }));
  for (const { probability, right } of samples) {
    const bin = totals[Math.min(bins - 1, Math.floor(probability * bins))]!;
    bin.count++;
    bin.stated += probability;
    bin.right += right ? 1 : 0;
  }
  return totals.reduce((sum, bin) => sum + (bin.count ? Math.abs(bin.stated - bin.right) : 0), 0) / Math.max(1, samples.length);
}

/** The abstain threshold measured on one corpus of `films` films. */
export interface AbstainPoint {
  films: number;
  below: number;
}

/**
 * The threshold for a corpus of `films`: interpolated on the logarithm of the size between the
 * points measured, the nearest point's outside them (one point serves every size).
 */
export function abstainThreshold(points: readonly AbstainPoint[], films: number): number {
  const sorted = [...points].sort((a, b) => a.films - b.films);
  const first = sorted[0]!;
  const last = sorted.at(-1)!;
  if (films <= first.films) return first.below;
  if (films >= last.films) return last.below;
  const upper = sorted.findIndex((point) => point.films >= films);
  const [low, high] = [sorted[upper - 1]!, sorted[upper]!];
  const along = Math.log(films / low.films) / Math.log(high.films / low.films);
  return low.below + along * (high.below - low.below);
}

/** The value below which `share` of `values` fall: the threshold that refuses that share of them. */
export function thresholdRefusing(values: readonly number[], share: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;
}
