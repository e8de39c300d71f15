#!/usr/bin/env bun
// Search at scale: ingests the whole shared wikipedia-movie-data set (~36k films) and prints
// ingest throughput, index size, start-up time to first query, query embedding latency on
// one core, approximate (HNSW) versus exact search latency with recall@10, and peak RSS.
//
//   bun bench/search-scale.ts [--reuse DIR] [--queries N]
//   --reuse DIR  skip ingestion and use an index built by an earlier run in DIR
//   --regraph    with --reuse: rebuild the HNSW graph from the stored vectors first (after a
//                change of HNSW settings)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exactSearch, MetricKind } from 'usearch';
import { loadConfig } from '../src/config.ts';
import { readJsonLines } from '../src/search/corpus.ts';
import { DEFAULT_DOCUMENT_TEXT } from '../src/search/document-text.ts';
import { ingestCorpus } from '../src/search/ingest.ts';
import { DEFAULT_QUANTIZATION, MovieIndex, rebuildGraph } from '../src/search/movie-index.ts';
import { MovieSearch } from '../src/search/movie-search.ts';
import { openEmbedder } from '../src/search/open-search.ts';
import { createProgress } from '../src/cli/progress.ts';
import { percentile } from './stats.ts';

const WIKI_DIR = join(import.meta.dir, '..', '..', 'shared', 'data', 'wikipedia-movie-data');
const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const QUERY_COUNT = Number(option('--queries') ?? 300);

const ms = (value: number) => `${value.toFixed(value < 1 ? 3 : 1)} ms`;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

if (args[0] === '--embed-latency-child') {
  // Runs pinned to one core by the parent: query embedding latency only.
  const embedder = await openEmbedder(loadConfig().search);
  const queries = (await readJsonLines<{ query: string }>(join(import.meta.dir, '..', 'data', 'eval', 'retrieval.jsonl'))).map((q) => q.query);
  for (const q of queries.slice(0, 10)) await embedder.embedQuery(q); // warm-up
  const times: number[] = [];
  for (const q of queries) {
    const start = performance.now();
    await embedder.embedQuery(q);
    times.push(performance.now() - start);
  }
  console.log(JSON.stringify({ p50: percentile(times, 0.5), p99: percentile(times, 0.99) }));
  process.exit(0);
}

const config = loadConfig();
const embedder = await openEmbedder(config.search);
let dir = option('--reuse');
const figures: Array<[string, string]> = [];

if (!dir) {
  dir = mkdtempSync(join(tmpdir(), 'md-scale-'));
  const merged = join(dir, 'wikipedia-movies.json');
  const films = readdirSync(WIKI_DIR)
    .filter((name) => /^movies-\d{4}s\.json$/.test(name))
    .sort()
    .flatMap((name) => JSON.parse(readFileSync(join(WIKI_DIR, name), 'utf8')) as unknown[]);
  await Bun.write(merged, JSON.stringify(films));
  const progress = createProgress('ingest', 'films');
  const report = await ingestCorpus({
    corpusPath: merged,
    outDir: dir,
    name: 'wiki',
    embedder,
    documentText: DEFAULT_DOCUMENT_TEXT,
    batchSize: 32,
    onProgress: (done, total) => progress.update(done, total),
  });
  progress.finish();
  figures.push(['films in file / indexed / skipped', `${films.length} / ${report.indexed} / ${report.problems.length}`]);
  figures.push(['ingest time', `${report.seconds.toFixed(0)} s`]);
  figures.push(['ingest throughput', `${(report.indexed / report.seconds).toFixed(1)} films/s`]);
}
if (args.includes('--regraph')) {
  const started = performance.now();
  rebuildGraph(dir, 'wiki', DEFAULT_QUANTIZATION);
  figures.push(['HNSW graph build (one thread)', `${((performance.now() - started) / 1000).toFixed(1)} s`]);
}
const size = (suffix: string) => statSync(join(dir, `wiki.${suffix}`)).size;
figures.push(['index size: usearch / vectors / docs', `${mb(size('usearch'))} / ${mb(size('vectors.f32'))} / ${mb(size('docs.jsonl'))}`]);

