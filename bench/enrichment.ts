#!/usr/bin/env bun
// Enrichment wall time against a catalog answering in ~100 ms (a local imdbapi.dev stand-in):
// 5 and 10 candidates at once, as a ratio to the slowest single-candidate enrichment
// (target <= 1.2: truly parallel), then the same with a warm cache (target < 5 ms).
//
//   bun bench/enrichment.ts [--latency MS]
import { Enricher } from '../src/catalog/enrichment.ts';
import { ImdbApiCatalog } from '../src/catalog/imdbapi-catalog.ts';
import { CircuitBreaker } from '../src/catalog/resilient-fetch.ts';
import { createLogger } from '../src/log.ts';
import type { SearchHit } from '../src/search/movie-search.ts';
import { MemoryKeyValueStore } from '../src/store/kv/memory-kv.ts';
import { RedisKeyValueStore } from '../src/store/kv/redis-kv.ts';
import type { KeyValueStore } from '../src/store/kv/kv.ts';
import { startFakeImdbApi } from '../test/support/fake-imdbapi.ts';
import { sharedSearch } from '../test/support/harness.ts';
import { percentile } from './stats.ts';
import { REDIS_URL, tempRedisPrefix } from '../test/support/services.ts';

const latencyArg = process.argv.indexOf('--latency');
const LATENCY = latencyArg > 0 ? Number(process.argv[latencyArg + 1]) : 100;
const log = createLogger('silent');
const fake = await startFakeImdbApi();
fake.latencyMs = LATENCY;
const catalog = new ImdbApiCatalog(fake.baseUrl, { timeoutMs: 2500, maxRetries: 2, backoffMs: 100 }, new CircuitBreaker(5, 30_000));
const search = await sharedSearch();
const hits: SearchHit[] = (await search.search('a heist crew plans to rob a casino vault', { k: 10 })).hits;
const settings = { concurrency: 10, cacheTtlSeconds: 3600, missTtlSeconds: 60 };
const deadline = () => Date.now() + 10_000;

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

const rows: string[] = [];
const singles: number[] = [];
for (const hit of hits) singles.push(await timed(() => new Enricher(catalog, new MemoryKeyValueStore(), settings, log).enrich([hit], deadline())));
const slowestSingle = Math.max(...singles);
rows.push(`| 1 candidate, cold (slowest of ${hits.length}) | ${slowestSingle.toFixed(1)} ms | 1.00 |`);
for (const n of [5, 10]) {
  const wall = await timed(() => new Enricher(catalog, new MemoryKeyValueStore(), settings, log).enrich(hits.slice(0, n), deadline()));
  rows.push(`| ${n} candidates, cold | ${wall.toFixed(1)} ms | ${(wall / slowestSingle).toFixed(2)} |`);
}

async function warm(store: KeyValueStore, label: string) {
  const enricher = new Enricher(catalog, store, settings, log);
  await enricher.enrich(hits, deadline());
  for (const n of [5, 10]) {
    const times: number[] = [];
    for (let i = 0; i < 20; i++) times.push(await timed(() => enricher.enrich(hits.slice(0, n), deadline())));
    rows.push(`| ${n} candidates, warm ${label} cache (median of 20) | ${percentile(times, 0.5).toFixed(2)} ms | — |`);
  }
}
await warm(new MemoryKeyValueStore(), 'in-process');
const prefix = tempRedisPrefix();
const redis = new RedisKeyValueStore(REDIS_URL, prefix.value);
await redis.connect();
await warm(redis, 'Redis');
await redis.close();
await prefix.dispose();
fake.stop();

console.log(`enrichment against a catalog with ${LATENCY} ms latency per request (search, then one batch details call)\n`);
console.log('| case | wall time | ratio to slowest single |\n| --- | --- | --- |');
for (const row of rows) console.log(row);
process.exit(0);
