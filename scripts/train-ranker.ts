#!/usr/bin/env bun
// Trains the ranker (data/ranker/ranker.json) on synthetic queries made from a corpus index,
// by default the 35k-film corpus (scripts/large-corpus.ts), so it learns at the scale where
// ranking is hard; the features are scale-free, so the same weights serve the bundled 1k.
//
//   bun scripts/train-ranker.ts --index DIR [--index DIR2 ...] [--name movies] [--queries 12000]
//                               [--seed 7] [--out data/ranker/ranker.json] [--popularity 0.75]
//                               [--typical-votes 5000] [--trees 300] [--depth 4] [--refuse-present 0.05]
//                               [--bag 1]
//
// With several indexes (the bundled 1k and the 35k), queries are shared out evenly, so the
// scorer learns how corpus size moves "none of these".
//
// 1. Films are split 80/20 by key: queries about the 20 % are held out, for calibration and
//    the figures printed at the end. No evaluation set (data/eval/) is read.
// 2. Targets are drawn as people ask: mostly well-known films (chance ∝ votes^popularity,
//    with an estimate from how much the corpus knows when votes are unknown), a fifth
//    uniformly; 30 % of all queries are about a film taken out of the index, whose right
//    answer is "none of these".
// 3. BM25F's parameters are tuned first, by coordinate ascent on the lexical MRR.
// 4. The scorer is fitted: the linear model (fit-ranker.ts), then boosted trees on what it
//    gets wrong (fit-trees.ts); with --bag K, K such scorers, each on a bootstrap sample of the
//    training queries, averaged into one (bagging.ts); then calibrated by Platt scaling on half
//    the held-out queries, and measured on the other half.
// 5. The abstain threshold of each corpus, on the same half: the chance that the film is among
//    the five below which --refuse-present of its present descriptions fall.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { join } from 'node:path';
import { loadConfig } from '../src/config.ts';
import { calibrate, expectedCalibrationError, fitCalibration, thresholdRefusing } from '../src/search/calibration.ts';
import type { CorpusMovie } from '../src/search/corpus.ts';
import { FEATURE_NAMES, FEATURES, featureVector } from '../src/search/features.ts';
import type { Bm25fParameters } from '../src/search/lexical-index.ts';
import { MovieIndex } from '../src/search/movie-index.ts';
import { MovieSearch } from '../src/search/movie-search.ts';
import { openEmbedder } from '../src/search/open-search.ts';
import { analyseQuery } from '../src/search/query-analysis.ts';
import { RANKER_FORMAT, type RankerModel, Scorer } from '../src/search/scorer.ts';
import { fitScorer, type TrainingSet } from '../src/search/training/fit-ranker.ts';
import { DEFAULT_TREE_OPTIONS, fitTrees } from '../src/search/training/fit-trees.ts';
import { averageScorers, bootstrapSample, type FittedWithTrees } from '../src/search/training/bagging.ts';
import { seededRandom, type SyntheticQuery, syntheticQuery } from '../src/search/training/synthetic-queries.ts';

const { values } = parseArgs({
  options: {
    index: { type: 'string', multiple: true },
    name: { type: 'string', default: 'movies' },
    queries: { type: 'string', default: '12000' },
    seed: { type: 'string', default: '7' },
    out: { type: 'string', default: join(import.meta.dir, '..', 'data', 'ranker', 'ranker.json') },
    popularity: { type: 'string', default: '0.75' },
    'typical-votes': { type: 'string', default: '5000' },
    trees: { type: 'string', default: String(DEFAULT_TREE_OPTIONS.trees) },
    depth: { type: 'string', default: String(DEFAULT_TREE_OPTIONS.depth) },
    'refuse-present': { type: 'string', default: '0.05' },
    bag: { type: 'string', default: '1' },
  },
});
if (!values.index?.length) throw new Error('--index DIR is required (build one with: bun src/main.ts ingest FILE --out DIR)');

const ABSENT_SHARE = 0.3;
const UNIFORM_SHARE = 0.2;
const HELD_OUT_SHARE = 0.2;
/** A Wikipedia-listed film with a median-length lead is taken to be about this well known (votes). */
const TYPICAL_VOTES = Number(values['typical-votes']);
const TYPICAL_LEAD = 288;

const config = loadConfig();
const embedder = await openEmbedder(config.search);
// The current file gives the starting BM25F parameters; everything else is replaced.
const current = JSON.parse(readFileSync(config.search.rankerFile, 'utf8')) as RankerModel;
const random = seededRandom(Number(values.seed));
const log = (text: string) => console.error(`[train] ${text}`);
const heldOut = (key: number) => ((key * 2654435761) >>> 0) % 100 < HELD_OUT_SHARE * 100;

