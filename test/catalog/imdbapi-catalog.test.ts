import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { CatalogUnavailableError } from '../../src/catalog/catalog.ts';
import { ImdbApiCatalog } from '../../src/catalog/imdbapi-catalog.ts';
import { CircuitBreaker, retryAfterMs } from '../../src/catalog/resilient-fetch.ts';
import { type FakeImdbApi, startFakeImdbApi } from '../support/fake-imdbapi.ts';

const settings = { timeoutMs: 300, maxRetries: 2, backoffMs: 20 };
const soon = (ms = 5000) => ({ deadline: Date.now() + ms });

describe('ImdbApiCatalog against a local imdbapi.dev', () => {
  let fake: FakeImdbApi;
  let catalog: ImdbApiCatalog;
  beforeAll(async () => (fake = await startFakeImdbApi()));
  afterAll(() => fake.stop());
  beforeEach(() => {
    fake.reset();
    catalog = new ImdbApiCatalog(fake.baseUrl, settings, new CircuitBreaker(5, 60_000));
  });

  test('search maps films and skips series', async () => {
    const hits = await catalog.searchTitles('The Shawshank Redemption', soon());
    expect(hits).toEqual([{ id: fake.idOf('The Shawshank Redemption'), title: 'The Shawshank Redemption', originalTitle: 'The Shawshank Redemption', year: 1994 }]);
    expect(fake.requests[0]).toBe('/search/titles?query=The Shawshank Redemption&limit=10');
  });

  test('details map to catalog fields, five ids per batch call', async () => {
    const ids = ['Jaws', 'Parasite', 'Alien', 'Heat', 'Up', 'Rocky', 'Casablanca'].map((t) => fake.idOf(t));
    const titles = await catalog.getTitles(ids, soon());
    expect(titles).toHaveLength(7);
    expect(fake.requests.filter((r) => r.startsWith('/titles:batchGet'))).toHaveLength(2);
    const parasite = titles.find((t) => t.title === 'Parasite')!;
    expect(parasite).toMatchObject({ originalTitle: 'Gisaengchung', year: 2019, directors: ['Bong Joon Ho'] });
    expect(parasite.rating).toBeGreaterThan(8);
    expect(parasite.posterUrl).toStartWith('https://');
    expect(parasite.genres.length).toBeGreaterThan(0);
    expect(parasite.stars.length).toBeGreaterThan(0);
  });

  test('no match: an empty answer, not an error', async () => {
    fake.unknownTitles.add('Nothing Like This');
    expect(await catalog.searchTitles('Nothing Like This', soon())).toEqual([]);
  });

  test('a 500 is retried, then succeeds', async () => {
    fake.failNext({ kind: 'status', status: 500 });
    expect(await catalog.searchTitles('Jaws', soon())).toHaveLength(1);
    expect(fake.requests).toHaveLength(2);
  });

  test('a timeout is retried, and the total stays within the deadline', async () => {
    fake.failNext({ kind: 'hang' }, 5);
    const started = Date.now();
    const error = await catalog.searchTitles('Jaws', soon(1000)).catch((e) => e);
    expect(error).toBeInstanceOf(CatalogUnavailableError);
    expect(fake.requests).toHaveLength(3); // first try and two retries
    expect(Date.now() - started).toBeLessThan(1300);
  });

  test('429 waits for Retry-After when it fits the deadline', async () => {
    fake.failNext({ kind: 'status', status: 429, retryAfter: '1' });
    const started = Date.now();
    expect(await catalog.searchTitles('Jaws', soon(3000))).toHaveLength(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  });

  test('429 with a Retry-After past the deadline gives up at once', async () => {
    fake.failNext({ kind: 'status', status: 429, retryAfter: '30' });
    const started = Date.now();
    expect(catalog.searchTitles('Jaws', soon(2000))).rejects.toBeInstanceOf(CatalogUnavailableError);
    await Bun.sleep(50);
    expect(Date.now() - started).toBeLessThan(500);
    expect(fake.requests).toHaveLength(1);
  });

  test('malformed JSON is an error, not retried', async () => {
    fake.failNext({ kind: 'malformed' });
    const error = await catalog.searchTitles('Jaws', soon()).catch((e) => e);
    expect(error).toBeInstanceOf(CatalogUnavailableError);
    expect(error.message).toContain('malformed');
    expect(fake.requests).toHaveLength(1);
  });

  test('a 4xx other than 404 and 429 is refused without retrying', async () => {
    fake.failNext({ kind: 'status', status: 400 });
    expect(catalog.searchTitles('Jaws', soon())).rejects.toBeInstanceOf(CatalogUnavailableError);
    await Bun.sleep(20);
    expect(fake.requests).toHaveLength(1);
  });

  test('the circuit breaker stops calling a dead catalog, then tries again after its cooldown', async () => {
    let now = 0;
    const breaker = new CircuitBreaker(2, 1000, () => now);
    const guarded = new ImdbApiCatalog(fake.baseUrl, { ...settings, maxRetries: 0 }, breaker);
    fake.failNext({ kind: 'status', status: 503 }, 2);
    for (let i = 0; i < 2; i++) await guarded.searchTitles('Jaws', soon()).catch(() => {});
    expect(breaker.state).toBe('open');
    const before = fake.requests.length;
    expect(guarded.searchTitles('Jaws', soon())).rejects.toThrow('circuit breaker is open');
    expect(fake.requests.length).toBe(before);
    now = 1000;
    expect(breaker.state).toBe('half-open');
    expect(await guarded.searchTitles('Jaws', soon())).toHaveLength(1);
    expect(breaker.state).toBe('closed');
  });
});

describe('retryAfterMs', () => {
  test('reads seconds and HTTP dates', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4000)).toBe(6000);
    expect(retryAfterMs('soon')).toBeNull();
    expect(retryAfterMs(null)).toBeNull();
  });
});
