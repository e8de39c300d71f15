// Step 2 of the pipeline: every search hit gets its catalog record, all hits at once. Title
// searches run in parallel (p-map, bounded), then the matched titles' details arrive in
// batches. Results are cached in the KV store (Redis shared by replicas, or in-process). A hit
// whose lookup fails or finds no confident match keeps its corpus fields and gets no catalog
// data; the turn never fails because of the catalog.
import pMap from 'p-map';
import type { Logger } from '../log.ts';
import { describeError } from '../log.ts';
import type { SearchHit } from '../search/movie-search.ts';
import type { KeyValueStore } from '../store/kv/kv.ts';
import type { CatalogProvider, CatalogTitle } from './catalog.ts';
import { type FilmIdentity, normaliseTitle, pickMatch } from './matching.ts';

export interface EnrichmentSettings {
  concurrency: number;
  cacheTtlSeconds: number;
  /** "No such title" is cached for less time than a found title. */
  missTtlSeconds: number;
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

type Lookup = { hit: SearchHit; cached: CachedLookup } | { hit: SearchHit; found: { id: string; match: number } | null } | { hit: SearchHit; failed: true };

export class Enricher {
  constructor(
    private readonly catalog: CatalogProvider,
    private readonly cache: KeyValueStore,
    private readonly settings: EnrichmentSettings,
    private readonly log: Logger,
  ) {}

  async enrich(hits: SearchHit[], deadline: number): Promise<EnrichedHit[]> {
    const lookups = await pMap(hits, (hit) => this.lookup(hit, deadline), { concurrency: this.settings.concurrency });
    const wanted = [...new Set(lookups.flatMap((l) => ('found' in l && l.found ? [l.found.id] : [])))];
    const details = await this.details(wanted, deadline);
    return Promise.all(
      lookups.map(async (lookup): Promise<EnrichedHit> => {
        if ('cached' in lookup) return { ...lookup.hit, catalog: lookup.cached.title, catalogMatch: lookup.cached.match };
        if ('failed' in lookup) return { ...lookup.hit, catalog: null, catalogMatch: 0 };
        const title = lookup.found ? details.get(lookup.found.id) : null;
        if (title === undefined) return { ...lookup.hit, catalog: null, catalogMatch: 0 }; // details call failed: do not cache
        const result = { title, match: title ? lookup.found!.match : 0 };
        await this.remember(lookup.hit, result);
        return { ...lookup.hit, catalog: result.title, catalogMatch: result.match };
      }),
    );
  }

  private async lookup(hit: SearchHit, deadline: number): Promise<Lookup> {
    const cached = await this.cached(hit);
    if (cached) return { hit, cached };
    const film: FilmIdentity = { title: hit.movie.title, aliases: hit.movie.aliases, year: hit.movie.year };
    try {
      for (const title of [film.title, ...film.aliases]) {
        const best = pickMatch(film, await this.catalog.searchTitles(title, { deadline }));
        if (best) return { hit, found: { id: best.candidate.id, match: best.match } };
      }
      return { hit, found: null };
    } catch (error) {
      this.log.warn('catalog search failed; candidate kept without catalog data', { film: hit.movie.id, ...describeError(error) });
      return { hit, failed: true };
    }
  }

  /** Details by id; a failed batch leaves its ids out (undefined), a title the catalog lacks is null. */
  private async details(ids: string[], deadline: number): Promise<Map<string, CatalogTitle | null>> {
    const result = new Map<string, CatalogTitle | null>();
    if (ids.length === 0) return result;
    try {
      const titles = await this.catalog.getTitles(ids, { deadline });
      for (const id of ids) result.set(id, titles.find((t) => t.id === id) ?? null);
    } catch (error) {
      this.log.warn('catalog details failed; candidates kept without catalog data', { ids, ...describeError(error) });
    }
    return result;
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