/** One corpus to draw queries from: its index, and each film's chance of being asked about. */
class Corpus {
  readonly index: MovieIndex;
  private readonly cumulative: Float64Array;
  private readonly movies = new Map<number, CorpusMovie>();

  constructor(readonly dir: string) {
    this.index = MovieIndex.open(dir, values.name!, embedder);
    this.cumulative = new Float64Array(this.index.size);
    for (let key = 0, total = 0; key < this.index.size; key++) this.cumulative[key] = total += this.askWeight(key);
  }

  private askWeight(key: number): number {
    const facts = this.index.films.facts(key);
    const votes = facts.votes ?? TYPICAL_VOTES * (facts.plotCharacters / TYPICAL_LEAD) ** 2;
    return votes ** Number(values.popularity);
  }

  movie(key: number): CorpusMovie {
    return this.movies.get(key) ?? this.movies.set(key, this.index.movie(key)).get(key)!;
  }

  draw(): number {
    const n = this.index.size;
    if (random() < UNIFORM_SHARE) return Math.floor(random() * n);
    const target = random() * this.cumulative[n - 1]!;
    let low = 0;
    let high = n - 1;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.cumulative[mid]! < target) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}

// 1-2. Targets and their synthetic descriptions.
interface Example {
  corpus: Corpus;
  key: number;
  absent: boolean;
  heldOut: boolean;
  query: SyntheticQuery;
}
const corpora = values.index.map((dir) => new Corpus(dir));
const examples: Example[] = [];
for (let i = 0; i < Number(values.queries); i++) {
  const corpus = corpora[i % corpora.length]!;
  const key = corpus.draw();
  const query = syntheticQuery(random, corpus.movie(key), () => corpus.movie(Math.floor(random() * corpus.index.size)));
  // One word tells too little to learn from, unless it is the title ("jaws").
  if (query.style !== 'title' && query.text.trim().split(/\s+/).length < 2) continue;
  examples.push({ corpus, key, absent: random() < ABSENT_SHARE, heldOut: heldOut(key), query });
}
const training = examples.filter((e) => !e.heldOut);
const held = examples.filter((e) => e.heldOut);
log(`${examples.length} synthetic queries over ${corpora.map((c) => `${c.index.size} films`).join(' and ')}: ${training.length} for training, ${held.length} held out; ${examples.filter((e) => e.absent).length} about absent films`);

// 3. BM25F parameters: coordinate ascent on lexical MRR over present training queries.
function lexicalMrr(parameters: Bm25fParameters, sample: Example[]): number {
  let total = 0;
  for (const example of sample) {
    const analysis = analyseQuery(example.query.text);
    const scores = example.corpus.index.lexical.score([...analysis.terms, ...analysis.phrases], parameters);
    const own = scores.total[example.key]!;
    if (own === 0) continue;
    let rank = 1;
    for (const key of scores.keys) if (scores.total[key]! > own) rank++;
    total += 1 / rank;
  }
  return total / sample.length;
}
const tuningSample = training.filter((e) => !e.absent).slice(0, 1500);
let bm25f: Bm25fParameters = structuredClone(current.bm25f);
let best = lexicalMrr(bm25f, tuningSample);
log(`BM25F tuning: start MRR ${best.toFixed(4)}`);
const grid: Array<[string, number[]]> = [
  ['k1', [0.8, 1.2, 1.6, 2.0]],
  ['weights.title', [0.2, 0.5, 1, 1.5]],
  ['weights.people', [0.3, 0.6, 1, 2]],
  ['weights.genre', [0.2, 0.5, 1]],
  ['weights.origin', [0.2, 0.5, 1]],
  ['weights.phrase', [0.2, 0.5, 1, 1.5]],
  ['b.plot', [0.5, 0.75, 0.9]],
  ['b.title', [0.3, 0.6, 0.9]],
  ['b.people', [0.3, 0.6, 0.9]],
];
const setPath = (target: Bm25fParameters, path: string, value: number) => {
  const [head, tail] = path.split('.') as [string, string | undefined];
  if (tail) (target as unknown as Record<string, Record<string, number>>)[head]![tail] = value;
  else (target as unknown as Record<string, number>)[head] = value;
};
for (let round = 0; round < 2; round++) {
  for (const [path, options] of grid) {
    for (const value of options) {
      const candidate = structuredClone(bm25f);
      setPath(candidate, path, value);
      const mrr = lexicalMrr(candidate, tuningSample);
      if (mrr > best + 1e-4) {
        best = mrr;
        bm25f = candidate;
        log(`  ${path} = ${value}: MRR ${mrr.toFixed(4)}`);
      }
    }
  }
}

