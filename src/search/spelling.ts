// A word typed wrong ("drumer", "theif") is a word the corpus lacks: no film matches it, and
// search takes it for a detail no film has, which is what a description of a film the corpus
// lacks looks like. One edit away (a letter dropped, added or changed, or two swapped) there is
// usually the word meant; the commonest such index term is searched as another form of the
// word, as a synonym is (lexical-index.ts, SYNONYM_WEIGHT).
import { GENRES } from './genres.ts';
import { ORIGINS } from './origins.ts';
import { tokenize } from './tokens.ts';

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
/** Shorter terms have too many neighbours one edit away to tell which was meant. */
const SHORTEST_CORRECTED = 5;
/**
 * Words query analysis reads as hints are meant as typed, however near a common word:
 * "nollywood" is not "hollywood".
 */
const HINT_TERMS = new Set([...ORIGINS.flatMap((origin) => origin.words), ...GENRES.flatMap((genre) => genre.said)].flatMap(tokenize));

/** Every string one edit from `term`: deletions, swaps of neighbours, changes and insertions. */
export function oneEditAway(term: string): string[] {
  const variants = new Set<string>();
  for (let i = 0; i <= term.length; i++) {
    const head = term.slice(0, i);
    const tail = term.slice(i);
    if (tail) variants.add(head + tail.slice(1));
    if (tail.length > 1) variants.add(head + tail[1] + tail[0] + tail.slice(2));
    for (const letter of LETTERS) {
      if (tail) variants.add(head + letter + tail.slice(1));
      variants.add(head + letter + tail);
    }
  }
  variants.delete(term);
  return [...variants];
}

/**
 * The index term a description's unknown term was probably meant to be: the one held by the
 * most films among those one edit away, or null (a term the corpus holds, too short, not
 * a word of letters alone (a number, a pair of words), a hint word, or nothing near).
 */
export function likelySpelling(term: string, documentFrequency: (term: string) => number): string | null {
  if (term.length < SHORTEST_CORRECTED || !/^[a-z]+$/.test(term) || HINT_TERMS.has(term) || documentFrequency(term) > 0) return null;
  let best: string | null = null;
  let bestFrequency = 0;
  for (const variant of oneEditAway(term).sort()) {
    const frequency = documentFrequency(variant);
    if (frequency > bestFrequency) {
      best = variant;
      bestFrequency = frequency;
    }
  }
  return best;
}
