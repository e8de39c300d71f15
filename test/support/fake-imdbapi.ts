// A local HTTP server speaking imdbapi.dev's protocol (search, batchGet), serving the bundled
// snapshot under tt ids, so the production client is what gets tested. Latency and failures
// are injectable: 500, 429 with Retry-After, hanging (timeout), malformed JSON.
import { readJsonLines } from '../../src/search/corpus.ts';
import type { CatalogEntry } from '../../src/catalog/snapshot.ts';
import { normaliseTitle } from '../../src/catalog/matching.ts';
import { join } from 'node:path';

export type Failure = { kind: 'status'; status: number; retryAfter?: string } | { kind: 'hang' } | { kind: 'malformed' };

export interface FakeImdbApi {
  baseUrl: string;
  /** Paths (with query) of every request received, in order. */
  requests: string[];
  latencyMs: number;
  /** The next `times` requests (whose path contains `match`, if given) fail this way. */
  failNext(failure: Failure, times?: number, match?: string): void;
  /** Titles the search pretends not to know. */
  unknownTitles: Set<string>;
  idOf(title: string): string;
  /** Forgets requests, failures, latency and unknown titles. */
  reset(): void;
  stop(): void;
}

const SNAPSHOT = join(import.meta.dir, '..', '..', 'data', 'catalog', 'snapshot.jsonl');

export async function startFakeImdbApi(): Promise<FakeImdbApi> {
  const entries = await readJsonLines<CatalogEntry>(SNAPSHOT);
  const titles = entries.map((entry, i) => ({
    id: `tt${String(1_000_000 + i).padStart(7, '0')}`,
    type: 'movie',
    primaryTitle: entry.title,
    originalTitle: entry.originalTitle,
    primaryImage: entry.posterUrl ? { url: entry.posterUrl, width: 67, height: 98 } : undefined,
    startYear: entry.year,
    runtimeSeconds: entry.runtimeMinutes ? entry.runtimeMinutes * 60 : undefined,
    genres: entry.genres,
    rating: entry.rating !== null ? { aggregateRating: entry.rating, voteCount: entry.votes ?? 0 } : undefined,
    plot: entry.plot,
    directors: entry.directors.map((name, j) => ({ id: `nm${i}${j}`, displayName: name })),
    stars: entry.stars.map((name, j) => ({ id: `nm${i}${j}s`, displayName: name })),
  }));
  // A TV series sharing a film's title: the client must skip it.
  titles.push({ ...titles[0]!, id: 'tt9999999', type: 'tvSeries', startYear: 2020 });
  const byId = new Map(titles.map((t) => [t.id, t]));
  const failures: Array<{ failure: Failure; match?: string }> = [];

  const fake: FakeImdbApi = {
    baseUrl: '',
    requests: [],
    latencyMs: 0,
    unknownTitles: new Set(),
    failNext(failure, times = 1, match) {
      for (let i = 0; i < times; i++) failures.push({ failure, match });
    },
    idOf(title) {
      return titles.find((t) => t.primaryTitle === title && t.type === 'movie')!.id;
    },
    reset() {
      fake.requests.length = 0;
      fake.latencyMs = 0;
      fake.unknownTitles.clear();
      failures.length = 0;
    },
    stop: () => server.stop(true),
  };

  const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    idleTimeout: 0,
    async fetch(request) {
      const url = new URL(request.url);
      const path = url.pathname + url.search;
      fake.requests.push(decodeURIComponent(path));
      if (fake.latencyMs) await Bun.sleep(fake.latencyMs);
      const index = failures.findIndex((f) => !f.match || path.includes(f.match));
      if (index >= 0) {
        const [{ failure }] = failures.splice(index, 1) as [{ failure: Failure }];
        if (failure.kind === 'hang') return new Promise<Response>(() => {});
        if (failure.kind === 'malformed') return new Response('{"titles": [ {"id": "tt', { headers: { 'content-type': 'application/json' } });
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (failure.retryAfter) headers['retry-after'] = failure.retryAfter;
        return new Response(JSON.stringify({ code: failure.status, message: 'injected failure' }), { status: failure.status, headers });
      }
      if (url.pathname === '/search/titles') {
        const query = normaliseTitle(url.searchParams.get('query') ?? '');
        const limit = Number(url.searchParams.get('limit') ?? 20);
        if (fake.unknownTitles.has(url.searchParams.get('query') ?? '')) return json({});
        const found = titles.filter((t) => normaliseTitle(t.primaryTitle).includes(query) || normaliseTitle(t.originalTitle).includes(query));
        return json({ titles: found.slice(0, limit) });
      }
      if (url.pathname === '/titles:batchGet') {
        const ids = url.searchParams.getAll('titleIds');
        if (ids.length > 5) return new Response(JSON.stringify({ code: 3, message: 'at most 5 titleIds' }), { status: 400 });
        return json({ titles: ids.flatMap((id) => (byId.has(id) ? [byId.get(id)] : [])) });
      }
      const single = /^\/titles\/(tt\d+)$/.exec(url.pathname);
      if (single) return byId.has(single[1]!) ? json(byId.get(single[1]!)) : new Response(JSON.stringify({ code: 5, message: 'not found' }), { status: 404 });
      return new Response(JSON.stringify({ code: 5, message: 'Not Found' }), { status: 404 });
    },
  });
  fake.baseUrl = `http://127.0.0.1:${server.port}`;
  return fake;
}
