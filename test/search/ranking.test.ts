// Scorer, calibration and the training pieces behind them.
import { describe, expect, test } from 'bun:test';
import { calibrate, expectedCalibrationError, fitCalibration } from '../../src/search/calibration.ts';
import type { CorpusMovie } from '../../src/search/corpus.ts';
import { FEATURE_NAMES } from '../../src/search/features.ts';
import { RANKER_FORMAT, type RankerModel, RankerMismatchError, Scorer } from '../../src/search/scorer.ts';
import { fitScorer, logLoss, type TrainingSet } from '../../src/search/training/fit-ranker.ts';
import { seededRandom, syntheticQuery } from '../../src/search/training/synthetic-queries.ts';

const model = (overrides: Partial<RankerModel> = {}): RankerModel => ({
  format: RANKER_FORMAT,
  trainedOn: 'test',
  features: FEATURE_NAMES,
  means: FEATURE_NAMES.map(() => 0),
  scales: FEATURE_NAMES.map(() => 1),
  weights: FEATURE_NAMES.map((_, i) => (i === 0 ? 2 : 0)),
  bias: -1,
  bm25f: { k1: 1.2, weights: { title: 1, plot: 1, people: 1, genre: 1, origin: 1, phrase: 1 }, b: { title: 0.5, plot: 0.75, people: 0.5, genre: 0.3, origin: 0.3, phrase: 0.75 } },
  calibration: { slope: 1, intercept: 0 },
  abstainBelow: 0.1,
  ...overrides,
});

describe('Scorer', () => {
  test('a linear score of standardised features, against "none of these" at 0', () => {
    const scorer = new Scorer(model({ means: FEATURE_NAMES.map((_, i) => (i === 0 ? 1 : 0)), scales: FEATURE_NAMES.map((_, i) => (i === 0 ? 2 : 1)) }));
    const features = new Float64Array(FEATURE_NAMES.length);
    features[0] = 3;
    expect(scorer.score(features)).toBeCloseTo(-1 + (2 * (3 - 1)) / 2);
  });

  test('probabilities share one among the candidates and "none"', () => {
    const [a, b, none] = Scorer.probabilities([Math.log(2), 0]);
    expect(a).toBeCloseTo(0.5);
    expect(b).toBeCloseTo(0.25);
    expect(none).toBeCloseTo(0.25);
    expect(Scorer.probabilities([1000, 999]).every(Number.isFinite)).toBe(true);
  });

  test('refuses weights trained on other features', () => {
    expect(() => new Scorer(model({ features: ['bm25f'] }))).toThrow(RankerMismatchError);
    expect(() => new Scorer(model({ format: 99 }))).toThrow(RankerMismatchError);
  });

  test('the bundled ranker file loads', () => {
    expect(Scorer.load('data/ranker/ranker.json').model.features).toEqual(FEATURE_NAMES);
  });
});

describe('calibration', () => {
  test('Platt scaling learns that overconfident probabilities are right less often', () => {
    const random = seededRandom(1);
    const samples = Array.from({ length: 2000 }, () => {
      const stated = random();
      return { probability: stated, right: random() < stated / 2 };
    });
    const fitted = fitCalibration(samples);
    expect(expectedCalibrationError(samples)).toBeGreaterThan(0.15);
    const recalibrated = samples.map((s) => ({ probability: calibrate(s.probability, fitted), right: s.right }));
    expect(expectedCalibrationError(recalibrated)).toBeLessThan(0.05);
    expect(calibrate(0.9, fitted)).toBeLessThan(0.6);
  });

  test('expected calibration error is 0 for perfect statements and the gap otherwise', () => {
    expect(expectedCalibrationError([{ probability: 1, right: true }, { probability: 0, right: false }])).toBe(0);
    expect(expectedCalibrationError([{ probability: 0.95, right: false }])).toBeCloseTo(0.95);
  });
});

describe('fitting the scorer', () => {
  test('learns which feature marks the right candidate, and when none is right', () => {
    // Feature 0 is high for the right candidate; a query whose candidates are all low has no right one.
    const random = seededRandom(3);
    const f = 2;
    const rows: number[] = [];
    const starts = [0];
    const labels: number[] = [];
    for (let q = 0; q < 300; q++) {
      const present = q % 4 !== 0;
      const right = Math.floor(random() * 5);
      for (let c = 0; c < 5; c++) rows.push(present && c === right ? 2 + random() : random(), random());
      starts.push(starts.at(-1)! + 5);
      labels.push(present ? right : -1);
    }
    const set: TrainingSet = { featureCount: f, rows: Float64Array.from(rows), starts, labels };
    const before = logLoss(set, { means: [0, 0], scales: [1, 1], weights: [0, 0], bias: 0 }).loss;
    const fitted = fitScorer(set, { l2: 0.001, iterations: 300, learningRate: 0.1 });
    expect(logLoss(set, fitted).loss).toBeLessThan(before / 3);
    expect(fitted.weights[0]!).toBeGreaterThan(Math.abs(fitted.weights[1]!) * 5);
  });
});

describe('synthetic queries', () => {
  const movie: CorpusMovie = {
    id: 'the-thing-1982', title: 'The Thing', aliases: [], year: 1982, directors: ['John Carpenter'], genres: ['Horror', 'Science Fiction'],
    cast: ['Kurt Russell', 'Wilford Brimley'], runtimeMinutes: 109, countries: ['United States'], languages: ['English'], votes: 400000,
    plot: 'At an Antarctic research station, a team of scientists shelters a dog fleeing from Norwegians in a helicopter. The dog is a creature that imitates whatever it kills, and soon nobody knows who is still human. MacReady tests everyone’s blood with a hot wire while the storm cuts the base off from the world.',
  };
  const other = () => ({ ...movie, cast: ['Someone Else'], plot: 'A chef opens a restaurant in Paris and falls for a critic.' });

  test('are reproducible from a seed and never name the film', () => {
    const make = (seed: number) => Array.from({ length: 50 }, (_, i) => syntheticQuery(seededRandom(seed + i), movie, other).text);
    expect(make(5)).toEqual(make(5));
    for (const text of make(5)) expect(text.toLowerCase()).not.toContain('the thing');
  });

  test('come in every style, from a few keywords to a long retelling', () => {
    const random = seededRandom(9);
    const queries = Array.from({ length: 300 }, () => syntheticQuery(random, movie, other));
    expect(new Set(queries.map((q) => q.style))).toEqual(new Set(['fragment', 'keywords', 'vague', 'descriptive', 'person', 'wrong-year']));
    const lengths = queries.map((q) => q.text.split(/\s+/).length);
    expect(Math.min(...lengths)).toBeLessThan(6);
    expect(Math.max(...lengths)).toBeGreaterThan(20);
    expect(queries.some((q) => q.style === 'wrong-year' && !q.text.includes('1982'))).toBe(true);
  });
});
