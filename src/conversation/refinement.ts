// What a refinement keeps: the first description, every detail added since, the constraints
// learned on the way (a person who is right, an era, a genre) and the films already rejected,
// all carried into the next search, with what the person says now leading.
import { type MovieCandidate, releaseYear } from '../catalog/candidates.ts';
import type { Intent } from '../llm/language-model.ts';
import type { SearchOptions } from '../search/movie-search.ts';
import { eraOf, type SearchHints, type YearRange } from '../search/query-analysis.ts';
import { placedBeside } from '../search/series.ts';
import { tokenize } from '../search/tokens.ts';
import type { ConversationState } from './state.ts';

type Refinement = Extract<Intent, { kind: 'refine' }>;

const OLDER = /\b(older|earlier|way before|before that|not that recent|not so recent|much older)\b/;
const NEWER = /\b(newer|more recent|later|not that old|not so old)\b/;

/** "it was older": before the film it is said of (the one it is like, else the first shown); "more recent": after it. */
function relativeEra(details: string, film: MovieCandidate | undefined): YearRange | undefined {
  const year = film && releaseYear(film);
  if (!year || !Number.isInteger(year)) return undefined;
  if (OLDER.test(details.toLowerCase())) return { from: 1880, to: year - 1 };
  if (NEWER.test(details.toLowerCase())) return { from: year + 1, to: 2100 };
  return undefined;
}

const union = (a: string[] | undefined, b: string[] | undefined) => [...new Set([...(a ?? []), ...(b ?? [])])];

/** The state after a refinement: details and constraints added, the shown films rejected. */
export function applyRefinement(state: ConversationState, refinement: Refinement): ConversationState {
  const shown = state.candidates;
  const anchor = refinement.anchor === null ? undefined : shown[refinement.anchor];
  // A decade said outright beats "older than these", which beats what was known before.
  const eraSaid = eraOf(refinement.details) ?? relativeEra(refinement.details, anchor ?? shown[0]);
  const era = eraSaid ?? refinement.hints.era ?? state.hints.era;
  // The film it is like shares its genres, drama aside (nearly every film is one).
  const anchorGenres = (anchor?.catalog_genres.length ? anchor.catalog_genres : (anchor?.rag_genre ?? [])).filter((genre) => genre !== 'Drama');
  const hints: SearchHints = {
    ...state.hints,
    ...(era ? { era } : {}),
    genres: union(state.hints.genres, [...(refinement.hints.genres ?? []), ...anchorGenres]),
    countries: union(state.hints.countries, refinement.hints.countries),
    people: union(state.hints.people, refinement.hints.people),
  };
  // "no, the sequel": to the film it is like, or the best shown.
  const beside = anchor ?? shown[0];
  const said = (beside && placedBeside(refinement.details, beside.rag_title)) ?? refinement.details.trim();
  const details = said ? [...state.details, said] : state.details;
  return {
    ...state,
    details,
    hints,
    query: [state.description, ...details].join('. '),
    rejectedIds: [...new Set([...state.rejectedIds, ...turnedDown(shown, refinement, eraSaid).map((candidate) => candidate.corpus_id)])],
  };
}

/**
 * The films a refinement turns down: every one shown, but where it only says when ("no, more
 * recent", "no, it's from the 2010s") without turning down the whole list, the films shown
 * after the first that came out then stay in the race: the first was what the "no" answered,
 * and Incredibles 2, shown second, may be the more recent film meant.
 */
function turnedDown(shown: MovieCandidate[], refinement: Refinement, eraSaid: YearRange | undefined): MovieCandidate[] {
  if (!eraSaid || refinement.turnsDownAll || tellsStory(refinement.details)) return shown;
  const fits = (film: MovieCandidate) => {
    const year = releaseYear(film);
    return year >= eraSaid.from && year <= eraSaid.to;
  };
  return shown.filter((film, index) => index === 0 || !fits(film));
}

/** Words of a correction that say when, or that something was misremembered, not what happens. */
const ABOUT_THE_TELLING = new Set(
  tokenize('older newer earlier later recent said meant thought than actually early late mid decade years year wasnt isnt more like much way ' +
    'twenties thirties forties fifties sixties seventies eighties nineties').concat(['s']),
);
/** The terms of a detail that say something of what happens: not when the film came out, nor that memory erred ("older"). */
const storyTerms = (text: string) => tokenize(text).filter((term) => !ABOUT_THE_TELLING.has(term) && !/^\d+s?$/.test(term));

/** Whether a detail says something of what happens, not only when the film came out or that memory erred ("older"). */
export const tellsStory = (text: string) => storyTerms(text).length > 0;

/** A detail short enough to point at a film shown rather than describe one ("the one with the cowboy"). */
const POINTING_TERMS = 3;

/**
 * The one film shown whose story holds every word of a short detail, when only one does: "the
 * one with the cowboy" after a list where only Toy Story's story has a cowboy. People point at
 * a film by what its line in the list told them; a search for "cowboy" would offer others.
 */
export function shownFilmTold(details: string, shown: MovieCandidate[]): number | null {
  const terms = storyTerms(details);
  if (terms.length === 0 || terms.length > POINTING_TERMS) return null;
  const holding = shown.flatMap((film, index) => {
    const story = new Set(tokenize([film.rag_plot, film.catalog_plot ?? '', ...film.rag_genre].join(' ')));
    return terms.every((term) => story.has(term)) ? [index] : [];
  });
  return holding.length === 1 ? holding[0]! : null;
}

/**
 * What the next search is asked: the newest detail that tells something of the story leads,
 * the rest is background (a correction of the era only changes the hints).
 */
export function searchRequest(state: ConversationState, k: number): { query: string } & SearchOptions {
  const told = [...state.details].reverse().filter(tellsStory);
  const [latest, ...earlier] = told;
  const base = { k, excludeIds: new Set(state.rejectedIds), hints: state.hints };
  if (!latest) return { ...base, query: state.description };
  return { ...base, query: latest, background: [...earlier.reverse(), state.description].join('. ') };
}
