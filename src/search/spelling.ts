// A word typed wrong ("drumer", "theif") is a word the corpus lacks: no film matches it, and
// search takes it for a detail no film has, which is what a description of a film the corpus
// lacks looks like. One edit away (a letter dropped, added or changed, or two swapped) there is
// usually the word meant; the commonest such word's index term is searched as another form of
// the word, as a synonym is (lexical-index.ts, SYNONYM_WEIGHT). Words typed apart or together
// that the corpus holds the other way ("kore-eda" for "Koreeda", "spiderman" for "Spider-Man")
// are searched the corpus's way too.
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

/** The shortest part a word typed whole is split into ("spiderman": "spider" and "man"). */
const SHORTEST_PART = 3;

/**
 * A word the corpus lacks that is two words typed as one ("spiderman"): the term of the pair
 * of words ("spider_man", as the index holds adjacent words, tokens.ts bigrams) of the split
 * held by the most films; null when the corpus holds no such pair.
 */
export function likelySplit(word: string, documentFrequency: (term: string) => number): string | null {
  if (word.length < 2 * SHORTEST_PART || !/^[a-z]+$/.test(word) || documentFrequency(stem(word)) > 0) return null;
  let best: string | null = null;
  let bestFrequency = 0;
  for (let at = SHORTEST_PART; at <= word.length - SHORTEST_PART; at++) {
    const head = word.slice(0, at);
    const tail = word.slice(at);
    if (isStopword(head) || isStopword(tail)) continue;
    const pair = `${stem(head)}_${stem(tail)}`;
    const frequency = documentFrequency(pair);
    if (frequency > bestFrequency) {
      best = pair;
      bestFrequency = frequency;
    }
  }
  return best;
}

/**
 * Two words typed apart that the corpus holds as one ("kore-eda", "kore eda": the credits'
 * "Koreeda"): each part the corpus lacks is searched as the whole word.
 */
function joinedWords(tokens: string[], documentFrequency: (term: string) => number, corrections: Map<string, string>): void {
  for (let i = 0; i + 1 < tokens.length; i++) {
    const parts = [tokens[i]!, tokens[i + 1]!];
    if (!parts.every((part) => /^[a-z]+$/.test(part) && !isStopword(part))) continue;
    const whole = stem(parts.join(''));
    if (documentFrequency(whole) === 0) continue;
    for (const part of parts) if (documentFrequency(stem(part)) === 0) corrections.set(stem(part), whole);
  }
}

/**
 * For each word of a text the corpus lacks, its term and the term probably meant: the whole
 * word it is part of, a word one edit away, or the pair of words it runs together.
 */
export function spellingCorrections(text: string, documentFrequency: (term: string) => number): Map<string, string> {
  const corrections = new Map<string, string>();
  const tokens = words(text);
  joinedWords(tokens, documentFrequency, corrections);
  for (const word of tokens) {
    if (corrections.has(stem(word))) continue;
    const meant = likelySpelling(word, documentFrequency) ?? likelySplit(word, documentFrequency);
    if (meant !== null) corrections.set(stem(word), meant);
  }
  return corrections;
}
