#!/usr/bin/env bun
// A chat turn's search and enrichment steps against a catalog answering every call in 150 ms
// (test/support/fake-imdbapi.ts, the imdbapi.dev protocol on a local port). A turn searches the
// corpus for the description (k candidates), looks each candidate up in the catalog (a title
// search per title it is known by), then fetches the matched titles' details (batches of at
// most five). The longest chain of dependent calls is two (search -> details), so the target
// for a cold turn is <= 1.2 x 2 x latency; the warm turn (every lookup from the cache, no call)
// should stay as it was.
//
// For each of several descriptions, with a fresh cache, it prints the cold turn's wall time
// (median and worst; its two parts, corpus search and enrichment, as medians), the catalog
// calls it made, the most in flight at once, and the longest run of calls one after another;
// then the warm turn through the in-process store and Redis.
//
//   bun bench/enrichment.ts [--latency MS] [--concurrency N]
import { Enricher } from '../src/catalog/enrichment.ts';
import { ImdbApiCatalog } from '../src/catalog/imdbapi-catalog.ts';
import { CircuitBreaker } from '../src/catalog/resilient-fetch.ts';
import { loadConfig } from '../src/config.ts';
import { createLogger } from '../src/log.ts';
import type { KeyValueStore } from '../src/store/kv/kv.ts';
import { MemoryKeyValueStore } from '../src/store/kv/memory-kv.ts';
import { RedisKeyValueStore } from '../src/store/kv/redis-kv.ts';
import { type Call, startFakeImdbApi } from '../test/support/fake-imdbapi.ts';
import { sharedSearch } from '../test/support/harness.ts';
import { REDIS_URL, tempRedisPrefix } from '../test/support/services.ts';
import { percentile } from './stats.ts';

const option = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const LATENCY = option('--latency', 150);
const config = loadConfig({});
const CONCURRENCY = option('--concurrency', config.catalog.concurrency);
const CHAIN = 2 * LATENCY;
const WARM_ROUNDS = 20;

// Descriptions whose candidates include films known by a second title (M, The Bandit, The
// Legend of 1900, Run Lola Run, ...): those need more than one title search.
const DESCRIPTIONS = [
  'a heist crew plans to rob a casino vault',
  'a child murderer hunted by the police and the underworld in berlin',
  'a great white shark terrorizes a summer beach town',
  'two lovers on a sinking ocean liner',
  "a man who cannot form new memories hunts his wife's killer",
  'a boy wizard goes to a school of magic',
];

const log = createLogger('silent');
const fake = await startFakeImdbApi();
const catalog = new ImdbApiCatalog(fake.baseUrl, { timeoutMs: config.catalog.timeoutMs, maxRetries: config.catalog.maxRetries, backoffMs: config.catalog.backoffMs }, new CircuitBreaker(config.catalog.breakerThreshold, config.catalog.breakerCooldownSeconds * 1000));
const search = await sharedSearch();
const settings = { concurrency: CONCURRENCY, cacheTtlSeconds: 3600, missTtlSeconds: 60 };
const deadline = () => Date.now() + config.catalog.turnBudgetMs;

/** The turn's search and enrich steps, as the pipeline runs them. */
async function turn(enricher: Enricher, description: string, k: number) {
  const started = performance.now();
  const { hits } = await search.search(description, { k });
  const searched = performance.now();
  const enriched = await enricher.enrich(hits, deadline());
  const ended = performance.now();
  return { wall: ended - started, search: searched - started, enriched };
}

/** The longest run of calls each sent after the previous one was answered. */
function longestChain(calls: Call[]): number {
  const chain: number[] = [];
  calls.forEach((call, i) => {
    chain[i] = 1 + Math.max(0, ...calls.slice(0, i).flatMap((before, j) => (before.endedAt! <= call.startedAt ? [chain[j]!] : [])));
  });
  return Math.max(0, ...chain);
}

const range = (values: number[]) => (Math.min(...values) === Math.max(...values) ? `${values[0]}` : `${Math.min(...values)}–${Math.max(...values)}`);
const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;
const rows: string[] = [];

fake.latencyMs = LATENCY;
await turn(new Enricher(catalog, new MemoryKeyValueStore(), settings, log), DESCRIPTIONS[0]!, 5); // warms the JIT and the connection pool
for (const k of [5, 10]) {
  const walls: number[] = [];
  const searches: number[] = [];
  const enrichments: number[] = [];
  const calls: number[] = [];
  const peaks: number[] = [];
  const chains: number[] = [];
  let enriched = 0;
  let candidates = 0;
  for (const description of DESCRIPTIONS) {
    fake.reset();
    fake.latencyMs = LATENCY;
    const result = await turn(new Enricher(catalog, new MemoryKeyValueStore(), settings, log), description, k);
    walls.push(result.wall);
    searches.push(result.search);
    enrichments.push(result.wall - result.search);
    calls.push(fake.calls.length);
    peaks.push(fake.peakInFlight);
    chains.push(longestChain(fake.calls));
    enriched += result.enriched.filter((hit) => hit.catalog).length;
    candidates += result.enriched.length;
  }
  rows.push(
    `| ${k} candidates, cold | ${ms(percentile(walls, 0.5))} / ${ms(Math.max(...walls))} | ${(percentile(walls, 0.5) / CHAIN).toFixed(2)} / ${(Math.max(...walls) / CHAIN).toFixed(2)} ` +
      `| ${range(calls)} | ${range(peaks)} | ${range(chains)} | ${ms(percentile(searches, 0.5))} | ${ms(percentile(enrichments, 0.5))} | ${enriched}/${candidates} |`,
  );
}

async function warm(store: KeyValueStore, label: string) {
  const enricher = new Enricher(catalog, store, settings, log);
  for (const k of [5, 10]) {
    for (const description of DESCRIPTIONS) await turn(enricher, description, k);
    fake.reset();
    const walls: number[] = [];
    const searches: number[] = [];
    const enrichments: number[] = [];
    for (let round = 0; round < WARM_ROUNDS; round++) {
      for (const description of DESCRIPTIONS) {
        const result = await turn(enricher, description, k);
        walls.push(result.wall);
        searches.push(result.search);
        enrichments.push(result.wall - result.search);
      }
    }
    rows.push(`| ${k} candidates, warm ${label} (median of ${walls.length}) | ${ms(percentile(walls, 0.5))} / ${ms(percentile(walls, 0.99))} (p99) | — | ${fake.calls.length} | — | — | ${ms(percentile(searches, 0.5))} | ${ms(percentile(enrichments, 0.5))} | — |`);
  }
}
await warm(new MemoryKeyValueStore(), 'in-process cache');
const prefix = tempRedisPrefix();
const redis = new RedisKeyValueStore(REDIS_URL, prefix.value);
await redis.connect();
await warm(redis, 'Redis cache');
await redis.close();
await prefix.dispose();
fake.stop();

console.log(
  `a turn's search and enrichment against a catalog answering each call in ${LATENCY} ms, ${DESCRIPTIONS.length} descriptions, ` +
    `CATALOG_CONCURRENCY ${CONCURRENCY}; longest chain of dependent calls: 2 (${CHAIN} ms)\n`,
);
console.log('| case | wall time (median / worst) | ratio to the chain (median / worst) | calls per turn | peak in flight | calls one after another | corpus search (median) | enrichment (median) | enriched |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const row of rows) console.log(row);
process.exit(0);
