#!/usr/bin/env bun
// Search at scale, on the 35k-film corpus (scripts/large-corpus.ts): ingest throughput, index
// size, opening time, the passage index's approximate search against exact search (latency
// and recall@10), the full search's latency (as the chat searches offline: another language
// in its gloss; analysis, embedding, both retrievers, features, scoring), query embedding on
// one core, and peak memory.
//
//   bun bench/search-scale.ts [--rebuild] [--queries N]
//   --rebuild  re-ingest even when the cached index (shared with bench/retrieval-quality.ts) is fresh
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { exactSearch, MetricKind } from 'usearch';
import { buildLargeCorpus } from '../scripts/large-corpus.ts';
import { loadConfig } from '../src/config.ts';
import { OfflineLanguageModel } from '../src/llm/offline/offline-model.ts';
import { readJsonLines } from '../src/search/corpus.ts';
import { indexFiles, MovieIndex } from '../src/search/movie-index.ts';
import { MovieSearch } from '../src/search/movie-search.ts';
import { loadScorer, openEmbedder } from '../src/search/open-search.ts';
import { ensureBenchIndex, LARGE_CORPUS_FILE, LARGE_INDEX_DIR } from './bench-index.ts';
import { percentile } from './stats.ts';

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const QUERY_COUNT = Number(option('--queries') ?? 300);
const ms = (value: number) => `${value.toFixed(value < 1 ? 3 : 1)} ms`;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const evalQueries = async () =>
  (await Promise.all(['vague', 'descriptive'].map((kind) => readJsonLines<{ query: string }>(join(import.meta.dir, '..', 'data', 'eval', 'retrieval', `${kind}.jsonl`)))))
    .flat()
    .map((q) => q.query);

if (args[0] === '--embed-latency-child') {
  // Runs pinned to one core by the parent: query embedding latency only.
  const embedder = await openEmbedder(loadConfig().search);
  const queries = await evalQueries();
  for (const q of queries.slice(0, 10)) await embedder.embedQuery(q); // warm-up
  const times: number[] = [];
  for (const q of queries) {
    const start = performance.now();
    await embedder.embedQuery(q);
    times.push(performance.now() - start);
  }
  console.log(JSON.stringify({ p50: percentile(times, 0.5), p95: percentile(times, 0.95) }));
  process.exit(0);
}

const config = loadConfig();
const embedder = await openEmbedder(config.search);
const dir = LARGE_INDEX_DIR;
const large = await buildLargeCorpus(LARGE_CORPUS_FILE);
const figures: Array<[string, string]> = [];
const built = await ensureBenchIndex(config.search, embedder, large.path, dir, args.includes('--rebuild'));
if (built.built) figures.push(['ingest', built.ingest!]);
const files = indexFiles(dir, 'movies');
figures.push([
  'index size: passage graph / passage vectors / lexical / films / records',
  [files.graph, files.vectors, files.lexical, files.films, files.docs].map((path) => mb(statSync(path).size)).join(' / '),
]);

const openStart = performance.now();
const index = MovieIndex.open(dir, 'movies', embedder);
const opened = performance.now();
const search = new MovieSearch(embedder, index, loadScorer(config.search));
await search.search('a shark terrorises a beach town', { k: 5 });
figures.push(['open the index (memory-mapped)', ms(opened - openStart)]);
figures.push(['open to first search answered (cold pages)', ms(performance.now() - openStart)]);

const queries = (await evalQueries()).slice(0, QUERY_COUNT);
// The full search first, as a server runs it: before exact search fills the heap. It searches
// what the chat searches offline: a description in another language is read in its English
// gloss first (the gloss counted in the time), and one it cannot read is not searched.
const reader = new OfflineLanguageModel(null);
const searchAsTheChat = async (q: string) => {
  const understood = await reader.understandDescription(q);
  if (understood.kind === 'description') await search.search(understood.text, { k: 5 });
};
for (const q of queries.slice(0, 20)) await searchAsTheChat(q); // warm-up
const searchTimes: number[] = [];
for (const q of queries) {
  const start = performance.now();
  await searchAsTheChat(q);
  searchTimes.push(performance.now() - start);
}
figures.push(['full search p50 / p95 (gloss of another language, analysis, embedding, BM25F, passages, features, scoring)', `${ms(percentile(searchTimes, 0.5))} / ${ms(percentile(searchTimes, 0.95))}`]);

const vectors = await Promise.all(queries.map((q) => embedder.embedQuery(q)));
const passages = index.passages;
// Exact search needs the passages as float vectors: rebuilt from the 8-bit copies.
const all = new Float32Array(passages.size * passages.dimensions);
for (let film = 0, p = 0; film < index.size; film++) {
  const count = passages.passageCount(film);
  for (let i = 0; i < count; i++, p++) all.set(passages.vectorOf(p), p * passages.dimensions);
}
for (const vector of vectors) passages.nearest(vector, 10); // first touches of mapped pages are disk reads, not search
const approximateTimes: number[] = [];
const approximate: number[][] = [];
for (const vector of vectors) {
  const start = performance.now();
  approximate.push(passages.nearest(vector, 10).map((hit) => hit.passage));
  approximateTimes.push(performance.now() - start);
}
const exactTimes: number[] = [];
let recalled = 0;
vectors.forEach((vector, i) => {
  const start = performance.now();
  const exact = exactSearch(all, vector, passages.dimensions, 10, MetricKind.Cos, 1) as { keys: BigUint64Array };
  exactTimes.push(performance.now() - start);
  const truth = new Set(Array.from(exact.keys, Number));
  recalled += approximate[i]!.filter((key) => truth.has(key)).length / truth.size;
});
figures.push([`passage search p50 / p95, approximate (HNSW, ${passages.size} passages)`, `${ms(percentile(approximateTimes, 0.5))} / ${ms(percentile(approximateTimes, 0.95))}`]);
figures.push(['passage search p50 / p95, exact', `${ms(percentile(exactTimes, 0.5))} / ${ms(percentile(exactTimes, 0.95))}`]);
figures.push(['recall@10 of approximate against exact', (recalled / vectors.length).toFixed(4)]);

const pinned = spawnSync('taskset', ['-c', '0', process.execPath, import.meta.path, '--embed-latency-child'], {
  encoding: 'utf8',
  env: { ...process.env, EMBEDDING_THREADS: '1' },
});
if (pinned.status === 0) {
  const latency = JSON.parse(pinned.stdout.trim().split('\n').at(-1)!) as { p50: number; p95: number };
  figures.push(['query embedding p50 / p95 on one core (taskset -c 0)', `${ms(latency.p50)} / ${ms(latency.p95)}`]);
} else {
  figures.push(['query embedding on one core', `not measured (taskset: ${pinned.error?.message ?? pinned.stderr.trim()})`]);
}
figures.push(['peak RSS of this process (exact search holds every passage as floats)', mb(process.resourceUsage().maxRSS * 1024)]);

console.log(`search at scale: ${index.size} films, ${passages.size} passages, model ${embedder.modelId}, ${queries.length} queries, index ${dir}\n`);
console.log('| figure | value |\n| --- | --- |');
for (const [name, value] of figures) console.log(`| ${name} | ${value} |`);