// 4. Short lists and their features.
const provisional: RankerModel = { ...current, format: RANKER_FORMAT, features: FEATURE_NAMES, bm25f, means: FEATURE_NAMES.map(() => 0), scales: FEATURE_NAMES.map(() => 1), weights: FEATURE_NAMES.map(() => 0), trees: [], abstainBelow: [{ films: 1, below: 0 }] };
const searches = new Map(corpora.map((corpus) => [corpus, new MovieSearch(embedder, corpus.index, new Scorer(provisional))]));
interface Built {
  example: Example;
  rows: Float64Array[];
  label: number;
}
async function build(list: Example[], label: string): Promise<Built[]> {
  const built: Built[] = [];
  const started = performance.now();
  for (const [i, example] of list.entries()) {
    // An absent film is taken out before ranking, so every rank and "best of the list" feature
    // is what it would be in a corpus without it: left in and dropped after, the film behind it
    // would never rank first, and the scorer would learn that a first rank means "present".
    const excluded = example.absent ? { count: 1, has: (key: number) => key === example.key } : undefined;
    const { context, candidates } = await searches.get(example.corpus)!.candidates(example.query.text, { excluded });
    built.push({ example, rows: candidates.map((c) => featureVector(c, context)), label: example.absent ? -1 : candidates.findIndex((c) => c.key === example.key) });
    if (i % 1000 === 999) log(`  ${label}: ${i + 1}/${list.length} short lists (${((performance.now() - started) / (i + 1)).toFixed(1)} ms each)`);
  }
  return built;
}
const toSet = (built: Built[]): TrainingSet => {
  const f = FEATURES.length;
  const count = built.reduce((sum, b) => sum + b.rows.length, 0);
  const rows = new Float64Array(count * f);
  const starts = [0];
  let r = 0;
  for (const b of built) {
    for (const row of b.rows) rows.set(row, r++ * f);
    starts.push(r);
  }
  return { featureCount: f, rows, starts, labels: built.map((b) => b.label) };
};
const trainBuilt = await build(training, 'training');
const heldBuilt = await build(held, 'held out');
const found = trainBuilt.filter((b) => !b.example.absent && b.label >= 0).length / trainBuilt.filter((b) => !b.example.absent).length;
log(`the right film is on the short list for ${(found * 100).toFixed(1)} % of present training queries`);

const treeOptions = { ...DEFAULT_TREE_OPTIONS, trees: Number(values.trees), depth: Number(values.depth) };
/** The linear model, then trees on what it gets wrong, fitted on `set`. */
function fitOne(set: TrainingSet, label: string): FittedWithTrees {
  const fitted = fitScorer(set, { l2: 0.001, iterations: 400, learningRate: 0.05, signs: FEATURES.map((f) => f.sign) }, (t, loss) => {
    if (t % 100 === 0) log(`  ${label}linear fit iteration ${t}: loss ${loss.toFixed(4)}`);
  });
  const linear = new Scorer({ ...provisional, ...fitted });
  const linearScores = Float64Array.from({ length: set.starts.at(-1)! }, (_, r) => linear.score(set.rows.subarray(r * FEATURES.length, (r + 1) * FEATURES.length)));
  const trees = fitTrees(set, linearScores, treeOptions, (t, loss) => {
    if (t % 50 === 0) log(`  ${label}tree ${t}: loss ${loss.toFixed(4)}`);
  });
  return { ...fitted, trees };
}
const bag = Number(values.bag);
const members = bag <= 1
  ? [fitOne(toSet(trainBuilt), '')]
  : Array.from({ length: bag }, (_, m) => fitOne(toSet(bootstrapSample(trainBuilt, random)), `bag ${m + 1}/${bag}: `));
const { trees, ...fitted } = averageScorers(members);

