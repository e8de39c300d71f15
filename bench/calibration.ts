#!/usr/bin/env bun
// Calibrates the semantic rescaling and the confidence threshold on the evaluation set:
// for each description, search (k = 5), enrich from the offline catalog, score; then, per
// threshold, how often the right film survives validation and how often nothing survives.
//
//   bun bench/calibration.ts
import { join } from 'node:path';
import { confidenceOf, SEMANTIC_CEILING, SEMANTIC_FLOOR, semanticSimilarity, validateCandidates } from '../src/catalog/candidates.ts';
import { type EnrichedHit, Enricher } from '../src/catalog/enrichment.ts';
import { OfflineCatalog } from '../src/catalog/offline-catalog.ts';
import { loadConfig } from '../src/config.ts';
import { createLogger } from '../src/log.ts';
import { readJsonLines } from '../src/search/corpus.ts';
import { MemoryKeyValueStore } from '../src/store/kv/memory-kv.ts';
import { sharedSearch } from '../test/support/harness.ts';
import { percentile } from './stats.ts';

const config = loadConfig();
const queries = await readJsonLines<{ id: string; query: string }>(join(import.meta.dir, '..', 'data', 'eval', 'retrieval.jsonl'));
const search = await sharedSearch();
const enricher = new Enricher(await OfflineCatalog.load(config.catalog.snapshotFile), new MemoryKeyValueStore(), { concurrency: 8, cacheTtlSeconds: 3600, missTtlSeconds: 60 }, createLogger('silent'));

const right: number[] = [];
const wrong: number[] = [];
interface Run {
  id: string;
  enriched: EnrichedHit[];
  unenriched: EnrichedHit[];
  inTop5: boolean;
}
const runs: Run[] = [];
for (const q of queries) {
  const hits = await search.search(q.query, { k: 5 });
  const enriched = await enricher.enrich(hits, Date.now() + 5000);
  for (const hit of enriched) (hit.movie.id === q.id ? right : wrong).push(hit.similarity);
  // The same hits as they would be with the catalog down: no catalog data at all.
  const unenriched = hits.map((hit) => ({ ...hit, catalog: null, catalogMatch: 0 }));
  runs.push({ id: q.id, enriched, unenriched, inTop5: enriched.some((h) => h.movie.id === q.id) });
}
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
console.log(`cosine similarity, right film: mean ${mean(right).toFixed(3)}, p10 ${percentile(right, 0.1).toFixed(3)}, p90 ${percentile(right, 0.9).toFixed(3)}`);
console.log(`cosine similarity, other top-5 hits: mean ${mean(wrong).toFixed(3)}, p10 ${percentile(wrong, 0.1).toFixed(3)}, p90 ${percentile(wrong, 0.9).toFixed(3)}`);
console.log(`semantic rescaling in use: (cos - ${SEMANTIC_FLOOR}) / ${(SEMANTIC_CEILING - SEMANTIC_FLOOR).toFixed(2)}\n`);
const found = runs.filter((r) => r.inTop5).length;
const firstBy = (order: (hit: EnrichedHit) => number) =>
  runs.filter((run) => [...run.enriched].sort((a, b) => order(b) - order(a))[0]?.movie.id === run.id).length / runs.length;
console.log(`right film ranked first by: search rank ${(runs.filter((r) => r.enriched[0]?.movie.id === r.id).length / runs.length).toFixed(3)}, ` +
  `cosine ${firstBy((h) => h.similarity).toFixed(3)}, semantic similarity (cosine + BM25) ${firstBy(semanticSimilarity).toFixed(3)}, ` +
  `confidence ${firstBy(confidenceOf).toFixed(3)}`);
console.log(`${found} of ${runs.length} right films are in the top 5 before validation.\n`);
const JUNK = [
  'asdf qwerty zxcv', 'hello', 'the weather is nice today', 'I like pizza with pineapple', 'what is the capital of france',
  'a movie', 'can you help me with my taxes', 'blue', 'lorem ipsum dolor sit amet', 'how do I reset my password',
];
const junkRuns: EnrichedHit[][] = [];
for (const q of JUNK) junkRuns.push(await enricher.enrich(await search.search(q, { k: 5 }), Date.now() + 5000));

console.log('| min confidence | min semantic similarity | right film survives (catalog up) | nothing survives (catalog up) | right film survives (catalog down) | nothing survives (catalog down) | off-topic messages with no candidates |');
console.log('| --- | --- | --- | --- | --- | --- | --- |');
const combos: Array<[number, number]> = [[0, 0], [0.1, 0], [0.2, 0], [0.1, 0.15], [0.1, 0.2], [0.1, 0.25], [0.1, 0.3], [0.1, 0.35], [0.2, 0.25], [0.3, 0.25]];
for (const [minConfidence, minSemanticSimilarity] of combos) {
  const rules = { minConfidence, minSemanticSimilarity };
  const measure = (pick: (run: Run) => EnrichedHit[]) => {
    let survives = 0;
    let empty = 0;
    for (const run of runs) {
      const candidates = validateCandidates(pick(run), rules);
      if (run.inTop5 && candidates.some((c) => c.corpus_id === run.id)) survives++;
      if (candidates.length === 0) empty++;
    }
    return `${(survives / found).toFixed(3)} | ${(empty / runs.length).toFixed(3)}`;
  };
  const junkEmpty = junkRuns.filter((hits) => validateCandidates(hits, rules).length === 0).length;
  const isDefault = minConfidence === config.catalog.confidenceThreshold && minSemanticSimilarity === config.catalog.minSemanticSimilarity;
  console.log(`| ${minConfidence.toFixed(2)} | ${minSemanticSimilarity.toFixed(2)}${isDefault ? ' (default)' : ''} | ${measure((r) => r.enriched)} | ${measure((r) => r.unenriched)} | ${junkEmpty}/${JUNK.length} |`);
}
process.exit(0);
