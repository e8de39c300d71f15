// The offline catalog: answers from the bundled snapshot (data/catalog/snapshot.jsonl), so the
// service enriches candidates with no network at all. Searches the way the live catalog does:
// by title, returning the closest titles.
import { ConfigError } from '../config.ts';
import { readJsonLines } from '../search/corpus.ts';
import { whyUnreadable } from '../text.ts';
import type { CatalogProvider, CatalogSearchHit, CatalogTitle } from './catalog.ts';
import { normaliseTitle, titleSimilarity } from './matching.ts';
import type { CatalogEntry } from './snapshot.ts';

const SEARCH_LIMIT = 10;
const MIN_SIMILARITY = 0.5;

export class OfflineCatalog implements CatalogProvider {
  readonly name = 'offline';
  readonly batchLimit = Number.POSITIVE_INFINITY; // no requests: every id at once
  private readonly byId = new Map<string, CatalogEntry>();
  private readonly byTitle = new Map<string, CatalogEntry[]>();

  constructor(private readonly entries: CatalogEntry[]) {
    for (const entry of entries) {
      this.byId.set(entry.id, entry);
      for (const title of new Set([normaliseTitle(entry.title), normaliseTitle(entry.originalTitle)])) {
        this.byTitle.set(title, [...(this.byTitle.get(title) ?? []), entry]);
      }
    }
  }

  static async load(path: string): Promise<OfflineCatalog> {
    try {
      return new OfflineCatalog(await readJsonLines<CatalogEntry>(path));
    } catch (error) {
      throw new ConfigError([`CATALOG_SNAPSHOT: cannot read ${path} (${whyUnreadable(error)})`]);
    }
  }

  async searchTitles(title: string): Promise<CatalogSearchHit[]> {
    const exact = this.byTitle.get(normaliseTitle(title)) ?? [];
    const close = exact.length > 0
      ? exact
      : this.entries
          .map((entry) => ({ entry, similarity: Math.max(titleSimilarity(title, entry.title), titleSimilarity(title, entry.originalTitle)) }))
          .filter(({ similarity }) => similarity >= MIN_SIMILARITY)
          .sort((a, b) => b.similarity - a.similarity)
          .map(({ entry }) => entry);
    return close.slice(0, SEARCH_LIMIT).map((entry) => ({ id: entry.id, title: entry.title, originalTitle: entry.originalTitle, year: entry.year }));
  }

  async getTitles(ids: string[]): Promise<CatalogTitle[]> {
    return ids.flatMap((id) => {
      const entry = this.byId.get(id);
      return entry ? [toCatalogTitle(entry)] : [];
    });
  }
}

function toCatalogTitle(entry: CatalogEntry): CatalogTitle {
  return {
    id: entry.id,
    title: entry.title,
    originalTitle: entry.originalTitle,
    year: entry.year,
    rating: entry.rating,
    plot: entry.plot,
    genres: entry.genres,
    directors: entry.directors,
    stars: entry.stars,
    posterUrl: entry.posterUrl,
    runtimeMinutes: entry.runtimeMinutes,
  };
}
