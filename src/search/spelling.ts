// A word typed wrong ("drumer", "theif") is a word the corpus lacks: no film matches it, and
// search takes it for a detail no film has, which is what a description of a film the corpus
// lacks looks like. One edit away (a letter dropped, added or changed, or two swapped) there is
// usually the word meant; the commonest such word's index term is searched as another form of
// the word, as a synonym is (lexical-index.ts, SYNONYM_WEIGHT).
import { GENRES } from './genres.ts';
import { ORIGINS } from './origins.ts';
import { isStopword, stem, tokenize, words } from './tokens.ts';

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
/** Shorter words have too many neighbours one edit away to tell which was meant. */
const SHORTEST_CORRECTED = 5;
/**
 * Words query analysis reads as hints are meant as typed, however near a common word:
 * "nollywood" is not "hollywood".
 */
const HINT_TERMS = new Set([...ORIGINS.flatMap((origin) => origin.words), ...GENRES.flatMap((genre) => genre.said)].flatMap(tokenize));

/** Every string one edit from `word`: deletions, swaps of neighbours, changes and insertions. */
export function oneEditAway(word: string): string[] {
  const variants = new Set<string>();
  for (let i = 0; i <= word.length; i++) {
    const head = word.slice(0, i);
    const tail = word.slice(i);
    if (tail) variants.add(head + tail.slice(1));
    if (tail.length > 1) variants.add(head + tail[1] + tail[0] + tail.slice(2));
    for (const letter of LETTERS) {
      if (tail) variants.add(head + letter + tail.slice(1));
      variants.add(head + letter + tail);
    }
  }
  variants.delete(word);
  return [...variants];
}

/**
 * The index term a description's word was probably meant to be, when the corpus lacks the
 * word's own term: the term held by the most films among those of the words one edit away
 * (spelt as words, not terms: "resturant" is a letter from "restaurant", whose term is
 * "restaur"). Null for a word the corpus holds, one too short, not of letters alone, a hint
 * word, or one with nothing near.
 */
export function likelySpelling(word: string, documentFrequency: (term: string) => number): string | null {
  if (word.length < SHORTEST_CORRECTED || !/^[a-z]+$/.test(word) || isStopword(word)) return null;
  const own = stem(word);
  if (HINT_TERMS.has(own) || documentFrequency(own) > 0) return null;
  let best: string | null = null;
  let bestFrequency = 0;
  for (const variant of oneEditAway(word).sort()) {
    const term = stem(variant);
    const frequency = isStopword(variant) ? 0 : documentFrequency(term);
    if (frequency > bestFrequency) {
      best = term;
      bestFrequency = frequency;
    }
  }
  return best;
}

/** For each word of a text the corpus lacks, its term and the term probably meant. */
export function spellingCorrections(text: string, documentFrequency: (term: string) => number): Map<string, string> {
  const corrections = new Map<string, string>();
  for (const word of words(text)) {
    const meant = likelySpelling(word, documentFrequency);
    if (meant !== null) corrections.set(stem(word), meant);
  }
  return corrections;
}