// Start-up to first query, model already loaded (the server loads it while the database starts).
const openStart = performance.now();
const index = MovieIndex.open(dir, 'wiki', embedder);
const opened = performance.now();
const search = new MovieSearch(embedder, index);
await search.search('a shark terrorises a beach town', { k: 5 });
const firstQuery = performance.now();
await search.lexicalReady;
const lexicalBuilt = performance.now();
figures.push(['open index (memory-mapped)', ms(opened - openStart)]);
figures.push(['open to first query answered (vector part; BM25 still building)', ms(firstQuery - openStart)]);
figures.push(['BM25 index built in the background', ms(lexicalBuilt - opened)]);

// Queries: the evaluation descriptions plus opening words of random extracts.
const evalQueries = (await readJsonLines<{ query: string }>(join(import.meta.dir, '..', 'data', 'eval', 'retrieval.jsonl'))).map((q) => q.query);
const extracts: string[] = [];
for (let key = 7; extracts.length < QUERY_COUNT - evalQueries.length && key < index.size; key += 97) {
  extracts.push(index.movie(key).plot.split(/\s+/).slice(3, 18).join(' '));
}
const queries = [...evalQueries, ...extracts].slice(0, QUERY_COUNT);
const vectors = await Promise.all(queries.map((q) => embedder.embedQuery(q)));

const all = index.allVectors();
// Each method in a loop of its own, as a server would run it (interleaving them would make
// each start from caches the other one filled).
// One untimed pass each first: the index and the vectors are memory-mapped, and the first
// touches of their pages are disk reads, not search.
for (const vector of vectors) index.search(vector, 10);
for (const vector of vectors.slice(0, 20)) exactSearch(all, vector, index.manifest.dimensions, 10, MetricKind.Cos, 1);
const approximateTimes: number[] = [];
const approximateKeys: number[][] = [];
for (const vector of vectors) {
  const start = performance.now();
  approximateKeys.push(index.search(vector, 10).map((hit) => hit.key));
  approximateTimes.push(performance.now() - start);
}
const exactTimes: number[] = [];
let recalled = 0;
vectors.forEach((vector, i) => {
  const start = performance.now();
  const exact = exactSearch(all, vector, index.manifest.dimensions, 10, MetricKind.Cos, 1);
  exactTimes.push(performance.now() - start);
  const truth = new Set(Array.from((exact as { keys: BigUint64Array }).keys, Number));
  recalled += approximateKeys[i]!.filter((key) => truth.has(key)).length / truth.size;
});
const hybridTimes: number[] = [];
for (const q of queries.slice(0, 100)) {
  const start = performance.now();
  await search.search(q, { k: 10 });
  hybridTimes.push(performance.now() - start);
}
figures.push(['approximate search p50 / p99 (HNSW, k=10)', `${ms(percentile(approximateTimes, 0.5))} / ${ms(percentile(approximateTimes, 0.99))}`]);
figures.push(['exact search p50 / p99 (same vectors)', `${ms(percentile(exactTimes, 0.5))} / ${ms(percentile(exactTimes, 0.99))}`]);
figures.push(['speed-up of approximate over exact (p50)', `${(percentile(exactTimes, 0.5) / percentile(approximateTimes, 0.5)).toFixed(1)}x`]);
figures.push(['recall@10 of approximate vs exact', (recalled / vectors.length).toFixed(4)]);
figures.push(['full hybrid query p50 / p99 (embed + HNSW + BM25 + fusion)', `${ms(percentile(hybridTimes, 0.5))} / ${ms(percentile(hybridTimes, 0.99))}`]);

const pinned = spawnSync('taskset', ['-c', '0', process.execPath, import.meta.path, '--embed-latency-child'], {
  encoding: 'utf8',
  env: { ...process.env, EMBEDDING_THREADS: '1' },
});
if (pinned.status === 0) {
  const latency = JSON.parse(pinned.stdout.trim().split('\n').at(-1)!) as { p50: number; p99: number };
  figures.push(['query embedding p50 / p99 on one core (taskset -c 0)', `${ms(latency.p50)} / ${ms(latency.p99)}`]);
} else {
  figures.push(['query embedding on one core', `not measured (taskset: ${pinned.error?.message ?? pinned.stderr.trim()})`]);
}
figures.push(['peak RSS of this process', mb(process.resourceUsage().maxRSS * 1024)]);

console.log(`search at scale: ${index.size} films, model ${embedder.modelId}, queries ${queries.length}, index dir ${dir}\n`);
console.log('| figure | value |\n| --- | --- |');
for (const [name, value] of figures) console.log(`| ${name} | ${value} |`);
