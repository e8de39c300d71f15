// The conversation checkpoint: everything the next turn needs, saved after every turn.
import type { MovieCandidate } from '../catalog/candidates.ts';
import type { SearchHints } from '../search/query-analysis.ts';
import type { Phase } from '../store/sessions.repo.ts';

export type { Phase };

/** A movie record as shown to clients (MovieCandidate / ConfirmedMovie fields). */
export type MovieRecord = MovieCandidate;

export interface ConversationState {
  phase: Phase;
  /** The first description of the film (in English when a language model rewrote it). */
  description: string;
  /** Details added by refinements, oldest first. */
  details: string[];
  /** The description and details together, as one text (for presenting and for the history). */
  query: string;
  /** Constraints read from the description (era, genres, origin, people) that are not in its words. */
  hints: SearchHints;
  refinementCycles: number;
  /** The last refinement found nothing new (the next one that does not either is spent). */
  fruitless: boolean;
  /**
   * After a description found nothing: that description, read again with the next one (the
   * dead end asks for a detail that would help, and the detail alone is rarely enough).
   */
  unfound: string | null;
  candidates: MovieRecord[];
  /** The candidate the last reply asked about ("Is it Heat (1995)?"), which a plain yes takes; null: the first. */
  inView: number | null;
  /** The question the last reply answered of a film shown ("what language is it in"), which "and the second?" asks again of another. */
  lastQuestion: string | null;
  rejectedIds: string[];
  confirmedMovie: MovieRecord | null;
}

export const initialState = (): ConversationState => ({
  phase: 'discovery',
  description: '',
  details: [],
  query: '',
  hints: {},
  refinementCycles: 0,
  fruitless: false,
  unfound: null,
  candidates: [],
  inView: null,
  lastQuestion: null,
  rejectedIds: [],
  confirmedMovie: null,
});

/** Reads a stored checkpoint; anything unreadable starts the conversation afresh. */
export function restoreState(stored: unknown): ConversationState {
  if (stored === null || typeof stored !== 'object') return initialState();
  const state = { ...initialState(), ...(stored as Partial<ConversationState>) };
  // Checkpoints written before descriptions and details were kept apart hold only the query.
  return state.description ? state : { ...state, description: state.query };
}
