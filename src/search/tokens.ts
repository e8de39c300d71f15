// Words as the lexical index sees them: accents folded, lower case, function words dropped,
// and reduced to a light stem so "kills", "killed" and "killing" meet, as do "love" and
// "loving" (and "car" and "care" do not). The stemmer is deliberately small (suffixes only,
// no dictionary): it must give the same stem to a word in a description and in a plot, not a
// linguistically correct one.
import { foldAccents } from '../text.ts';

const STOPWORDS = new Set(
  ('a an and are as at be but by for from has have he her his i in into is it its of on or she so that the their them ' +
    'then there they this to was were where which who whom with about after again all also am any because been before ' +
    'being both can could did do does doing down during each few film films further had having him how if just me ' +
    'more most movie movies my no nor not now off once only other our out over own same should some such than thats ' +
    'these those through too under until up very what when while why will would you your one think something guy ' +
    'remember remembered recall kind sort maybe probably like lol im ive dont cant isnt wasnt it s t d ll ve re').split(' '),
);

export const isStopword = (word: string) => STOPWORDS.has(word);

const VOWEL = /[aeiouy]/;

/** How many vowel-then-consonant runs a stem has ("car" 1, "escap" 2): Porter's measure. */
const measure = (w: string) => (w.replace(/[aeiouy]+/g, 'V').replace(/[^V]+/g, 'C').match(/VC/g) ?? []).length;

/**
 * Whether a stem is one short syllable ending consonant-vowel-consonant ("car", "hop", "plan"),
 * whose word keeps its final e: "care" is not "car", "hoping" is "hope" and not "hop" (which
 * "hopping" is). Any other stem loses it: "dance" and "dancing" meet at "danc". As in Porter's
 * stemmer; w, x and y end no such syllable ("sewing", "fixing", "playing").
 */
const keepsItsE = (w: string) => measure(w) === 1 && /[^aeiouy][aeiouy][^aeiouywx]$/.test(w);

/**
 * The fewest letters a suffix leaves. Three for most ("wed" of "wedding"), four for -ly: a
 * word of five letters ending in -ly is mostly a word or a name of its own ("early" is not
 * "ear", "sally", "kelly", "holly" not "sal", "kel", "hol"), while "lonely", "deadly" and
 * "slowly" keep meeting "lone", "dead" and "slow".
 */
const shortestRest = (suffix: string) => (suffix === 'ly' ? 4 : 3);

