// A word-by-word English gloss of a description written in Spanish, German, French, Italian or
// Portuguese, so the offline engine (whose embedding model and lexical index read English) can
// search it. Rough on grammar, but what finds a film is its content words (a shark, a prison, a
// child murderer, an actor's name), and those mostly translate one to one. Names, titles and
// words the glossary lacks are kept as written: they are often the same in English.
import de from './glossaries/de.ts';
import es from './glossaries/es.ts';
import fr from './glossaries/fr.ts';
import it from './glossaries/it.ts';
import pt from './glossaries/pt.ts';
import { foldAccents } from '../../text.ts';

/**
 * Endings to try, in order, when a word is not in the glossary as written: [ending, replacement].
 * Last for Spanish and Italian, the pronouns an infinitive carries ("ayudarlo": help him,
 * "enamorarse", "ucciderlo"): tried only when no other ending reads the word.
 */
const ATTACHED_PRONOUNS_ES: Array<[string, string]> = ['lo', 'la', 'le', 'los', 'las', 'les', 'se', 'me', 'te', 'nos'].map((p) => [`r${p}`, 'r']);
const ATTACHED_PRONOUNS_IT: Array<[string, string]> = ['lo', 'la', 'li', 'le', 'si', 'mi', 'ti', 'ci', 'ne'].map((p) => [`r${p}`, 're']);
const INFLECTIONS: Record<string, Array<[string, string]>> = {
  es: [['es', ''], ['s', ''], ['a', 'o'], ['as', 'o'], ['os', 'o'], ['ó', 'ar'], ['aba', 'ar'], ['aban', 'ar'], ['ía', 'er'], ['ían', 'er'], ['an', 'ar'], ['en', 'er'], ['ando', 'ar'], ['iendo', 'er'], ['ado', 'ar'], ['ada', 'ar'], ['ido', 'er'], ['ida', 'er'], ['aron', 'ar'], ['ieron', 'er'], ['ieron', 'ir'], ...ATTACHED_PRONOUNS_ES],
  pt: [['s', ''], ['es', ''], ['ões', 'ão'], ['ães', 'ão'], ['ais', 'al'], ['a', 'o'], ['as', 'o'], ['os', 'o'], ['ou', 'ar'], ['ava', 'ar'], ['am', 'ar'], ['em', 'er'], ['ando', 'ar'], ['endo', 'er'], ['ado', 'ar'], ['ada', 'ar'], ['ido', 'er'], ['ida', 'er']],
  it: [['i', 'o'], ['i', 'e'], ['e', 'a'], ['he', 'a'], ['hi', 'o'], ['a', 'o'], ['ò', 'are'], ['ava', 'are'], ['avano', 'are'], ['ano', 'are'], ['ando', 'are'], ['ato', 'are'], ['ata', 'are'], ['uto', 'ere'], ['ito', 'ire'], ...ATTACHED_PRONOUNS_IT],
  fr: [['s', ''], ['x', ''], ['e', ''], ['es', ''], ['ée', 'é'], ['ées', 'é'], ['és', 'é'], ['ait', 'er'], ['aient', 'er'], ['ent', 'er'], ['ant', 'er'], ['a', 'er']],
  de: [['e', ''], ['en', ''], ['n', ''], ['er', ''], ['es', ''], ['s', ''], ['em', ''], ['ern', ''], ['t', 'en'], ['te', 'en'], ['ten', 'en'], ['st', 'en']],
};

/** What joins the parts of a German compound ("Kind-er-mörder", "Krieg-s-film"). */
const LINKS = ['', 's', 'es', 'n', 'en', 'e', 'er'];
const MIN_PART = 3;

/** "In black and white", which the other languages say the other way round ("bianco e nero"), or in one word ("Schwarzweißfilm"). */
const BLACK_AND_WHITE = /\b(?:blanco y negro|branco e preto|preto e branco|bianco e nero|noir et blanc|noir-et-blanc|schwarz-?wei(?:ß|ss))/giu;

