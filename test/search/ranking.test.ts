// Scorer, calibration and the training pieces behind them.
import { describe, expect, test } from 'bun:test';
import { abstainThreshold, calibrate, expectedCalibrationError, fitCalibration, thresholdRefusing } from '../../src/search/calibration.ts';
import type { CorpusMovie } from '../../src/search/corpus.ts';
import { loadConfig } from '../../src/config.ts';
import { FEATURE_NAMES } from '../../src/search/features.ts';
import { loadScorer } from '../../src/search/open-search.ts';
import { RANKER_FORMAT, type RankerModel, RankerMismatchError, Scorer } from '../../src/search/scorer.ts';
import { fitScorer, logLoss, type TrainingSet } from '../../src/search/training/fit-ranker.ts';
import { averageScorers, bootstrapSample } from '../../src/search/training/bagging.ts';
import { fitTrees } from '../../src/search/training/fit-trees.ts';
import { seededRandom, syntheticQuery } from '../../src/search/training/synthetic-queries.ts';

const model = (overrides: Partial<RankerModel> = {}): RankerModel => ({
  format: RANKER_FORMAT,
  trainedOn: 'test',
  features: FEATURE_NAMES,
  means: FEATURE_NAMES.map(() => 0),
  scales: FEATURE_NAMES.map(() => 1),
  weights: FEATURE_NAMES.map((_, i) => (i === 0 ? 2 : 0)),
  bias: -1,
  trees: [],
  bm25f: { k1: 1.2, weights: { title: 1, plot: 1, people: 1, genre: 1, origin: 1, phrase: 1 }, b: { title: 0.5, plot: 0.75, people: 0.5, genre: 0.3, origin: 0.3, phrase: 0.75 } },
  calibration: { slope: 1, intercept: 0 },
  abstainBelow: [{ films: 1, below: 0.1 }],
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

  test('each tree adds the leaf its questions lead to', () => {
    // Level 1 asks feature 0 > 0.5, level 2 feature 1 > 2: leaves [no-no, no-yes, yes-no, yes-yes].
    const tree = { features: [0, 1], thresholds: [0.5, 2], leaves: [0.1, 0.2, 0.3, 0.4] };
    const scorer = new Scorer(model({ weights: FEATURE_NAMES.map(() => 0), bias: 0, trees: [tree, tree] }));
    const features = (a: number, b: number) => Float64Array.from(FEATURE_NAMES, (_, i) => (i === 0 ? a : i === 1 ? b : 0));
    expect(scorer.score(features(0, 0))).toBeCloseTo(0.2);
    expect(scorer.score(features(0, 3))).toBeCloseTo(0.4);
    expect(scorer.score(features(1, 0))).toBeCloseTo(0.6);
    expect(scorer.score(features(1, 3))).toBeCloseTo(0.8);
    expect(scorer.score(features(0.5, 2))).toBeCloseTo(0.2); // at a threshold: the left side
  });

  test('refuses weights trained on other features', () => {
    expect(() => new Scorer(model({ features: ['bm25f'] }))).toThrow(RankerMismatchError);
    expect(() => new Scorer(model({ format: 99 }))).toThrow(RankerMismatchError);
  });

  test('refuses a tree it cannot walk, naming it', () => {
    const tree = { features: [0, 1], thresholds: [0.5, 2], leaves: [0.1, 0.2, 0.3, 0.4] };
    expect(() => new Scorer(model({ trees: [tree] }))).not.toThrow();
    const broken = [
      { ...tree, leaves: [0.1, 0.2, 0.3] },
      { ...tree, features: [0, FEATURE_NAMES.length] },
      { ...tree, thresholds: [0.5] },
      { ...tree, leaves: [0.1, 0.2, Number.NaN, 0.4] },
      { features: [0] } as unknown as typeof tree,
    ];
    for (const bad of broken) expect(() => new Scorer(model({ trees: [tree, bad] }))).toThrow(/tree 1/);
  });

  test('the bundled ranker file loads, and a setting sets one abstain threshold for every corpus size', () => {
    const bundled = Scorer.load('data/ranker/ranker.json');
    expect(bundled.model.features).toEqual(FEATURE_NAMES);
    const stricter = loadScorer({ ...loadConfig({}).search, abstainBelow: 0.4 });
    expect(stricter.model.abstainBelow).toEqual([{ films: 1, below: 0.4 }]);
    expect(stricter.model.trees).toEqual(bundled.model.trees);
    expect(loadScorer(loadConfig({}).search).model.abstainBelow).toEqual(bundled.model.abstainBelow);
  });

  test('refuses abstain thresholds it cannot use', () => {
    const broken = [0.05, [], [{ films: 1000, below: 1.5 }], [{ films: 0, below: 0.1 }], [{ films: 1000 }], [null]];
    for (const abstainBelow of broken) expect(() => new Scorer(model({ abstainBelow } as unknown as Partial<RankerModel>))).toThrow(/abstainBelow/);
  });

  test('the file text of a model reads back as the same model, a line per tree', () => {
    const tree = { features: [0, 3], thresholds: [0.1234567891234, -2], leaves: [1, -1, 0.5, 0] };
    const withTrees = model({ trees: [tree, { ...tree, features: [1, 1] }] });
    const text = Scorer.fileText(withTrees);
    expect(JSON.parse(text)).toEqual(withTrees);
    expect(text.split('\n').filter((line) => line.includes('"leaves"'))).toHaveLength(2);
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

  test('the abstain threshold of a corpus size lies between the measured ones, on a log scale', () => {
    const points = [{ films: 35_000, below: 0.05 }, { films: 1000, below: 0.2 }];
    expect(abstainThreshold(points, 1000)).toBeCloseTo(0.2);
    expect(abstainThreshold(points, 35_000)).toBeCloseTo(0.05);
    expect(abstainThreshold(points, Math.sqrt(1000 * 35_000))).toBeCloseTo(0.125);
    expect(abstainThreshold(points, 10)).toBeCloseTo(0.2);
    expect(abstainThreshold(points, 1_000_000)).toBeCloseTo(0.05);
    expect(abstainThreshold([{ films: 1, below: 0.3 }], 50_000)).toBe(0.3);
  });

  test('the threshold refusing a share of values refuses no more than that share', () => {
    const values = Array.from({ length: 100 }, (_, i) => (100 - i) / 100);
    const threshold = thresholdRefusing(values, 0.05);
    expect(values.filter((v) => v < threshold)).toHaveLength(5);
    expect(thresholdRefusing(values, 0)).toBe(0.01);
    expect(values.filter((v) => v < thresholdRefusing(values, 1))).toHaveLength(99);
    expect(thresholdRefusing([], 0.05)).toBe(0);
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

describe('fitting the trees', () => {
  test('learn what no weighted sum can: the right candidate is the one where exactly one of two signals is high', () => {
    const random = seededRandom(5);
    const rows: number[] = [];
    const starts = [0];
    const labels: number[] = [];
    for (let q = 0; q < 400; q++) {
      // One candidate with exactly one signal high, the others with both or neither.
      const right = Math.floor(random() * 4);
      for (let c = 0; c < 4; c++) {
        const [a, b] = c === right ? (random() < 0.5 ? [1, 0] : [0, 1]) : random() < 0.5 ? [1, 1] : [0, 0];
        rows.push(a + random() * 0.1, b + random() * 0.1);
      }
      starts.push(starts.at(-1)! + 4);
      labels.push(right);
    }
    const set: TrainingSet = { featureCount: 2, rows: Float64Array.from(rows), starts, labels };
    const firstRight = (score: (r: number) => number) => labels.filter((label, q) => {
      const scores = [0, 1, 2, 3].map((c) => score(starts[q]! + c));
      return scores.indexOf(Math.max(...scores)) === label;
    }).length / labels.length;
    const linear = fitScorer(set, { l2: 0.001, iterations: 300, learningRate: 0.1 });
    const linearScore = (r: number) => linear.bias + linear.weights.reduce((s, w, k) => s + (w * (rows[r * 2 + k]! - linear.means[k]!)) / linear.scales[k]!, 0);
    expect(firstRight(linearScore)).toBeLessThan(0.6);

    const base = Float64Array.from({ length: rows.length / 2 }, (_, r) => linearScore(r));
    const trees = fitTrees(set, base, { trees: 40, depth: 2, learningRate: 0.3, l2: 1, bins: 16 });
    const leaf = (tree: (typeof trees)[number], r: number) => tree.leaves[tree.features.reduce((i, k, d) => i * 2 + (rows[r * 2 + k]! > tree.thresholds[d]! ? 1 : 0), 0)]!;
    expect(firstRight((r) => base[r]! + trees.reduce((s, tree) => s + leaf(tree, r), 0))).toBeGreaterThan(0.95);
  });
});

describe('bagging', () => {
  test('the averaged scorer scores every row as the mean of its members, each with its own standardisation', () => {
    const random = seededRandom(11);
    const f = FEATURE_NAMES.length;
    const member = () => ({
      means: FEATURE_NAMES.map(() => random() * 2 - 1),
      scales: FEATURE_NAMES.map(() => 0.5 + random()),
      weights: FEATURE_NAMES.map(() => random() * 4 - 2),
      bias: random() * 2 - 1,
      trees: [{ features: [0, 3], thresholds: [random(), random()], leaves: [random(), -random(), random(), 2 * random()] }],
    });
    const members = [member(), member(), member()];
    const average = new Scorer(model(averageScorers(members)));
    const scorers = members.map((m) => new Scorer(model(m)));
    for (let r = 0; r < 50; r++) {
      const row = Float64Array.from({ length: f }, () => random() * 3 - 1);
      const mean = scorers.reduce((sum, scorer) => sum + scorer.score(row), 0) / scorers.length;
      expect(average.score(row)).toBeCloseTo(mean, 9);
    }
  });

  test('a bootstrap sample draws as many items, with repeats, from the items given', () => {
    const items = Array.from({ length: 200 }, (_, i) => i);
    const sample = bootstrapSample(items, seededRandom(2));
    expect(sample).toHaveLength(200);
    expect(sample.every((i) => items.includes(i))).toBe(true);
    // With replacement, about 1 - 1/e of the items appear: far from all, far from few.
    expect(new Set(sample).size).toBeGreaterThan(100);
    expect(new Set(sample).size).toBeLessThan(160);
  });
});

describe('synthetic queries', () => {
  const movie: CorpusMovie = {
    id: 'the-thing-1982', title: 'The Thing', aliases: [], year: 1982, directors: ['John Carpenter'], genres: ['Horror', 'Science Fiction'],
    cast: ['Kurt Russell', 'Wilford Brimley'], runtimeMinutes: 109, countries: ['United States'], languages: ['English'], votes: 400000,
    plot: 'At an Antarctic research station, a team of scientists shelters a dog fleeing from Norwegians in a helicopter. The dog is a creature that imitates whatever it kills, and soon nobody knows who is still human. MacReady tests everyone’s blood with a hot wire while the storm cuts the base off from the world.',
  };
  const other = () => ({ ...movie, cast: ['Someone Else'], plot: 'A chef opens a restaurant in Paris and falls for a critic.' });

  test('are reproducible from a seed, and only a title query names the film', () => {
    const make = (seed: number) => Array.from({ length: 50 }, (_, i) => syntheticQuery(seededRandom(seed + i), movie, other));
    expect(make(5)).toEqual(make(5));
    for (const query of make(5)) expect(query.text.toLowerCase().includes('the thing')).toBe(query.style === 'title');
  });

  test('come in every style, from a few keywords to a long retelling', () => {
    const random = seededRandom(9);
    const queries = Array.from({ length: 300 }, () => syntheticQuery(random, movie, other));
    expect(new Set(queries.map((q) => q.style))).toEqual(new Set(['fragment', 'keywords', 'vague', 'descriptive', 'person', 'wrong-year', 'title']));
    const lengths = queries.map((q) => q.text.split(/\s+/).length);
    expect(Math.min(...lengths)).toBeLessThan(6);
    expect(Math.max(...lengths)).toBeGreaterThan(20);
    expect(queries.some((q) => q.style === 'wrong-year' && !q.text.includes('1982'))).toBe(true);
  });
});
