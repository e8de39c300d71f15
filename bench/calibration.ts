#!/usr/bin/env bun
// What the pipeline's validation does with the search's results on the bundled corpus: for
// each evaluation description, search (k = 5; an abstaining search offers nothing, and a
// message that describes no film is not searched), enrich from the offline catalog (and again
// as if the catalog were down), validate. Then, per pair of thresholds, how often the right
// film survives, how often a present film's description ends with nothing, and how often a
// description of an absent film or an off-topic message ends in the dead end it should.
//
//   bun bench/calibration.ts [--split dev|test|all]   (choose thresholds on dev only)
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { validateCandidates } from '../src/catalog/candidates.ts';
import { type EnrichedHit, Enricher } from '../src/catalog/enrichment.ts';
import { OfflineCatalog } from '../src/catalog/offline-catalog.ts';
import { describesAFilm } from '../src/conversation/small-talk.ts';
import { loadConfig } from '../src/config.ts';
import { createLogger } from '../src/log.ts';
import { readJsonLines } from '../src/search/corpus.ts';
import { MemoryKeyValueStore } from '../src/store/kv/memory-kv.ts';
import { sharedSearch } from '../test/support/harness.ts';

const { values } = parseArgs({ options: { split: { type: 'string', default: 'dev' } } });
const config = loadConfig();
const evalDir = join(import.meta.dir, '..', 'data', 'eval', 'retrieval');
const inSplit = <T extends { split: string }>(rows: T[]) => rows.filter((row) => values.split === 'all' || row.split === values.split);
const bundled = new Set((await readJsonLines<{ id: string }>(config.search.corpusFile)).map((movie) => movie.id));
const present = inSplit(
  (await Promise.all(['vague', 'descriptive'].map((kind) => readJsonLines<{ id: string; query: string; lang: string; split: string }>(join(evalDir, `${kind}.jsonl`))))).flat(),
).filter((q) => q.lang === 'en' && bundled.has(q.id));
const absent = inSplit(await readJsonLines<{ query: string; lang: string; split: string }>(join(evalDir, 'absent.jsonl'))).filter((q) => q.lang === 'en');
const JUNK = [
  'asdf qwerty zxcv', 'hello', 'the weather is nice today', 'I like pizza with pineapple', 'what is the capital of france',
  'a movie', 'can you help me with my taxes', 'blue', 'lorem ipsum dolor sit amet', 'how do I reset my password',
];

const search = await sharedSearch();
const enricher = new Enricher(await OfflineCatalog.load(config.catalog.snapshotFile), new MemoryKeyValueStore(), { concurrency: 8, cacheTtlSeconds: 3600, missTtlSeconds: 60 }, createLogger('silent'));
interface Run {
  id: string | null;
  enriched: EnrichedHit[];
  unenriched: EnrichedHit[];
}
async function run(query: string, id: string | null): Promise<Run> {
  // As the chat does: a message that describes no film ("hello") is not searched.
  const result = describesAFilm(query) ? await search.search(query, { k: 5 }) : null;
  const hits = !result || result.abstain ? [] : result.hits;
  const enriched = await enricher.enrich(hits, Date.now() + 5000);
  return { id, enriched, unenriched: hits.map((hit) => ({ ...hit, catalog: null, catalogMatch: 0 })) };
}
const presentRuns: Run[] = [];
for (const q of present) presentRuns.push(await run(q.query, q.id));
const absentRuns: Run[] = [];
for (const q of absent) absentRuns.push(await run(q.query, null));
const junkRuns: Run[] = [];
for (const q of JUNK) junkRuns.push(await run(q, null));

const offered = presentRuns.filter((r) => r.enriched.some((hit) => hit.movie.id === r.id));
console.log(`${present.length} descriptions of bundled films (split ${values.split}, English): the right film is among the 5 offered for ${offered.length}`);
const confidences = (pick: (hit: EnrichedHit, run: Run) => boolean) =>
  presentRuns.flatMap((r) => validateCandidates(r.enriched, { minConfidence: 0 }).filter((c) => pick(r.enriched.find((h) => h.movie.id === c.corpus_id)!, r)).map((c) => c.confidence));
const mean = (list: number[]) => list.reduce((a, b) => a + b, 0) / Math.max(1, list.length);
console.log(`mean confidence of the right film ${mean(confidences((h, r) => h.movie.id === r.id)).toFixed(3)}, of the others offered ${mean(confidences((h, r) => h.movie.id !== r.id)).toFixed(3)}\n`);

console.log('| min confidence | right film survives (catalog up) | nothing offered, present film | right film survives (catalog down) | absent films: dead end | off-topic: dead end |');
console.log('| --- | --- | --- | --- | --- | --- |');
for (const minConfidence of [0, 0.02, 0.05, 0.1, 0.2, 0.3]) {
  const rules = { minConfidence };
  const survives = (pick: (run: Run) => EnrichedHit[]) => offered.filter((r) => validateCandidates(pick(r), rules).some((c) => c.corpus_id === r.id)).length / Math.max(1, offered.length);
  const empty = (runs: Run[]) => runs.filter((r) => validateCandidates(r.enriched, rules).length === 0).length;
  const isDefault = minConfidence === config.catalog.confidenceThreshold;
  console.log(
    `| ${minConfidence.toFixed(2)}${isDefault ? ' (default)' : ''} | ${survives((r) => r.enriched).toFixed(3)} | ` +
      `${(empty(presentRuns) / presentRuns.length).toFixed(3)} | ${survives((r) => r.unenriched).toFixed(3)} | ` +
      `${empty(absentRuns)}/${absentRuns.length} | ${empty(junkRuns)}/${JUNK.length} |`,
  );
}
process.exit(0);