/** A light suffix stemmer: plurals, -ing, -ed, -ly and a final silent e. */
export function stem(word: string): string {
  if (word.length <= 3 || /^\d/.test(word)) return word;
  let w = word;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (/(ss|us|is)$/.test(w)) {
    // "boss", "virus", "crisis": not plurals
  } else if (/(sses|shes|ches|xes|zes)$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s')) w = w.slice(0, -1);
  for (const suffix of ['ingly', 'edly', 'ing', 'ed', 'ly']) {
    const rest = w.slice(0, -suffix.length);
    if (w.endsWith(suffix) && rest.length >= shortestRest(suffix) && VOWEL.test(rest)) {
      w = rest;
      // "running" -> "runn" -> "run"; "falling" keeps "fall"; "caring" -> "car" -> "care"
      if (/([bdgmnprt])\1$/.test(w)) w = w.slice(0, -1);
      // -ly follows the e ("lovely", "lonely"); -ing and -ed replace it
      else if (suffix !== 'ly' && keepsItsE(w)) w = `${w}e`;
      break;
    }
  }
  if (w.length > 3 && w.endsWith('e') && !keepsItsE(w.slice(0, -1))) w = w.slice(0, -1);
  if (w.endsWith('y') && w.length > 3 && !VOWEL.test(w[w.length - 2]!)) w = `${w.slice(0, -1)}i`;
  return w;
}

/** Letters with dots between them, an initialism: "E.T.", "S.H.I.E.L.D.", "J.K. Simmons". */
const DOTTED_INITIALISM = /\b[a-z](?:\.[a-z]\b)+\.?/g;
/** A letter hyphenated to a word: "X-Men", "T-Rex", "U-boat". */
const LETTER_COMPOUND = /\b([a-z])-([a-z]{2,})\b/g;

/**
 * Lower-case words of a text, accents folded, apostrophes joined ("don't" -> "dont").
 * A single letter is no word, so an initialism is read whole ("e.t." -> "et", as a person
 * types it) and a letter hyphenated to a word is read both joined and as the word ("x-men" ->
 * "xmen", "men"), so "xmen" and "x men" both find it.
 */
export function words(text: string): string[] {
  return foldAccents(text)
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(DOTTED_INITIALISM, (initialism) => `${initialism.replaceAll('.', '')} `)
    .replace(LETTER_COMPOUND, '$1$2 $2')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Words that deny what follows them ("not animated", "it wasn't a comedy"), as `words` spells them. */
export const DENIALS: ReadonlySet<string> = new Set(['not', 'isnt', 'wasnt', 'arent', 'werent', 'never', 'nor']);

/**
 * Roman numerals as a sequel's number ("The Godfather Part II"), read as the digit a person
 * types ("godfather 2"). "v" and "x" stay letters: "Malcolm X", "V for Vendetta".
 */
const NUMERALS: Record<string, string> = { ii: '2', iii: '3', iv: '4', vi: '6', vii: '7', viii: '8', ix: '9' };

/**
 * A word's index term, or null for a word that has none: a function word, a single letter (a
 * single digit has one: "toy story 2"). Roman numerals are read as digits.
 */
export function termOf(word: string): string | null {
  if ((word.length <= 1 && !/^\d$/.test(word)) || STOPWORDS.has(word)) return null;
  return NUMERALS[word] ?? stem(word);
}

/** "Episode V", "Part X": the letters that are numerals only after a word that numbers a sequel. */
const LETTER_NUMERALS: Record<string, string> = { v: '5', x: '10' };
/** Words that number a film in its series: "Part II", "Episode V", "Vol. 2". */
export const SEQUEL_WORDS: ReadonlySet<string> = new Set(['part', 'episode', 'chapter', 'volume', 'vol']);

/** A word's digits when it is a numeral: "ii" is 2, and "v" or "x" after a word that numbers a sequel. */
export const numeralOf = (word: string, previous: string | undefined): string | undefined =>
  NUMERALS[word] ?? (SEQUEL_WORDS.has(previous ?? '') ? LETTER_NUMERALS[word] : undefined);

/** Articles, which lead a title or a name without being part of what it names. */
export const ARTICLES: ReadonlySet<string> = new Set(['the', 'a', 'an']);

/** The index terms of a text, in order. */
export function tokenize(text: string): string[] {
  const terms: string[] = [];
  const all = words(text);
  all.forEach((word, i) => {
    const term = numeralOf(word, all[i - 1]) ?? termOf(word);
    if (term !== null) terms.push(term);
  });
  return terms;
}

/**
 * A first name that is also a function word ("Will Smith", "Guy Pearce") is dropped with the
 * function words, leaving a common surname: the pair is kept as one term ("will_smith"), in
 * credits and in descriptions alike. In a description most such pairs are not names ("will
 * save"); search keeps only those the index credits someone by.
 */
export function stopwordLedPairs(text: string): string[] {
  const all = words(text);
  const pairs: string[] = [];
  for (let i = 1; i < all.length; i++) {
    const [first, second] = [all[i - 1]!, all[i]!];
    if (STOPWORDS.has(first) && first.length > 1 && second.length > 1 && !STOPWORDS.has(second)) pairs.push(`${first}_${stem(second)}`);
  }
  return pairs;
}

/** Whether an index term is a pair of words (a phrase or a name), not a word. */
export const isWordPair = (term: string) => term.includes('_');

/** Adjacent pairs of terms, for phrase credit ("time machine", "black hole"). */
export function bigrams(terms: string[]): string[] {
  const pairs: string[] = [];
  for (let i = 1; i < terms.length; i++) pairs.push(`${terms[i - 1]}_${terms[i]}`);
  return pairs;
}
