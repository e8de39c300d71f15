// Does a catalog title belong to a corpus film? Title similarity and year agreement, the
// "catalog match" half of a candidate's confidence.
import { foldAccents } from '../text.ts';

/** Lower case, no accents or punctuation, "&" as "and", no leading article. */
export function normaliseTitle(title: string): string {
  return foldAccents(title)
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .replace(/^(the|a|an) /, '');
}

/** Sørensen-Dice coefficient of character bigrams of the normalised titles, in [0, 1]. */
export function titleSimilarity(a: string, b: string): number {
  const left = normaliseTitle(a);
  const right = normaliseTitle(b);
  if (left === right) return 1;
  if (left.length < 2 || right.length < 2) return 0;
  const bigrams = (text: string) => {
    const counts = new Map<string, number>();
    for (let i = 0; i < text.length - 1; i++) counts.set(text.slice(i, i + 2), (counts.get(text.slice(i, i + 2)) ?? 0) + 1);
    return counts;
  };
  const first = bigrams(left);
  let shared = 0;
  for (const [gram, count] of bigrams(right)) shared += Math.min(count, first.get(gram) ?? 0);
  return (2 * shared) / (left.length - 1 + right.length - 1);
}

/**
 * 1 for the same year, 0.7 one year apart (festival and regional releases differ), 0.3 two
 * years apart, 0 further; 0.5 when either year is unknown.
 */
export function yearAgreement(a: number | null, b: number | null): number {
  if (a === null || b === null) return 0.5;
  return [1, 0.7, 0.3][Math.abs(a - b)] ?? 0;
}

export interface FilmIdentity {
  title: string;
  aliases: string[];
  year: number | null;
}

export interface CatalogCandidate {
  title: string;
  originalTitle: string | null;
  year: number | null;
}

/**
 * Catalog match in [0, 1]: 0.7 × the best title similarity (any of the film's titles against
 * the catalog's title or original title) + 0.3 × year agreement.
 */
export function catalogMatch(film: FilmIdentity, candidate: CatalogCandidate): number {
  const ours = [film.title, ...film.aliases];
  const theirs = [candidate.title, candidate.originalTitle].filter((t): t is string => !!t);
  const title = Math.max(...ours.flatMap((a) => theirs.map((b) => titleSimilarity(a, b))));
  return 0.7 * title + 0.3 * yearAgreement(film.year, candidate.year);
}

/** Below this a catalog title is not the film: its catalog_* fields stay empty. */
export const MIN_CATALOG_MATCH = 0.75;

/** The best catalog candidate for the film, if it is a confident match. */
export function pickMatch<T extends CatalogCandidate>(film: FilmIdentity, candidates: T[]): { candidate: T; match: number } | null {
  let best: { candidate: T; match: number } | null = null;
  for (const candidate of candidates) {
    const match = catalogMatch(film, candidate);
    if (!best || match > best.match) best = { candidate, match };
  }
  return best && best.match >= MIN_CATALOG_MATCH ? best : null;
}
