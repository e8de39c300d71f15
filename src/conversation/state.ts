// The conversation checkpoint: everything the next turn needs, saved after every turn.
import type { MovieCandidate } from '../catalog/candidates.ts';
import type { SearchHints } from '../search/query-analysis.ts';
import type { Phase } from '../store/sessions.repo.ts';

export type { Phase };

/** A movie record as shown to clients (MovieCandidate / ConfirmedMovie fields). */
export type MovieRecord = MovieCandidate;

export interface ConversationState {
  phase: Phase;
  /** The search query built so far: the first description plus refinements. */
  query: string;
  /** Constraints read from the description (era, genres, origin, people) that are not in its words. */
  hints: SearchHints;
  refinementCycles: number;
  candidates: MovieRecord[];
  rejectedIds: string[];
  confirmedMovie: MovieRecord | null;
}

export const initialState = (): ConversationState => ({
  phase: 'discovery',
  query: '',
  hints: {},
  refinementCycles: 0,
  candidates: [],
  rejectedIds: [],
  confirmedMovie: null,
});

/** Reads a stored checkpoint; anything unreadable starts the conversation afresh. */
export function restoreState(stored: unknown): ConversationState {
  if (stored === null || typeof stored !== 'object') return initialState();
  return { ...initialState(), ...(stored as Partial<ConversationState>) };
}
