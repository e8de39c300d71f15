// The bundled catalog snapshot, answered by the offline catalog provider: per film what the
// live catalog would return (catalog_* fields), with ids in a clearly local scheme.
export interface CatalogEntry {
  /** Local catalog id, "mdc" and seven digits (live imdbapi.dev ids are "tt" and digits). */
  id: string;
  /** Title as the catalog lists it (English where known). */
  title: string;
  /** The original-language title. */
  originalTitle: string;
  year: number;
  rating: number | null;
  votes: number | null;
  genres: string[];
  directors: string[];
  stars: string[];
  posterUrl: string | null;
  /** One or two sentences of the team's own, different from the corpus plot. */
  plot: string;
  runtimeMinutes: number | null;
}

export const LOCAL_CATALOG_ID = /^mdc\d{7}$/;

export function catalogEntryProblems(entry: CatalogEntry): string[] {
  const problems: string[] = [];
  if (!LOCAL_CATALOG_ID.test(entry.id)) problems.push(`id ${entry.id} is not a local catalog id`);
  if (typeof entry.title !== 'string' || entry.title.trim() === '') problems.push('title is empty');
  if (!Number.isInteger(entry.year) || entry.year < 1888) problems.push(`year ${entry.year} out of range`);
  if (entry.rating !== null && !(typeof entry.rating === 'number' && entry.rating >= 0 && entry.rating <= 10)) problems.push(`rating ${entry.rating} out of 0-10`);
  if (entry.votes !== null && !(Number.isInteger(entry.votes) && entry.votes >= 0)) problems.push('votes must be a count');
  for (const field of ['genres', 'directors', 'stars'] as const) {
    if (!Array.isArray(entry[field]) || entry[field].length === 0 || entry[field].some((v) => typeof v !== 'string' || v === '')) {
      problems.push(`${field} must be a non-empty list`);
    }
  }
  if (entry.posterUrl !== null && !/^https:\/\/\S+$/.test(entry.posterUrl)) problems.push('posterUrl must be an https URL');
  const sentences = entry.plot?.split(/(?<=[.!?])\s+/).filter(Boolean).length ?? 0;
  if (typeof entry.plot !== 'string' || sentences < 1 || sentences > 2) problems.push(`plot must be one or two sentences (${sentences})`);
  return problems;
}
