// A local HTTP server speaking imdbapi.dev's protocol (search, batchGet), serving the bundled
// snapshot under tt ids, so the production client is what gets tested. Latency and failures
// are injectable: 500, 429 with Retry-After, hanging (timeout), malformed JSON. It records when
// each request arrived and was answered, counts requests in flight, and can hold chosen
// requests until the test releases them (to prove what goes out together, without timing).
import { readJsonLines } from '../../src/search/corpus.ts';
import type { CatalogEntry } from '../../src/catalog/snapshot.ts';
import { normaliseTitle } from '../../src/catalog/matching.ts';
import { join } from 'node:path';

export type Failure = { kind: 'status'; status: number; retryAfter?: string } | { kind: 'hang' } | { kind: 'malformed' };

export interface Call {
  /** Path with query, decoded. */
  path: string;
  /** performance.now() when the request arrived, and when it was answered (null until then). */
  startedAt: number;
  endedAt: number | null;
}

export interface FakeImdbApi {
  baseUrl: string;
  /** Paths (with query) of every request received, in order. */
  requests: string[];
  /** Every request received, in order, with its timing. */
  calls: Call[];
  /** Requests (whose decoded path contains `match`, if given) received and not yet answered. */
  inFlight(match?: string): number;
  /** The most requests in flight at once since the last reset. */
  peakInFlight: number;
  /** Requests arriving from now on whose decoded path contains `match` are answered only once the returned release is called. */
  hold(match: string): () => void;
  latencyMs: number;
  /** The next `times` requests (whose path contains `match`, if given) fail this way. */
  failNext(failure: Failure, times?: number, match?: string): void;
  /** Titles the search pretends not to know. */
  unknownTitles: Set<string>;
  idOf(title: string): string;
  /** Forgets requests, calls, failures, latency and unknown titles; releases held requests. */
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
  // Normalised once, so that a search costs the fake almost nothing beyond its set latency.
  const searchable = titles.map((t) => ({ title: t, names: [normaliseTitle(t.primaryTitle), normaliseTitle(t.originalTitle)] }));
  const failures: Array<{ failure: Failure; match?: string }> = [];
  const holds: Array<{ match: string; released: Promise<void>; release: () => void }> = [];
  let open = 0; // requests received and not yet answered

  const fake: FakeImdbApi = {
    baseUrl: '',
    requests: [],
    calls: [],
    inFlight: (match) => fake.calls.filter((call) => call.endedAt === null && (!match || call.path.includes(match))).length,
    peakInFlight: 0,
    hold(match) {
      const { promise, resolve } = Promise.withResolvers<void>();
      const hold = { match, released: promise, release: resolve };
      holds.push(hold);
      return () => {
        holds.splice(holds.indexOf(hold), 1);
        resolve();
      };
    },
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
      fake.calls.length = 0;
      fake.peakInFlight = open;
      for (const hold of holds.splice(0)) hold.release();
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
      const call: Call = { path: decodeURIComponent(url.pathname + url.search), startedAt: performance.now(), endedAt: null };
      fake.requests.push(call.path);
      fake.calls.push(call);
      fake.peakInFlight = Math.max(fake.peakInFlight, ++open);
      try {
        return await answer(url, call.path);
      } finally {
        call.endedAt = performance.now();
        open--;
      }
    },
  });

  async function answer(url: URL, decodedPath: string): Promise<Response> {
    const path = url.pathname + url.search;
    const held = holds.filter((hold) => decodedPath.includes(hold.match)).map((hold) => hold.released);
    if (fake.latencyMs) await Bun.sleep(fake.latencyMs);
    await Promise.all(held);
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
      const found = searchable.filter(({ names }) => names.some((name) => name.includes(query))).map(({ title }) => title);
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
  }
  fake.baseUrl = `http://127.0.0.1:${server.port}`;
  return fake;
}
