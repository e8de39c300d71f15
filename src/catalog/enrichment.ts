// Step 2 of the pipeline: every search hit gets its catalog record, all hits at once. Each hit
// is a chain of its own: its title searches (its title and every alias, all sent together),
// then, as soon as they have found it, its details. Hits whose searches answer together share
// one details batch call, so a turn whose catalog answers evenly makes one call per title and
// one per five matched films, in two waves; a slow search only delays its own hit. Every call
// of a turn counts against one limit (`concurrency`). Results are cached in the KV store (Redis
// shared by replicas, or in-process). A hit whose lookup fails or finds no confident match
// keeps its corpus fields and gets no catalog data; the turn never fails because of the catalog.
import type { Logger } from '../log.ts';
import { describeError } from '../log.ts';
import type { SearchHit } from '../search/movie-search.ts';
import type { KeyValueStore } from '../store/kv/kv.ts';
import type { CatalogProvider, CatalogTitle } from './catalog.ts';
import { type FilmIdentity, normaliseTitle, pickMatch } from './matching.ts';

/**
 * How long a matched film waits for other hits' searches to answer and share its details call.
 * Far under a round trip, so batching never adds a wave; and once no search of the turn is still
 * out, the batch goes at once.
 */
export const DETAILS_BATCH_WINDOW_MS = 20;

export interface EnrichmentSettings {
  /** Catalog calls in flight at once within one turn: title searches and details batches. */
  concurrency: number;
  cacheTtlSeconds: number;
  /** "No such title" is cached for less time than a found title. */
  missTtlSeconds: number;
  /** Defaults to DETAILS_BATCH_WINDOW_MS. */
  detailsBatchWindowMs?: number;
}

export interface EnrichedHit extends SearchHit {
  catalog: CatalogTitle | null;
  /** Title-and-year agreement with the catalog record, in [0, 1] (0 without one). */
  catalogMatch: number;
}

interface CachedLookup {
  title: CatalogTitle | null;
  match: number;
}

const NOTHING: CachedLookup = { title: null, match: 0 };
const FAILED = Symbol('catalog search failed');

export class Enricher {
  constructor(
    private readonly catalog: CatalogProvider,
    private readonly cache: KeyValueStore,
    private readonly settings: EnrichmentSettings,
    private readonly log: Logger,
  ) {}

  async enrich(hits: SearchHit[], deadline: number): Promise<EnrichedHit[]> {
    const call = callLimit(this.settings.concurrency);
    const details = new DetailsBatcher(
      (ids) => call(() => this.catalog.getTitles(ids, { deadline })),
      this.catalog.batchLimit,
      this.settings.detailsBatchWindowMs ?? DETAILS_BATCH_WINDOW_MS,
      hits.length,
      this.log,
    );
    return Promise.all(hits.map((hit) => this.enrichOne(hit, deadline, call, details)));
  }

  /** One hit's chain: cache, title searches, details. Tells `details` once whether it needs any. */
  private async enrichOne(hit: SearchHit, deadline: number, call: CallLimit, details: DetailsBatcher): Promise<EnrichedHit> {
    const withCatalog = ({ title, match }: CachedLookup): EnrichedHit => ({ ...hit, catalog: title, catalogMatch: match });
    const cached = await this.cached(hit);
    if (cached) {
      details.notNeeded();
      return withCatalog(cached);
    }
    const found = await this.find(hit, deadline, call);
    if (!found || found === FAILED) {
      details.notNeeded();
      if (found === FAILED) return withCatalog(NOTHING); // not cached: the catalog may answer next time
      await this.remember(hit, NOTHING);
      return withCatalog(NOTHING);
    }
    const title = await details.fetch(found.id);
    if (title === undefined) return withCatalog(NOTHING); // details call failed: do not cache
    const result = title ? { title, match: found.match } : NOTHING;
    await this.remember(hit, result);
    return withCatalog(result);
  }

