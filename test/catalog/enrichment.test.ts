import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { Enricher, type EnrichmentSettings } from '../../src/catalog/enrichment.ts';
import { ImdbApiCatalog } from '../../src/catalog/imdbapi-catalog.ts';
import { OfflineCatalog } from '../../src/catalog/offline-catalog.ts';
import { CircuitBreaker } from '../../src/catalog/resilient-fetch.ts';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { CANDIDATES_SHOWN } from '../../src/conversation/discovery-pipeline.ts';
import { createLogger } from '../../src/log.ts';
import type { SearchHit } from '../../src/search/movie-search.ts';
import type { KeyValueStore } from '../../src/store/kv/kv.ts';
import { MemoryKeyValueStore } from '../../src/store/kv/memory-kv.ts';
import { RedisKeyValueStore } from '../../src/store/kv/redis-kv.ts';
import { type FakeImdbApi, startFakeImdbApi } from '../support/fake-imdbapi.ts';
import { sharedSearch } from '../support/harness.ts';
import { REDIS_URL, tempRedisPrefix } from '../support/services.ts';

const log = createLogger('silent');
const settings = { concurrency: 8, cacheTtlSeconds: 3600, missTtlSeconds: 60 };
const soon = () => Date.now() + 5000;
const isSearch = (request: string) => request.startsWith('/search/titles');
const isDetails = (request: string) => request.startsWith('/titles:batchGet');
/** A details window no test waits out: batches then go only when full or when no search is out. */
const NO_WINDOW = { detailsBatchWindowMs: 60_000 };

/** Waits for something the enricher is expected to do; fails if it never happens. */
async function until(condition: () => boolean, what: string): Promise<void> {
  for (const end = Date.now() + 5000; !condition(); await Bun.sleep(5)) {
    if (Date.now() > end) throw new Error(`never happened: ${what}`);
  }
}

async function hitsFor(query: string, k = 5): Promise<SearchHit[]> {
  return (await (await sharedSearch()).search(query, { k })).hits;
}

