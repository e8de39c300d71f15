// The language-model port: every language step of the pipeline (presenting candidates,
// classifying the user's confirmation, extracting plot details, the Q&A agent) sits behind
// this interface, with two engines: an OpenAI-compatible client and the offline engine.
import type { MovieCandidate } from '../catalog/candidates.ts';
import type { SearchHints } from '../search/query-analysis.ts';

export type Intent =
  /** The user picked candidate `index` (0-based), and may ask `question` of it in the same breath ("yes! who voices the rat?"). */
  | { kind: 'confirm'; index: number; question?: string }
  /** The user asks `question` about candidate `index` without choosing it ("who is in the second one?"). */
  | { kind: 'ask'; index: number; question: string }
  /** The user points at place `position` (1-based) of a list that does not have it ("the sixth one" of five). */
  | { kind: 'notShown'; position: number }
  /**
   * None of the candidates is the film. `details` is what the reply adds about it (may be
   * empty); `anchor` the candidate it is like ("similar to the second, but animated") or
   * whose person is right ("right director, wrong film"); `hints` what the next search must
   * keep (that person, an era); `turnsDownAll` whether it turns every film shown down in so
   * many words ("none of these"), so that no detail it tells can point back at one of them.
   */
  | { kind: 'refine'; details: string; anchor: number | null; hints: SearchHints; turnsDownAll: boolean };

/** The farthest place of a list a reply is read as pointing at ("the tenth one"); past it, a number is no place. */
export const FARTHEST_PLACE = 10;

export interface SimilarFilm {
  title: string;
  year: number;
  directors: string[];
}

/** The Q&A agent's tools: facts about the confirmed film, from the catalog and the corpus. */
export interface MovieTools {
  /** The film's full record: catalog fields and corpus fields (runtime, plot, genres, ...). */
  details(): Promise<MovieFacts>;
  /** Directors and cast. */
  credits(): Promise<{ directors: string[]; cast: string[] }>;
  /** Films from the corpus whose story is closest to this one. */
  similar(count: number): Promise<SimilarFilm[]>;
  /** The other films of the collection in its series (a title opening alike, someone in common), oldest first. */
  series(): Promise<SimilarFilm[]>;
  /** The other films of the collection by its directors, oldest first. */
  byDirectors(): Promise<SimilarFilm[]>;
}

export interface MovieFacts {
  title: string;
  originalTitle: string | null;
  year: number | null;
  directors: string[];
  cast: string[];
  genres: string[];
  rating: number | null;
  runtimeMinutes: number | null;
  /** Production countries and spoken languages, main first; empty when unknown. */
  countries: string[];
  languages: string[];
  /** The catalog's short plot. */
  logline: string | null;
  /** The corpus plot summary. */
  plot: string | null;
}

export interface PresentationInput {
  query: string;
  candidates: MovieCandidate[];
  /** 0 for the first search, then the refinement cycle. */
  refinement: number;
  /**
   * Whether the film is probably among the candidates. When it is not, they are only the
   * nearest the search found, and the presentation must say so plainly.
   */
  likely: boolean;
  /** What to ask for when the film is not likely among them (wording.ts, helpfulDetails). */
  askFor: string;
  /** The language the description was written in, when the engine read it in translation. */
  translatedFrom?: string;
  /**
   * Said plainly before the list: that the film is placed in years the collection has no film
   * from, that the best candidate does not credit a person named (wording.ts).
   */
  sayFirst?: string;
}

/** A description as search needs it: in English, with what it constrains read out. */
export type UnderstoodDescription =
  | { kind: 'description'; text: string; hints: SearchHints; translatedFrom?: string }
  /** The engine cannot read this language; `language` names it, in English, and `readable` those it can. */
  | { kind: 'unsupported-language'; language: string; code: string; readable: string[] };

export interface LanguageModel {
  readonly name: string;
  /** Reads a description before search: its language, and an English rewrite if needed. */
  understandDescription(message: string): Promise<UnderstoodDescription>;
  /** Introduces the candidates; text is streamed as it is produced and returned whole. */
  presentCandidates(input: PresentationInput, stream: (text: string) => void): Promise<string>;
  /**
   * Reads the reply to a list of candidates: which one it confirms, or how it refines.
   * `inView` is the candidate the last reply asked about ("Is it Heat (1995)?"), which a plain
   * yes takes; without it a plain yes takes the first.
   */
  classifyConfirmation(message: string, candidates: MovieCandidate[], inView?: number): Promise<Intent>;
  /** The overview given when the user confirms a film. */
  describeMovie(tools: MovieTools): Promise<string>;
  answerQuestion(question: string, tools: MovieTools): Promise<string>;
}
