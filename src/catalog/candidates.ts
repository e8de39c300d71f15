// Step 3 of the pipeline: confidence, validation and the MovieCandidate record clients see.
//
// confidence = 0.4 × semantic similarity + 0.6 × catalog match, in [0, 1]:
// - semantic similarity is the search's calibrated relevance: the probability that this film
//   is the one described, from the learned ranker (src/search/movie-search.ts), so values
//   spread between candidates and mean what they say;
// - catalog match: matching.ts, 0.7 × title similarity + 0.3 × year agreement with the catalog
//   record; 0 when no confident catalog record was found.
// Whether to offer candidates at all is decided apart, by the search (its abstain), because
// the catalog half is high for any real film, relevant or not.
import type { CorpusMovie } from '../search/corpus.ts';
import type { CatalogTitle } from './catalog.ts';
import type { EnrichedHit } from './enrichment.ts';
import { normaliseTitle } from './matching.ts';

export const confidenceOf = (hit: Pick<EnrichedHit, 'relevance' | 'catalogMatch'>) =>
  Math.round((0.4 * hit.relevance + 0.6 * hit.catalogMatch) * 1000) / 1000;

/** A candidate as the spec's MovieCandidate (rag_* from the corpus, catalog_* from the catalog). */
export interface MovieCandidate {
  corpus_id: string;
  rag_title: string;
  rag_year: number;
  rag_director?: string;
  rag_genre: string[];
  rag_cast: string[];
  rag_plot: string;
  rag_runtime_minutes: number | null;
  /** Production countries and spoken languages in the corpus (absent from checkpoints saved before they were kept). */
  rag_countries?: string[];
  rag_languages?: string[];
  catalog_id: string | null;
  catalog_title: string | null;
  catalog_year: number | null;
  catalog_rating: number | null;
  catalog_plot: string | null;
  catalog_genres: string[];
  catalog_directors: string[];
  catalog_stars: string[];
  catalog_poster_url: string | null;
  confidence: number;
}

export function catalogFields(catalog: CatalogTitle | null) {
  return {
    catalog_id: catalog?.id ?? null,
    catalog_title: catalog?.title ?? null,
    catalog_year: catalog?.year ?? null,
    catalog_rating: catalog?.rating ?? null,
    catalog_plot: catalog?.plot ?? null,
    catalog_genres: catalog?.genres ?? [],
    catalog_directors: catalog?.directors ?? [],
    catalog_stars: catalog?.stars ?? [],
    catalog_poster_url: catalog?.posterUrl ?? null,
  };
}

export function toMovieCandidate(movie: CorpusMovie, catalog: CatalogTitle | null, confidence: number): MovieCandidate {
  return {
    corpus_id: movie.id,
    rag_title: movie.title,
    rag_year: movie.year,
    ...(movie.directors.length ? { rag_director: movie.directors.join(', ') } : {}),
    rag_genre: movie.genres,
    rag_cast: movie.cast,
    rag_plot: movie.plot,
    rag_runtime_minutes: movie.runtimeMinutes,
    rag_countries: movie.countries,
    rag_languages: movie.languages,
    ...catalogFields(catalog),
    confidence,
  };
}

/** The year a candidate came out: the catalog's, else the corpus's. */
export const releaseYear = (candidate: MovieCandidate) => candidate.catalog_year ?? candidate.rag_year;

/** A candidate's directors, the corpus's then the catalog's. */
export const directorsOf = (candidate: MovieCandidate) => [...(candidate.rag_director?.split(', ') ?? []), ...candidate.catalog_directors];

/** Everyone a candidate credits: its directors, then its cast from the corpus and the catalog. */
export const creditedNames = (candidate: MovieCandidate) => [...directorsOf(candidate), ...candidate.rag_cast, ...candidate.catalog_stars];

export interface ValidationRules {
  /** Candidates under this confidence are dropped. */
  minConfidence: number;
}

/**
 * Scores, removes duplicates (same catalog id, or same normalised title and year: the first,
 * best-ranked one stays), drops the weak the search ranks below every film kept, and keeps
 * the search's order. Not the order of
 * confidence: its catalog half says the catalog knows a film, not that it is the one
 * described, and a corpus larger than the catalog snapshot (the 35k-film one offline) would
 * see every film the snapshot lacks listed under any film it holds, however unlike.
 */
export function validateCandidates(hits: EnrichedHit[], rules: ValidationRules): MovieCandidate[] {
  const scored = hits.map((hit) => toMovieCandidate(hit.movie, hit.catalog, confidenceOf(hit)));
  const seen = new Set<string>();
  const unique: MovieCandidate[] = [];
  for (const candidate of scored) {
    const keys = [`title:${normaliseTitle(candidate.rag_title)}:${candidate.rag_year}`];
    if (candidate.catalog_id) keys.push(`catalog:${candidate.catalog_id}`);
    if (keys.some((key) => seen.has(key))) continue;
    keys.forEach((key) => seen.add(key));
    unique.push(candidate);
  }
  // A weak film the search ranks above one kept stays: its confidence is low because the
  // catalog lacks it, not because the search found it less likely.
  const lastStrong = unique.findLastIndex((candidate) => candidate.confidence >= rules.minConfidence);
  return unique.filter((candidate, index) => candidate.confidence >= rules.minConfidence || index < lastStrong);
}