describe('Enricher with the live client', () => {
  let fake: FakeImdbApi;
  let cache: KeyValueStore;
  const newEnricher = (overrides: Partial<EnrichmentSettings> = {}) =>
    new Enricher(new ImdbApiCatalog(fake.baseUrl, { timeoutMs: 500, maxRetries: 1, backoffMs: 10 }, new CircuitBreaker(50, 1000)), cache, { ...settings, ...overrides }, log);
  beforeAll(async () => (fake = await startFakeImdbApi()));
  afterAll(() => fake.stop());
  beforeEach(() => {
    fake.reset();
    cache = new MemoryKeyValueStore();
  });

  test('every hit gets its catalog record, searched in parallel and fetched in one batch', async () => {
    const hits = await hitsFor('a great white shark terrorizes a summer beach town');
    fake.latencyMs = 50;
    const enriched = await newEnricher(NO_WINDOW).enrich(hits, soon());
    expect(enriched.map((e) => e.movie.id)).toEqual(hits.map((h) => h.movie.id));
    for (const hit of enriched) {
      expect(hit.catalog?.title).toBe(hit.movie.title);
      expect(hit.catalog?.id).toMatch(/^tt\d{7}$/);
      expect(hit.catalogMatch).toBeGreaterThan(0.9);
    }
    expect(fake.requests.filter(isSearch)).toHaveLength(5);
    expect(fake.requests.filter(isDetails)).toHaveLength(1);
  });

  test("with the default concurrency, all of a turn's title searches are in flight together, second titles included", async () => {
    const hits = await hitsFor('a child murderer hunted by the police and the underworld in berlin', CANDIDATES_SHOWN);
    const titles = hits.flatMap((hit) => [hit.movie.title, ...hit.movie.aliases]);
    expect(titles.length).toBeGreaterThan(hits.length); // M is searched as "M" and by its German title
    const release = fake.hold('/search/titles');
    const enriching = newEnricher({ ...NO_WINDOW, concurrency: loadConfig({}).catalog.concurrency }).enrich(hits, soon());
    await until(() => fake.inFlight('/search/titles') === titles.length, `${titles.length} title searches in flight`);
    expect(fake.requests.filter(isDetails)).toHaveLength(0);
    release();
    const enriched = await enriching;
    expect(enriched.map((e) => e.catalog?.title)).toEqual(hits.map((h) => h.movie.title));
    expect(fake.requests.filter(isSearch).sort()).toEqual(titles.map((title) => `/search/titles?query=${title}&limit=10`).sort());
    expect(fake.requests.filter(isDetails)).toHaveLength(1); // their answers arrive together: one batch
  });

  test('ten candidates: ten searches at once, then two batches of five at once', async () => {
    const hits = (await hitsFor('a great white shark terrorizes a summer beach town', 10)).filter((hit) => hit.movie.aliases.length === 0);
    expect(hits.length).toBeGreaterThan(5);
    const searches = fake.hold('/search/titles');
    const details = fake.hold('/titles:batchGet');
    const enriching = newEnricher({ ...NO_WINDOW, concurrency: hits.length + 2 }).enrich(hits, soon());
    await until(() => fake.inFlight('/search/titles') === hits.length, 'every title search in flight');
    searches();
    await until(() => fake.inFlight('/titles:batchGet') === 2, 'both details batches in flight');
    details();
    expect((await enriching).every((e) => e.catalog)).toBe(true);
    // The two batches are in flight together: either may arrive first.
    expect(fake.requests.filter(isDetails).map((r) => r.split('titleIds=').length - 1).sort((a, b) => b - a)).toEqual([5, hits.length - 5]);
  });

  test('a lower concurrency bounds the calls in flight, and every hit is still enriched', async () => {
    const hits = await hitsFor('a child murderer hunted by the police and the underworld in berlin', CANDIDATES_SHOWN);
    fake.latencyMs = 20;
    const enriched = await newEnricher({ concurrency: 2 }).enrich(hits, soon());
    expect(fake.peakInFlight).toBe(2);
    expect(enriched.every((e) => e.catalog)).toBe(true);
  });

  test("a hit's details are fetched as soon as its search answers, not after the slowest search", async () => {
    const hits = await hitsFor('a great white shark terrorizes a summer beach town');
    const slow = hits[2]!.movie.title;
    const release = fake.hold(`query=${slow}&`);
    const enriching = newEnricher().enrich(hits, soon());
    await until(() => fake.requests.some(isDetails), 'a details call');
    expect(fake.inFlight(`query=${slow}&`)).toBe(1); // the slow search has not answered yet
    const first = fake.requests.find(isDetails)!;
    release();
    const enriched = await enriching;
    expect(enriched.map((e) => e.catalog?.title)).toEqual(hits.map((h) => h.movie.title));
    for (const hit of enriched) expect(first.includes(`titleIds=${hit.catalog!.id}`)).toBe(hit.movie.title !== slow);
    expect(fake.requests.filter(isDetails)).toHaveLength(2);
  });

  test('a search that outlasts the turn costs only its own hit the catalog data', async () => {
    const hits = await hitsFor('a great white shark terrorizes a summer beach town');
    const slow = hits[2]!.movie.title;
    fake.hold(`query=${slow}&`); // answered only after the deadline (reset releases it)
    const enriched = await newEnricher().enrich(hits, Date.now() + 1000);
    expect(enriched.map((e) => e.catalog?.title ?? null)).toEqual(hits.map((h) => (h.movie.title === slow ? null : h.movie.title)));
  });

  test('a film matched by two hits is fetched once', async () => {
    const [hit] = await hitsFor('a great white shark terrorizes a summer beach town', 1);
    const enriched = await newEnricher(NO_WINDOW).enrich([hit!, { ...hit!, relevance: 0.1 }], soon());
    expect(enriched.map((e) => e.catalog?.title)).toEqual(['Jaws', 'Jaws']);
    expect(fake.requests.filter(isDetails)).toEqual([`/titles:batchGet?titleIds=${fake.idOf('Jaws')}`]);
  });

  test('an original-language title is found through the English one', async () => {
    const [parasite] = (await hitsFor('poor family infiltrates a rich household as tutors, driver and housekeeper, basement secret', 10)).filter(
      (h) => h.movie.title === 'Parasite',
    );
    const [enriched] = await newEnricher().enrich([parasite!], soon());
    expect(enriched!.catalog?.originalTitle).toBe('Gisaengchung');
  });

  test('a hit the catalog does not know keeps its corpus fields and gets none of the catalog', async () => {
    const hits = await hitsFor('a boy wizard goes to a school of magic', 3);
    fake.unknownTitles.add(hits[1]!.movie.title);
    const enriched = await newEnricher().enrich(hits, soon());
    expect(enriched[1]!.catalog).toBeNull();
    expect(enriched[1]!.catalogMatch).toBe(0);
    expect(enriched[0]!.catalog).not.toBeNull();
  });

  test('a failing search only costs that hit its catalog data', async () => {
    const hits = await hitsFor('a weatherman relives the same day', 3);
    fake.failNext({ kind: 'status', status: 500 }, 2, encodeURIComponent(hits[2]!.movie.title).slice(0, 10));
    fake.failNext({ kind: 'malformed' }, 1, `query=${encodeURIComponent(hits[2]!.movie.title)}`);
    const enriched = await newEnricher().enrich(hits, soon());
    expect(enriched).toHaveLength(3);
    expect(enriched[2]!.catalog).toBeNull();
    expect(enriched[0]!.catalog).not.toBeNull();
  });

  test('a catalog that is down entirely: every hit kept, none enriched, no exception', async () => {
    const hits = await hitsFor('two lovers on a sinking ocean liner', 5);
    fake.failNext({ kind: 'status', status: 503 }, 100);
    const enriched = await newEnricher().enrich(hits, soon());
    expect(enriched.map((e) => e.catalog)).toEqual([null, null, null, null, null]);
  });

  test('the second time, answers come from the cache without a request', async () => {
    const hits = await hitsFor('a prison escape through a tunnel behind a poster');
    const enricher = newEnricher();
    const first = await enricher.enrich(hits, soon());
    const requests = fake.requests.length;
    const second = await enricher.enrich(hits, soon());
    expect(fake.requests.length).toBe(requests);
    expect(second).toEqual(first);
  });

  test('failures are not cached', async () => {
    const hits = await hitsFor('a robot left alone on earth cleaning up garbage', 1);
    fake.failNext({ kind: 'status', status: 503 }, 2); // the first try and its one retry
    const enricher = newEnricher();
    expect((await enricher.enrich(hits, soon()))[0]!.catalog).toBeNull();
    expect((await enricher.enrich(hits, soon()))[0]!.catalog).not.toBeNull();
  });
});

