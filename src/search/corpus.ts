// The movie corpus: the records semantic search runs over (rag_* fields of a candidate).
import { foldAccents } from '../text.ts';
export interface CorpusMovie {
  /** Stable id: slug of the English title plus the year, e.g. "the-shawshank-redemption-1994". */
  id: string;
  /** English title. */
  title: string;
  /** Other titles the film is known by (the original-language title, ...). */
  aliases: string[];
  /**
   * Names people call the film by that are no title of it: its number in a series ("Harry
   * Potter 3"), a short form ("LOTR 2"), a title used in another country. Searched as a
   * title, never sent to the catalog; absent when the corpus has none.
   */
  knownAs?: string[];
  year: number;
  directors: string[];
  genres: string[];
  cast: string[];
  runtimeMinutes: number | null;
  /** The team's own summary: what a viewer would remember. */
  plot: string;
  /**
   * The premise in a sentence, as a catalog would give it ("a shark terrorises a beach
   * town"); absent when the corpus has none. People who half-remember a film often say little
   * more than this, and a plot summary tells the story scene by scene.
   */
  logline?: string;
  /** Production countries, main first ("United States", "South Korea"); empty when unknown. */
  countries: string[];
  /** Original spoken languages, main first ("English", "Hindi"; "Silent" first for silent films); empty when unknown. */
  languages: string[];
  /** The catalog's vote count, how well known the film is; null when unknown. */
  votes: number | null;
}

export const PLOT_MIN_WORDS = 60;
export const PLOT_MAX_WORDS = 120;
export const LOGLINE_MIN_WORDS = 5;
export const LOGLINE_MAX_WORDS = 45;

export const countWords = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** A URL- and log-friendly id: "Léon: The Professional" 1994 -> "leon-the-professional-1994". */
export function corpusId(title: string, year: number): string {
  const slug = foldAccents(title)
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug || 'untitled'}-${year}`;
}

/** Problems with one record (empty when valid). */
export function corpusRecordProblems(movie: CorpusMovie): string[] {
  const problems: string[] = [];
  const nonEmptyStrings = (value: unknown) => Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string' && v.trim() !== '');
  if (typeof movie.id !== 'string' || movie.id !== corpusId(movie.title, movie.year)) problems.push(`id ${movie.id} does not match title and year`);
  if (typeof movie.title !== 'string' || movie.title.trim() === '') problems.push('title is empty');
  if (!Array.isArray(movie.aliases) || movie.aliases.some((alias) => typeof alias !== 'string' || alias === movie.title)) problems.push('aliases must be other titles');
  if (movie.knownAs !== undefined && !(nonEmptyStrings(movie.knownAs) && movie.knownAs.every((name) => name !== movie.title))) {
    problems.push('knownAs must be a non-empty list of other names when given');
  }
  if (!Number.isInteger(movie.year) || movie.year < 1888 || movie.year > new Date().getFullYear() + 1) problems.push(`year ${movie.year} out of range`);
  if (!nonEmptyStrings(movie.directors)) problems.push('directors must be a non-empty list of names');
  if (!nonEmptyStrings(movie.genres)) problems.push('genres must be a non-empty list');
  if (!nonEmptyStrings(movie.cast)) problems.push('cast must be a non-empty list of names');
  if (movie.runtimeMinutes !== null && !(Number.isInteger(movie.runtimeMinutes) && movie.runtimeMinutes > 0 && movie.runtimeMinutes < 1000)) {
    problems.push(`runtime ${movie.runtimeMinutes} out of range`);
  }
  if (!nonEmptyStrings(movie.countries)) problems.push('countries must be a non-empty list');
  if (!nonEmptyStrings(movie.languages)) problems.push('languages must be a non-empty list');
  if (movie.votes !== null && !(Number.isInteger(movie.votes) && movie.votes >= 0)) problems.push(`votes ${movie.votes} must be a count or null`);
  const words = typeof movie.plot === 'string' ? countWords(movie.plot) : 0;
  if (words < PLOT_MIN_WORDS || words > PLOT_MAX_WORDS) problems.push(`plot has ${words} words (${PLOT_MIN_WORDS}-${PLOT_MAX_WORDS})`);
  if (movie.logline !== undefined && (typeof movie.logline !== 'string' || countWords(movie.logline) < LOGLINE_MIN_WORDS || countWords(movie.logline) > LOGLINE_MAX_WORDS)) {
    problems.push(`logline must be ${LOGLINE_MIN_WORDS}-${LOGLINE_MAX_WORDS} words when given`);
  }
  return problems;
}

/** Every name the film is searched by: its title, its other titles and what people call it. */
export const namesOf = (movie: CorpusMovie): string[] => [movie.title, ...movie.aliases, ...(movie.knownAs ?? [])];

/** What the film's story is searched by: its logline, when it has one, then its plot. */
export const storyTexts = (movie: CorpusMovie): string[] => (movie.logline ? [movie.logline, movie.plot] : [movie.plot]);

/** Reads a JSONL file of records, one JSON object per line. */
export async function readJsonLines<T>(path: string): Promise<T[]> {
  const text = await Bun.file(path).text();
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as T);
}