// 4, continued. Calibration on half the held-out queries, figures on the other half.
const model: RankerModel = { ...provisional, ...fitted, trees, calibration: { slope: 1, intercept: 0 } };
const scorer = new Scorer(model);
interface Outcome {
  example: Example;
  /** Model probability of each of the best five candidates, best first. */
  top: number[];
  /** Position of the right film among all candidates, -1 when absent or not found. */
  rank: number;
}
const outcome = (b: Built): Outcome => {
  const scores = b.rows.map((row) => scorer.score(row));
  const order = scores.map((_, i) => i).sort((a, c) => scores[c]! - scores[a]!);
  const probabilities = Scorer.probabilities(scores);
  return { example: b.example, top: order.slice(0, 5).map((i) => probabilities[i]!), rank: b.label >= 0 ? order.indexOf(b.label) : -1 };
};
// Every shown candidate is a calibration sample: its probability, and whether it was the film.
const samplesOf = (list: Outcome[], map: (p: number) => number = (p) => p) =>
  list.flatMap((o) => o.top.map((probability, position) => ({ probability: map(probability), right: o.rank === position })));
const outcomes = heldBuilt.map(outcome);
const fitHalf = outcomes.filter((_, i) => i % 2 === 0);
const reportHalf = outcomes.filter((_, i) => i % 2 === 1);
const calibration = fitCalibration(samplesOf(fitHalf));
const calibrated = (p: number) => calibrate(p, calibration);
const inList = (o: Outcome) => Math.min(1, o.top.reduce((sum, p) => sum + calibrated(p), 0));
const present = reportHalf.filter((o) => !o.example.absent);
const absent = reportHalf.filter((o) => o.example.absent);
const rate = (list: Outcome[], test: (o: Outcome) => boolean) => list.filter(test).length / Math.max(1, list.length);
log(`held out (${reportHalf.length} queries): hit@1 ${rate(present, (o) => o.rank === 0).toFixed(3)}, hit@5 ${rate(present, (o) => o.rank >= 0 && o.rank < 5).toFixed(3)}`);
log(`ECE over the shown candidates: ${expectedCalibrationError(samplesOf(reportHalf)).toFixed(3)} before calibration, ${expectedCalibrationError(samplesOf(reportHalf, calibrated)).toFixed(3)} after`);
log(`ECE of "the film is among the five": ${expectedCalibrationError(reportHalf.map((o) => ({ probability: inList(o), right: o.rank >= 0 && o.rank < 5 }))).toFixed(3)}`);

// 5. Abstain thresholds, one for each corpus.
const refusePresent = Number(values['refuse-present']);
log(`abstain thresholds refusing ${refusePresent} of present descriptions: films | threshold | present refused | absent refused (held out)`);
const abstainBelow = corpora.map((corpus) => {
  // Descriptions only: a title typed whole is found or not by other means than how much it tells.
  const ofCorpus = (o: Outcome) => o.example.corpus === corpus && o.example.query.style !== 'title';
  const below = thresholdRefusing(fitHalf.filter((o) => ofCorpus(o) && !o.example.absent).map(inList), refusePresent);
  const refused = (o: Outcome) => inList(o) < below;
  log(`  ${corpus.index.size} | ${below.toFixed(3)} | ${rate(present.filter(ofCorpus), refused).toFixed(3)} | ${rate(absent.filter(ofCorpus), refused).toFixed(3)}`);
  return { films: corpus.index.size, below: Number(below.toPrecision(4)) };
});

const final: RankerModel = {
  format: RANKER_FORMAT,
  trainedOn: `${examples.length} synthetic queries (seed ${values.seed}, popularity ${values.popularity}, typical votes ${TYPICAL_VOTES}; ${treeOptions.trees} trees of depth ${treeOptions.depth}${bag > 1 ? `, averaged over ${bag} bootstrap samples` : ''}) over ${corpora.map((c) => c.index.size).join(' and ')} films; calibrated on the candidates of ${fitHalf.length} held-out queries, abstain thresholds refusing ${refusePresent} of their present ones`,
  features: FEATURE_NAMES,
  means: fitted.means.map((v) => Number(v.toPrecision(6))),
  scales: fitted.scales.map((v) => Number(v.toPrecision(6))),
  weights: fitted.weights.map((v) => Number(v.toPrecision(6))),
  bias: Number(fitted.bias.toPrecision(6)),
  // Thresholds are kept whole: rounded, one could send a training value to the other side.
  trees: trees.map((tree) => ({ ...tree, leaves: tree.leaves.map((v) => Number(v.toPrecision(6))) })),
  bm25f,
  calibration: { slope: Number(calibration.slope.toPrecision(6)), intercept: Number(calibration.intercept.toPrecision(6)) },
  abstainBelow,
};
await Bun.write(values.out!, Scorer.fileText(final));
log(`wrote ${values.out}`);
log(`weights: ${FEATURE_NAMES.map((name, i) => `${name} ${final.weights[i]!.toFixed(2)}`).join(', ')}; bias ${final.bias.toFixed(2)}`);
