// The film catalog port: what the enrichment step asks of a catalog, whichever answers it
// (the live imdbapi.dev client or the bundled offline snapshot).

/** A catalog title, already mapped to what the service shows as catalog_* fields. */
export interface CatalogTitle {
  id: string;
  title: string;
  originalTitle: string | null;
  year: number | null;
  /** 0 to 10. */
  rating: number | null;
  plot: string | null;
  genres: string[];
  directors: string[];
  stars: string[];
  posterUrl: string | null;
  runtimeMinutes: number | null;
}

/** A search hit: enough to decide whether it is the film we look for. */
export interface CatalogSearchHit {
  id: string;
  title: string;
  originalTitle: string | null;
  year: number | null;
}

export interface CallOptions {
  /** The turn's deadline (epoch ms): no call, retry or wait may run past it. */
  deadline: number;
}

export interface CatalogProvider {
  readonly name: string;
  /** The most ids one getTitles call asks for in a single request (it splits longer lists). */
  readonly batchLimit: number;
  /** Titles matching a title search, best first. */
  searchTitles(title: string, options: CallOptions): Promise<CatalogSearchHit[]>;
  /** Full records of the given ids (ids the catalog does not know are left out). */
  getTitles(ids: string[], options: CallOptions): Promise<CatalogTitle[]>;
}

/** The catalog could not answer (down, slow, refusing, or speaking nonsense). */
export class CatalogUnavailableError extends Error {}