  /**
   * Searches the catalog for each of the film's titles, all at once; the first title (in order)
   * with a confident match wins, without waiting for the searches of later titles.
   */
  private async find(hit: SearchHit, deadline: number, call: CallLimit): Promise<{ id: string; match: number } | null | typeof FAILED> {
    const film: FilmIdentity = { title: hit.movie.title, aliases: hit.movie.aliases, year: hit.movie.year };
    const titles = [...new Map([film.title, ...film.aliases].map((title) => [normaliseTitle(title), title])).values()];
    const searches = titles.map((title) => call(() => this.catalog.searchTitles(title, { deadline })));
    for (const search of searches) search.catch(() => {}); // a later title's answer may never be read
    try {
      for (const search of searches) {
        const best = pickMatch(film, await search);
        if (best) return { id: best.candidate.id, match: best.match };
      }
      return null;
    } catch (error) {
      this.log.warn('catalog search failed; candidate kept without catalog data', { film: hit.movie.id, ...describeError(error) });
      return FAILED;
    }
  }

  private cacheKey(hit: SearchHit): string {
    return `catalog:${this.catalog.name}:${normaliseTitle(hit.movie.title)}:${hit.movie.year}`;
  }

  private async cached(hit: SearchHit): Promise<CachedLookup | null> {
    try {
      const raw = await this.cache.get(this.cacheKey(hit));
      return raw ? (JSON.parse(raw) as CachedLookup) : null;
    } catch {
      return null; // a cache outage only costs a catalog call
    }
  }

  private async remember(hit: SearchHit, lookup: CachedLookup): Promise<void> {
    const ttl = lookup.title ? this.settings.cacheTtlSeconds : this.settings.missTtlSeconds;
    await this.cache.set(this.cacheKey(hit), JSON.stringify(lookup), ttl * 1000).catch(() => {});
  }
}

type CallLimit = <T>(call: () => Promise<T>) => Promise<T>;

/** Runs calls at most `limit` at a time; the others wait their turn, first come first served. */
function callLimit(limit: number): CallLimit {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async (call) => {
    if (active < limit) active++;
    else await new Promise<void>((resolve) => waiting.push(resolve)); // the slot is handed over
    try {
      return await call();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}

/**
 * Details of one turn's matched films. An id waits up to `windowMs` for others to share its
 * call; a batch goes at once when it is full or when no hit of the turn is still searching.
 * Each id is fetched once. Resolves to the title, null if the catalog lacks it, or undefined
 * if its batch call failed.
 */
class DetailsBatcher {
  private readonly requested = new Map<string, Promise<CatalogTitle | null | undefined>>();
  private pending: Array<{ id: string; resolve: (title: CatalogTitle | null | undefined) => void }> = [];
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly getTitles: (ids: string[]) => Promise<CatalogTitle[]>,
    private readonly batchLimit: number,
    private readonly windowMs: number,
    /** Hits that have not yet said whether they need details. */
    private searching: number,
    private readonly log: Logger,
  ) {}

  fetch(id: string): Promise<CatalogTitle | null | undefined> {
    this.searching--;
    let title = this.requested.get(id);
    if (!title) {
      const { promise, resolve } = Promise.withResolvers<CatalogTitle | null | undefined>();
      this.pending.push({ id, resolve });
      this.requested.set(id, (title = promise));
    }
    this.schedule();
    return title;
  }

  notNeeded(): void {
    this.searching--;
    this.schedule();
  }

  private schedule(): void {
    if (this.pending.length === 0) return;
    if (this.pending.length >= this.batchLimit || this.searching <= 0) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), this.windowMs);
  }

  private flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (this.pending.length > 0) void this.send(this.pending.splice(0, this.batchLimit));
  }

  private async send(batch: Array<{ id: string; resolve: (title: CatalogTitle | null | undefined) => void }>): Promise<void> {
    const ids = batch.map((entry) => entry.id);
    try {
      const titles = await this.getTitles(ids);
      for (const { id, resolve } of batch) resolve(titles.find((t) => t.id === id) ?? null);
    } catch (error) {
      this.log.warn('catalog details failed; candidates kept without catalog data', { ids, ...describeError(error) });
      for (const { resolve } of batch) resolve(undefined);
    }
  }
}
