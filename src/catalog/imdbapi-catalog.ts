// The live catalog: imdbapi.dev (no key). Endpoints used:
//   GET /search/titles?query=&limit=           -> {titles: Title[]}
//   GET /titles:batchGet?titleIds=..&titleIds=  -> {titles: Title[]} (at most 5 ids)
// Title: {id, type, primaryTitle, originalTitle, startYear, rating: {aggregateRating, voteCount},
// plot, genres[], directors[{displayName}], stars[{displayName}], primaryImage: {url}, runtimeSeconds}.
// Anything that does not have this shape is skipped, never trusted.
import { type CallOptions, type CatalogProvider, type CatalogSearchHit, type CatalogTitle, CatalogUnavailableError } from './catalog.ts';
import { type CircuitBreaker, fetchJson, type ResilienceSettings } from './resilient-fetch.ts';

const SEARCH_LIMIT = 10;
const BATCH_LIMIT = 5;
const FILM_TYPES = new Set(['movie', 'tvMovie', 'short', 'video', 'MOVIE', 'TV_MOVIE']);

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
const int = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) ? value : null);
const names = (value: unknown) =>
  Array.isArray(value) ? value.flatMap((person) => (isObject(person) && str(person.displayName) ? [str(person.displayName)!] : [])) : [];

export class ImdbApiCatalog implements CatalogProvider {
  readonly name = 'imdbapi';
  readonly batchLimit = BATCH_LIMIT;

  constructor(
    private readonly baseUrl: string,
    private readonly settings: ResilienceSettings,
    private readonly breaker: CircuitBreaker,
  ) {}

  async searchTitles(title: string, { deadline }: CallOptions): Promise<CatalogSearchHit[]> {
    const url = `${this.baseUrl}/search/titles?query=${encodeURIComponent(title)}&limit=${SEARCH_LIMIT}`;
    const body = await fetchJson(url, { settings: this.settings, breaker: this.breaker, deadline });
    return titlesOf(body).flatMap((raw) => {
      const id = str(raw.id);
      const primary = str(raw.primaryTitle);
      if (!id || !primary || (typeof raw.type === 'string' && !FILM_TYPES.has(raw.type))) return [];
      return [{ id, title: primary, originalTitle: str(raw.originalTitle), year: int(raw.startYear) }];
    });
  }

  async getTitles(ids: string[], { deadline }: CallOptions): Promise<CatalogTitle[]> {
    const batches: string[][] = [];
    for (let i = 0; i < ids.length; i += BATCH_LIMIT) batches.push(ids.slice(i, i + BATCH_LIMIT));
    const results = await Promise.all(
      batches.map(async (batch) => {
        const query = batch.map((id) => `titleIds=${encodeURIComponent(id)}`).join('&');
        const body = await fetchJson(`${this.baseUrl}/titles:batchGet?${query}`, { settings: this.settings, breaker: this.breaker, deadline });
        return titlesOf(body).flatMap((raw) => {
          const title = toCatalogTitle(raw);
          return title ? [title] : [];
        });
      }),
    );
    return results.flat();
  }
}

/** The `titles` array of a response; a body without one is malformed. A 404 has none. */
function titlesOf(body: unknown): Json[] {
  if (body === null) return [];
  if (!isObject(body)) throw new CatalogUnavailableError('catalog answered with an unexpected shape');
  if (body.titles === undefined) return [];
  if (!Array.isArray(body.titles)) throw new CatalogUnavailableError('catalog answered with an unexpected shape');
  return body.titles.filter(isObject);
}

function toCatalogTitle(raw: Json): CatalogTitle | null {
  const id = str(raw.id);
  const title = str(raw.primaryTitle);
  if (!id || !title) return null;
  const rating = isObject(raw.rating) && typeof raw.rating.aggregateRating === 'number' ? raw.rating.aggregateRating : null;
  const poster = isObject(raw.primaryImage) ? str(raw.primaryImage.url) : null;
  const seconds = int(raw.runtimeSeconds);
  return {
    id,
    title,
    originalTitle: str(raw.originalTitle),
    year: int(raw.startYear),
    rating: rating !== null && rating >= 0 && rating <= 10 ? rating : null,
    plot: str(raw.plot),
    genres: Array.isArray(raw.genres) ? raw.genres.filter((g): g is string => typeof g === 'string') : [],
    directors: names(raw.directors),
    stars: names(raw.stars),
    posterUrl: poster && /^https?:\/\//.test(poster) ? poster : null,
    runtimeMinutes: seconds !== null ? Math.round(seconds / 60) : null,
  };
}
