// Pieces of wording both language engines and the pipeline use, so a candidate or a list of
// names reads the same wherever it appears.
import { type MovieCandidate, releaseYear } from '../catalog/candidates.ts';
import type { SeriesPlace } from '../search/series.ts';

/** "A", "A and B", "A, B and C" (at most `max` names); "A or B" with `or`. */
export function listNames(names: string[], max = Infinity, conjunction: 'and' | 'or' = 'and'): string {
  const shown = names.slice(0, max);
  if (shown.length <= 1) return shown.join('');
  return `${shown.slice(0, -1).join(', ')} ${conjunction} ${shown.at(-1)}`;
}

/** The text with its first letter in upper case, to open a sentence. */
export const capitalised = (text: string) => text.replace(/^./, (c) => c.toUpperCase());

/** Emits text in small pieces, as a model would stream it. */
export function streamWords(text: string, stream: (text: string) => void): void {
  for (const piece of text.match(/\S+\s*|\s+/g) ?? []) stream(piece);
}

/** "Jaws (1975)": a candidate as the catalog names it, else the corpus. */
const titleAndYear = (candidate: MovieCandidate) => `${candidate.catalog_title ?? candidate.rag_title} (${releaseYear(candidate)})`;

/**
 * "1. Jaws (1975), directed by Steven Spielberg. Match: 87%. <catalog logline>". A film the
 * catalog did not match (it does not list it, or could not be asked) says so beside its low
 * match, the catalog's part of it being nil, and is told in the first sentence of what the
 * collection holds of it.
 */
export function candidateLine(candidate: MovieCandidate, position: number): string {
  const director = candidate.catalog_directors[0] ?? candidate.rag_director;
  const by = director ? `, directed by ${director}` : '';
  const match = `Match: ${Math.round(candidate.confidence * 100)}%`;
  if (candidate.catalog_id !== null) {
    const logline = candidate.catalog_plot ? ` ${candidate.catalog_plot}` : '';
    return `${position}. ${titleAndYear(candidate)}${by}. ${match}.${logline}`;
  }
  const told = firstSentence(candidate.rag_plot);
  return `${position}. ${titleAndYear(candidate)}${by}. ${match} (not matched in the film catalog).${told ? ` ${told}` : ''}`;
}

/** Longest first sentence of a plot shown in a list: longer ones are cut at a word. */
const FIRST_SENTENCE_MAX = 200;

function firstSentence(plot: string): string {
  const sentence = plot.trim().split(/(?<=[.!?])\s+(?=[A-Z"'(])/)[0] ?? '';
  if (sentence.length <= FIRST_SENTENCE_MAX) return sentence;
  return `${sentence.slice(0, sentence.lastIndexOf(' ', FIRST_SENTENCE_MAX))}…`;
}

/** "The closest match I found, Jaws (1975),": the opening of a plain word about the best candidate. */
const closestMatch = (candidate: MovieCandidate) => `The closest match I found, ${titleAndYear(candidate)},`;

/** Said when a refinement describes one of the films already shown, which a yes then takes. */
export function thatSoundsLike(candidate: MovieCandidate): string {
  return `That sounds like ${titleAndYear(candidate)}, one of the films I showed you: is that the one? Say yes, or tell me more about the film.`;
}

/** Said when a reply names people one of the films shown credits, which a yes then takes; `afterAll` when the reply turned the list down. */
export function shownHasThem(candidate: MovieCandidate, names: string[], afterAll: boolean): string {
  return `${titleAndYear(candidate)}, one of the films I showed you, has ${listNames(names, 3)}: is that the one${afterAll ? ' after all' : ''}? Say yes, or tell me more about the film.`;
}

/** Said after answering a question about one of the films shown, which a yes then takes. */
export function isItThisOne(candidate: MovieCandidate): string {
  return `Is it ${titleAndYear(candidate)}? Say yes, or pick another film of the list, or tell me more about the film.`;
}

/** Said when a reply points at a place of the list it does not have ("the sixth one" of five). */
export function notInTheList(position: number, shown: number): string {
  const films = shown === 1 ? 'one film' : `${shown} films`;
  const pick = shown === 1 ? 'Say yes if it is that one' : `Pick one by its number, 1 to ${shown}, or by its title`;
  return `I showed you ${films}, so there is no number ${position}. ${pick}, or tell me more about the film.`;
}

/** Said before the list when the best candidate does not credit people the description names. */
export function bestDoesNotCredit(candidate: MovieCandidate, names: string[]): string {
  return `${closestMatch(candidate)} does not credit ${listNames(names, 3, 'or')} as far as I know.`;
}

/** Said before the list when the description names people and nothing of the story ("tom hanks"); `eraKnown` when it said when. */
export function filmsWithThem(names: string[], eraKnown: boolean): string {
  return `You named ${listNames(names, 3)} and nothing of the story: if the film isn't among these, tell me something that happens in it${eraKnown ? '' : ', or roughly when it came out'}.`;
}

/** Said before the list when the best candidate credits the people named and holds nothing else of the description. */
export function bestMatchesOnlyNames(candidate: MovieCandidate, names: string[]): string {
  return `${closestMatch(candidate)} is one with ${listNames(names, 3)}, but nothing I know of its story matches the rest of your description.`;
}

/**
 * The details worth asking for when the film was not found, or not surely: when it came out,
 * unless the person already said so (asking again would show they were not heard).
 */
export function helpfulDetails({ eraKnown }: { eraKnown: boolean }): string {
  return eraKnown ? 'an actor in it, where it is set, or a scene you remember' : 'roughly when it came out, an actor in it, or a scene you remember';
}

/** Years as people say them: "in 2024", "in the 2030s", "between 1890 and 1930". */
function whenSaid({ from, to }: { from: number; to: number }): string {
  if (from === to) return `in ${from}`;
  if (from % 10 === 0 && to === from + 9) return `in the ${from}s`;
  return `between ${from} and ${to}`;
}

/**
 * Said plainly when the person places the film in years no film of the collection comes
 * from ("it came out in 2024" when the latest film known is from 2023): the film is then
 * most likely not in it, whatever the search offers nearby.
 */
export function yearsBeyondCollection(said: { from: number; to: number }, held: { from: number; to: number }): string {
  const edge = said.from > held.to ? `the latest I have came out in ${held.to}` : `the earliest I have came out in ${held.from}`;
  return `None of the films I know came out ${whenSaid(said)}: ${edge}, so yours may not be in my collection.`;
}

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth'];

/**
 * Said plainly when the person places the film beside one the collection holds, where it holds
 * none ("the sequel to jaws" when Jaws is the only one of its series).
 */
export function placeNotHeld(film: { title: string; year: number }, place: SeriesPlace): string {
  const named = `${film.title} (${film.year})`;
  const asked =
    place.kind === 'after' ? `a sequel to ${named}`
    : place.kind === 'before' ? `a film of its series before ${named}`
    : place.kind === 'at' ? `a ${ORDINALS[place.index]} film in the series of ${named}`
    : `a later film in the series of ${named}`; // unreached: a series always has a last film
  return `I don't have ${asked} in my collection.`;
}
