#!/usr/bin/env bun
// Calibrates the semantic rescaling and the confidence threshold on the evaluation set:
// for each description, search (k = 5), enrich from the offline catalog, score; then, per
// threshold, how often the right film survives validation and how often nothing survives.
//
//   bun bench/calibration.ts
import { join } from 'node:path';
import { SEMANTIC_CEILING, SEMANTIC_FLOOR, validateCandidates } from '../src/catalog/candidates.ts';
import { type EnrichedHit, Enricher } from '../src/catalog/enrichment.ts';
import { OfflineCatalog } from '../src/catalog/offline-catalog.ts';
import { loadConfig } from '../src/config.ts';
import { createLogger } from '../src/log.ts';
import { readJsonLines } from '../src/search/corpus.ts';
import { MemoryKeyValueStore } from '../src/store/kv/memory-kv.ts';
import { sharedSearch } from '../test/support/harness.ts';

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
const pct = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.floor(p * (values.length - 1))]!;
console.log(`cosine similarity, right film: mean ${mean(right).toFixed(3)}, p10 ${pct(right, 0.1).toFixed(3)}, p90 ${pct(right, 0.9).toFixed(3)}`);
console.log(`cosine similarity, other top-5 hits: mean ${mean(wrong).toFixed(3)}, p10 ${pct(wrong, 0.1).toFixed(3)}, p90 ${pct(wrong, 0.9).toFixed(3)}`);
console.log(`semantic rescaling in use: (cos - ${SEMANTIC_FLOOR}) / ${(SEMANTIC_CEILING - SEMANTIC_FLOOR).toFixed(2)}\n`);
const found = runs.filter((r) => r.inTop5).length;
console.log(`${found} of ${runs.length} right films are in the top 5 before validation.\n`);
console.log('| threshold | catalog up: right film survives | catalog up: nothing survives | catalog up: mean kept | catalog down: right film survives | catalog down: nothing survives |');
console.log('| --- | --- | --- | --- | --- | --- |');
for (const threshold of [0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8]) {
  const measure = (pick: (run: Run) => EnrichedHit[]) => {
    let survives = 0;
    let empty = 0;
    let kept = 0;
    for (const run of runs) {
      const candidates = validateCandidates(pick(run), threshold);
      if (run.inTop5 && candidates.some((c) => c.corpus_id === run.id)) survives++;
      if (candidates.length === 0) empty++;
      kept += candidates.length;
    }
    return { survives: (survives / found).toFixed(3), empty: (empty / runs.length).toFixed(3), kept: (kept / runs.length).toFixed(2) };
  };
  const up = measure((run) => run.enriched);
  const down = measure((run) => run.unenriched);
  const mark = threshold === config.catalog.confidenceThreshold ? ' (default)' : '';
  console.log(`| ${threshold.toFixed(2)}${mark} | ${up.survives} | ${up.empty} | ${up.kept} | ${down.survives} | ${down.empty} |`);
}
process.exit(0);