describe('Enricher cache in Redis, shared by replicas', () => {
  test('a second enricher on the same Redis makes no catalog call', async () => {
    const fake = await startFakeImdbApi();
    const prefix = tempRedisPrefix();
    const stores = [new RedisKeyValueStore(REDIS_URL, prefix.value), new RedisKeyValueStore(REDIS_URL, prefix.value)];
    try {
      await Promise.all(stores.map((s) => s.connect()));
      const catalog = new ImdbApiCatalog(fake.baseUrl, { timeoutMs: 500, maxRetries: 0, backoffMs: 10 }, new CircuitBreaker(5, 1000));
      const hits = await hitsFor('mafia family patriarch hands his empire to his reluctant son');
      await new Enricher(catalog, stores[0]!, settings, log).enrich(hits, soon());
      const requests = fake.requests.length;
      const other = await new Enricher(catalog, stores[1]!, settings, log).enrich(hits, soon());
      expect(fake.requests.length).toBe(requests);
      expect(other[0]!.catalog).not.toBeNull();
    } finally {
      await Promise.all(stores.map((s) => s.close()));
      await prefix.dispose();
      fake.stop();
    }
  });
});

describe('Enricher with the offline catalog', () => {
  test('enriches bundled films with no network', async () => {
    const catalog = await OfflineCatalog.load(`${import.meta.dir}/../../data/catalog/snapshot.jsonl`);
    const enriched = await new Enricher(catalog, new MemoryKeyValueStore(), settings, log).enrich(
      await hitsFor('a shark terrorises a beach town'),
      soon(),
    );
    expect(enriched[0]!.catalog).toMatchObject({ title: 'Jaws', year: 1975 });
    expect(enriched[0]!.catalog!.id).toMatch(/^mdc\d{7}$/);
  });

  test('a snapshot that is not there is a configuration error naming CATALOG_SNAPSHOT', async () => {
    const missing = OfflineCatalog.load('/nonexistent/snapshot.jsonl');
    await expect(missing).rejects.toBeInstanceOf(ConfigError);
    await expect(missing).rejects.toThrow('CATALOG_SNAPSHOT: cannot read /nonexistent/snapshot.jsonl (no such file)');
  });
});