/** "¿Cuánto dura?", "quanto dura": how long a film lasts, where the word alone is the adjective "hard". */
const HOW_LONG = /(?<![\p{L}])(?:cu[aá]nto|quanto)\s+dura(?![\p{L}])/giu;

/** Decades the way each language writes them ("años 80", "80er Jahre", "anni ottanta"): the English "80s". */
const DECADE_PHRASE = /\b(?:años|anos|anni|années|annees|jahre|jahren|jahrzehnt)\s+(?:'|’)?(soixante-dix|quatre-vingt-dix|quatre-vingts?|\p{L}+|\d0)\b/giu;
const GERMAN_DECADE = /\b(?:19)?([2-9]0)er(?:n\b|\b(?:[-\s]?jahren?)?)/giu;
/** French counts seventy and ninety in twenties ("soixante-dix"): the hyphenated tens, read whole. */
const FRENCH_TENS: Record<string, string> = { 'soixante-dix': '70s', 'quatre-vingt': '80s', 'quatre-vingts': '80s', 'quatre-vingt-dix': '90s' };
const TENS_STEMS = ['twent', 'thirt', 'fort', 'fift', 'sixt', 'sevent', 'eight', 'ninet'];
/** "los setenta", "les années soixante" come out as "the seventy": the English decade is "the 70s". */
const THE_TENS = new RegExp(`\\bthe (${TENS_STEMS.join('|')})(?:y|ies)\\b`, 'g');
const ENGLISH_TENS: Record<string, string> = Object.fromEntries(
  TENS_STEMS.flatMap((stem, i) => [[`${stem}y`, `${i + 2}0s`], [`${stem}ies`, `${i + 2}0s`]]),
);

class Glossary {
  private readonly exact = new Map<string, string>();
  private readonly folded = new Map<string, string>();

  constructor(
    private readonly code: string,
    list: string,
  ) {
    for (const line of list.split('\n')) {
      const at = line.indexOf(' =');
      if (at <= 0) continue;
      const foreign = line.slice(0, at).trim();
      // "reifen = mature; ripe", "media = half, middle": the first meaning, the one a story most likely means.
      const english = line.slice(at + 2).split(/[;,]/)[0]!.replace(/\(.*?\)/g, '').trim();
      if (!this.exact.has(foreign)) this.exact.set(foreign, english);
      const plain = foldAccents(foreign);
      if (!this.folded.has(plain)) this.folded.set(plain, english);
    }
  }

  /**
   * The English of one word ('' for a word with none), or undefined when unknown. A capital
   * inside a sentence marks a name in the other languages, read only as the glossary writes it
   * ("Londres": London), never with an ending undone ("Paris" is not "pari", a bet); German
   * writes every noun with one, so there it picks a noun's own reading where the glossary
   * gives one ("Jungen": boy, "jungen": young).
   */
  translate(word: string, { insideSentence = false } = {}): string | undefined {
    const lower = word.toLowerCase();
    const capitalised = word !== lower;
    if (this.code === 'de') return (capitalised ? this.exact.get(word) : undefined) ?? this.lookup(lower) ?? this.compound(lower, 0);
    return this.lookup(lower, { undoEndings: !(capitalised && insideSentence) });
  }

  /** The word as written, without accents (people type "pelicula"), or with an ending undone. */
  private lookup(word: string, { undoEndings = true } = {}): string | undefined {
    const direct = this.exact.get(word) ?? this.folded.get(foldAccents(word));
    if (direct !== undefined || !undoEndings) return direct;
    for (const [ending, replacement] of INFLECTIONS[this.code] ?? []) {
      if (!word.endsWith(ending) || word.length - ending.length < MIN_PART) continue;
      const stem = word.slice(0, word.length - ending.length) + replacement;
      const found = this.exact.get(stem) ?? this.folded.get(foldAccents(stem));
      if (found) return found;
    }
    return undefined;
  }

  /** A German compound read as its parts ("Kindermörder": child murderer), longest head first. */
  private compound(word: string, depth: number): string | undefined {
    if (depth > 2 || word.length < 2 * MIN_PART) return undefined;
    for (let cut = word.length - MIN_PART; cut >= MIN_PART; cut--) {
      const head = word.slice(cut);
      const headEnglish = this.lookup(head) ?? this.compound(head, depth + 1);
      if (!headEnglish) continue;
      for (const link of LINKS) {
        const left = word.slice(0, cut);
        if (!left.endsWith(link) || left.length - link.length < MIN_PART) continue;
        const modifier = left.slice(0, left.length - link.length);
        const modifierEnglish = this.lookup(modifier) ?? this.compound(modifier, depth + 1);
        if (modifierEnglish) return `${modifierEnglish} ${headEnglish}`.trim();
      }
    }
    return undefined;
  }
}

// In the order people most often try them, which is how the refusal of another lists them.
const LISTS: Record<string, string> = { es, de, fr, it, pt };
const glossaries = new Map<string, Glossary>();
const glossaryFor = (code: string) => {
  if (!LISTS[code]) return null;
  if (!glossaries.has(code)) glossaries.set(code, new Glossary(code, LISTS[code]!));
  return glossaries.get(code)!;
};

/** ISO 639-1 codes of the languages the offline engine reads word by word. */
export const GLOSSED_LANGUAGES: readonly string[] = Object.freeze(Object.keys(LISTS));

export interface Gloss {
  text: string;
  /** Share of the description's words the glossary knew (names and titles it cannot). */
  known: number;
}

/** `text` in rough English, word by word; null for a language without a glossary. */
export function glossToEnglish(text: string, code: string): Gloss | null {
  const glossary = glossaryFor(code);
  if (!glossary) return null;
  const { glossed, known } = glossWords(englishPhrases(text, glossary), glossary);
  const english = glossed
    .replace(THE_TENS, (_, stem: string) => `the ${TENS_STEMS.indexOf(stem) + 2}0s`)
    .replace(/\s+([,.;:!?])/g, '$1')
    .replace(/\s{2,}/g, ' ')
    .trim();
  return { text: english, known };
}

/**
 * What a word-by-word gloss would get wrong, written the English way first: decades and "black
 * and white", so search reads the era, and "how long" in a question.
 */
function englishPhrases(text: string, glossary: Glossary): string {
  return text
    .replace(HOW_LONG, 'how long')
    .replace(BLACK_AND_WHITE, 'black-and-white ')
    .replace(GERMAN_DECADE, (_, tens: string) => `${tens}s`)
    .replace(DECADE_PHRASE, (phrase, what: string) => {
      if (/^\d0$/.test(what)) return `${what}s`;
      if (FRENCH_TENS[what.toLowerCase()]) return FRENCH_TENS[what.toLowerCase()]!;
      const english = glossary.translate(what.toLowerCase());
      return english && ENGLISH_TENS[english] ? ENGLISH_TENS[english] : phrase;
    });
}

/** What a sentence's first word follows: nothing, or the end of a sentence (and opening marks). */
const SENTENCE_START = /(^|[.!?…]["'«»“”„¡¿(\s]*)["'«»“”„¡¿(\s]*$/u;

/** Every word replaced by its English (numbers and unknown words kept); elisions ("l'homme") read as two words. */
function glossWords(text: string, glossary: Glossary): { glossed: string; known: number } {
  let words = 0;
  let known = 0;
  const glossed = text.replace(/[\p{L}\d]+(?:['’]\p{L}+)?/gu, (token, at: number) => {
    if (/\d/.test(token)) return token;
    const parts = /^(\p{L}{1,4})['’](\p{L}+)$/u.exec(token)?.slice(1) ?? [token];
    const insideSentence = !SENTENCE_START.test(text.slice(0, at));
    return parts
      .map((word) => {
        words++;
        const english = glossary.translate(word, { insideSentence });
        if (english === undefined) return word;
        known++;
        return english;
      })
      .filter(Boolean)
      .join(' ');
  });
  return { glossed, known: words ? known / words : 0 };
}
