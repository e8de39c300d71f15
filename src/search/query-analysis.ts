// What a description says about the film besides its story: when it came out ("an 80s movie",
// "old black-and-white", "recent", "from 1995"), where it is from ("a korean thriller"),
// whether it is animated, its genre. These become soft features of ranking: a film that
// contradicts a hint is lowered, never removed, because people misremember exactly these.
import { GENRES, genresSaid } from './genres.ts';
import { ORIGINS, PLACE_WORDS } from './origins.ts';
import { bigrams, DENIALS, stopwordLedPairs, tokenize, words } from './tokens.ts';

export interface YearRange {
  from: number;
  to: number;
}

/**
 * What a language model (or the conversation so far) already knows about the film, given
 * to search beside the description. It adds to what the description itself hints.
 */
export interface SearchHints {
  era?: YearRange;
  /** GENRES names ("Animation", "Western"). */
  genres?: string[];
  /** ORIGINS country names ("South Korea"). */
  countries?: string[];
  /** People in the film's credits. */
  people?: string[];
}

export interface QueryAnalysis {
  text: string;
  /** Index terms of the description. */
  terms: string[];
  /**
   * The description read as a film's title ("jaws", "the matrix 1999", "the movie up"): its
   * terms without a year or a word for "film"; null when it is too long to be a title.
   */
  titleTerms: string[] | null;
  /** Adjacent term pairs, for phrase credit. */
  phrases: string[];
  /** Pairs led by a function word that may be a name ("will_smith", tokens.ts stopwordLedPairs). */
  namePairs: string[];
  /** When the film came out, as hinted; null without a hint. */
  era: YearRange | null;
  /** Bit set over GENRES of the genres hinted. */
  genres: number;
  /** Indexes into ORIGINS of the countries hinted. */
  countries: number[];
}

const DECADE_WORDS: Record<string, number> = {
  twenties: 1920, thirties: 1930, forties: 1940, fifties: 1950, sixties: 1960, seventies: 1970, eighties: 1980, nineties: 1990,
};
/** Words that make "her 30s" an age, not a decade. */
const POSSESSIVES = new Set(['her', 'his', 'their', 'my', 'your', 'our', 'its', 'early', 'late', 'mid']);
/** "set in the 50s", "during the 60s": when the story happens, not when the film came out. */
const SETTING = /\b(set|takes? place|taking place|happens|during|back|living|lives|life|story) (in|during)? ?(the )?(early |mid |late )?$/;
const PART_OF_DECADE: Record<string, [number, number]> = { early: [0, 4], mid: [3, 7], late: [5, 9] };

/** The latest year a "recent" film is from, relative to the corpus's newest films. */
const RECENT_FROM = 2015;
/** Black-and-white and silent films: roughly the years each was the norm. */
const BLACK_AND_WHITE_UNTIL = 1965;
const SILENT_UNTIL = 1930;
const OLD_UNTIL = 1975;

function decadeOf(token: string, previous: string | undefined): number | null {
  const short = /^(\d0)s$/.exec(token);
  const long = /^(1[89]\d0|20[0-2]0)s$/.exec(token);
  if (long) return Number(long[1]);
  if (short) {
    // "in her 30s" is an age; "an 80s movie", "the 80s", "late 90s" are decades.
    if (previous && POSSESSIVES.has(previous) && !(previous in PART_OF_DECADE)) return null;
    const tens = Number(short[1]);
    return tens >= 20 ? 1900 + tens : 2000 + tens;
  }
  return DECADE_WORDS[token] ?? null;
}

/** The first films: no year before this is when one came out. */
const FIRST_FILM_YEAR = 1890;
const isReleaseYear = (token: string) => isYear(token) && Number(token) >= FIRST_FILM_YEAR;

function decadeRange(decade: number, previous: string | undefined): YearRange {
  const part = PART_OF_DECADE[previous ?? ''];
  return part ? { from: decade + part[0], to: decade + part[1] } : { from: decade, to: decade + 9 };
}

/** "the 60s or 70s", "late 70s to early 80s": the second decade of a span starting at tokens[at]. */
function alternativeDecade(tokens: string[], at: number): YearRange | null {
  if (!['or', 'to', 'and', 'through', 'till', 'until'].includes(tokens[at + 1] ?? '')) return null;
  for (const next of [at + 2, at + 3]) {
    const decade = decadeOf(tokens[next] ?? '', tokens[next - 1]);
    if (decade !== null) return decadeRange(decade, tokens[next - 1]);
  }
  return null;
}

/** Punctuation that ends a clause; a dash between spaces does too. */
const CLAUSE_PUNCTUATION = ',.;:!?()\u2013\u2014';
const CLAUSE_BREAK = new RegExp(`[${CLAUSE_PUNCTUATION}]|\\s-\\s`);

/** Where a denial ends, besides its clause: "not horror but a thriller", "not animated and set in space". */
const DENIAL_ENDS = new Set(['but', 'more', 'rather', 'instead', 'just', 'its', 'it', 'actually', 'maybe', 'probably', 'and']);
/** How many words a denial reaches: "isn't a really scary horror film". */
const DENIAL_REACH = 4;

/**
 * A text's words without what it denies, clause by clause. For hints only: "not a comedy" is
 * no comedy hint, but in a story "a man who is not dead" still tells of death.
 */
export function affirmedWords(text: string): string[] {
  return text.split(CLAUSE_BREAK).flatMap((clause) => {
    const tokens = words(clause);
    const kept: string[] = [];
    for (let i = 0; i < tokens.length; i++) {
      if (!DENIALS.has(tokens[i]!)) {
        kept.push(tokens[i]!);
        continue;
      }
      let end = i + 1;
      while (end < tokens.length && end <= i + DENIAL_REACH && !DENIAL_ENDS.has(tokens[end]!)) end++;
      i = end - 1;
    }
    return kept;
  });
}

/** The years a description hints at, or null. `tokens`: its affirmed words, when already read ("80's" is "80s" there). */
export function eraOf(text: string, tokens: string[] = affirmedWords(text)): YearRange | null {
  const joined = ` ${tokens.join(' ')} `;
  /** The five words before tokens[at]: whether they set the story then. */
  const wordsBefore = (at: number) => tokens.slice(Math.max(0, at - 5), at).join(' ');
  for (let i = 0; i < tokens.length; i++) {
    const decade = decadeOf(tokens[i]!, tokens[i - 1]);
    if (decade === null) continue;
    const before = wordsBefore(i);
    if (SETTING.test(`${before} `) || / in the (early |mid |late )?$/.test(` ${before} `) && !/(movie|film|flick|one|made|came out|released|from)\b/.test(before)) continue;
    const era = decadeRange(decade, tokens[i - 1]);
    return { from: era.from, to: alternativeDecade(tokens, i)?.to ?? era.to };
  }
  // "set in 1944" is when the story happens; "came out in 1994" when the film did.
  const year = tokens.findIndex((token, i) => isReleaseYear(token) && !SETTING.test(`${wordsBefore(i)} `));
  if (year >= 0) return { from: Number(tokens[year]), to: Number(tokens[year]) };
  if (/ silent (film|movie|era|picture|one)? /.test(joined)) return { from: FIRST_FILM_YEAR, to: SILENT_UNTIL };
  if (/ (black and white|black white|b w|bw|b and w) /.test(joined)) return { from: FIRST_FILM_YEAR, to: BLACK_AND_WHITE_UNTIL };
  if (/ (recent|recently|newish|fairly new|pretty new|modern|last few years|new ish) /.test(joined)) return { from: RECENT_FROM, to: 2100 };
  if (/ (old|older|classic|vintage|oldie) (movie|film|one|flick|classic|western|horror|comedy|musical|cartoon|thriller|noir|black)/.test(joined)) {
    return { from: FIRST_FILM_YEAR, to: OLD_UNTIL };
  }
  return null;
}

/**
 * Words that say how a film looks or how old it is ("an old black-and-white movie", "a silent
 * film"). They hint at its era, not at its story: searched in plots, "black" and "white" found
 * stories of race, and "old" every old man.
 */
const LOOK_OF_FILM = new RegExp(
  '(?<= )(?:black and white|black white|silent(?= (?:film|movie|era|picture|one) )' +
    '|(?:old|older|classic|vintage|oldie)(?= (?:movie|film|one|flick|classic|western|horror|comedy|musical|cartoon|thriller|noir|black) ))(?= )',
  'g',
);

/**
 * Words of the retelling, not of the story: "he was dead the whole time" says he was dead.
 * Searched, "whole" is a rare word that titles hold (The Whole Nine Yards), and it won.
 */
const RETELLING = / (?:the (?:whole|entire) (?:time|movie|film|way through)|all along)(?= )/g;

/**
 * A day lived again, said the way people retell it ("wakes up on the same day over and over",
 * "stuck in a time loop"): "same" and "again" are function words to the index, and plots say
 * "relives" (Groundhog Day, Edge of Tomorrow), which the description gains.
 */
const DAY_LIVED_AGAIN = / (?:time loop|stuck in a loop|day repeats|repeats the day)(?= )/g;
/** "the same day" is lived again only when said so: "over and over", "every day", "keeps". */
const SAME_DAY_AGAIN = / same day(?= )/g;
const AGAIN = / (?:over and over|again and again|every (?:single )?day|keeps?|repeat(?:s|ed|ing)?) /;

/** A description's story words: all of them but those saying how the film looks or how old it is, or how it is retold. */
const storyWords = (text: string, eraSaid: boolean) => {
  const joined = ` ${words(text).join(' ')} `;
  const told = joined
    .replace(RETELLING, '')
    .replace(DAY_LIVED_AGAIN, '$& relives')
    .replace(SAME_DAY_AGAIN, (said) => (AGAIN.test(joined) ? `${said} relives` : said));
  if (eraSaid) return told.replace(LOOK_OF_FILM, '');
  return told === joined ? text : told;
};

const genresOf = (joined: string): number => genresSaid(joined).reduce((mask, { index }) => mask | (1 << index), 0) >>> 0;

/**
 * Words that say where a film is from. A country's name usually says where a story is set
 * ("a heist in France", "New England"), so only adjectives, languages and industry nicknames
 * count, and not the few that mean something else too often ("american", "english").
 */
const NOT_AN_ORIGIN = new Set(['english', 'american', 'hollywood', 'african']);

function countriesOf(tokens: string[]): number[] {
  const said = new Set(tokens.filter((token) => !NOT_AN_ORIGIN.has(token) && !PLACE_WORDS.has(token)));
  const countries: number[] = [];
  ORIGINS.forEach((origin, i) => {
    if (origin.words.some((word) => said.has(word))) countries.push(i);
  });
  return countries;
}

/** Whether a description says what kind of film it is: when it came out, a genre or where it is from. */
export function hasHint(analysis: QueryAnalysis): boolean {
  return analysis.era !== null || analysis.genres !== 0 || analysis.countries.length > 0;
}

/** A year said in a description: when the film came out (or its story is set), not part of a title. */
export const isYear = (term: string) => /^(1[89]\d\d|20[0-3]\d)$/.test(term);
/** Words around a title that are not part of it ("the movie Jaws", "Up, the film"). */
const TITLE_FRAME = new Set(tokenize('movie movies film films flick called named titled'));
/** The terms of a text that could be a title's: no year, no word for "film". */
export const titleWords = (text: string) => tokenize(text).filter((term) => !isYear(term) && !TITLE_FRAME.has(term));
/** Longer descriptions are not titles (few titles have more index terms). */
const TITLE_TERMS_AT_MOST = 8;

/** A span of a description that rules something out, and the terms it names (a title's, a person's). */
export interface RuledOut {
  /** Where the negation starts and what it names ends in the text. */
  start: number;
  end: number;
  terms: string[];
}

/**
 * "not the godfather, the other coppola war film", "it wasn't titanic - the other ship one": a
 * negation opening a clause, then words up to the clause's end. Only at a clause's start, since
 * inside one "not" tells the story ("votes not guilty", "moved the headstones but not the bodies").
 */
const RULED_OUT = new RegExp(
  `(^|[${CLAUSE_PUNCTUATION}]\\s*|\\s-\\s*)` + // a clause starts
    "((?:no,?\\s+)?(?:(?:it'?s|it\u2019s|it is|it was)\\s+)?(?:not|isn'?t|isn\u2019t|wasn'?t|wasn\u2019t)\\s+)" + // its negation
    `([^${CLAUSE_PUNCTUATION}]+?)` + // what it rules out
    `(?=\\s*(?:${CLAUSE_BREAK.source}|$|\\bbut\\b|\\bthe other\\b|\\banother\\b))`, // to the clause's end or a contrast
  'giu',
);

/** The clauses of a description that may name a film or person it is not; search decides which they name. */
export function ruledOutSpans(text: string): RuledOut[] {
  return [...text.matchAll(RULED_OUT)].flatMap((match) => {
    const terms = titleWords(match[3]!);
    if (terms.length === 0 || terms.length > TITLE_TERMS_AT_MOST) return [];
    const start = match.index + match[1]!.length;
    return [{ start, end: start + match[2]!.length + match[3]!.length, terms }];
  });
}

export function analyseQuery(text: string, hints: SearchHints = {}): QueryAnalysis {
  // What it says the film is not ("not animated", "its not korean") hints nothing.
  const tokens = affirmedWords(text);
  const joined = ` ${tokens.join(' ')} `;
  const saidEra = eraOf(text, tokens);
  const terms = tokenize(storyWords(text, saidEra !== null));
  const titleTerms = titleWords(text);
  let genres = genresOf(joined);
  for (const name of hints.genres ?? []) {
    const i = GENRES.findIndex((genre) => genre.name.toLowerCase() === name.toLowerCase());
    if (i >= 0) genres |= 1 << i;
  }
  const countries = countriesOf(tokens);
  for (const name of hints.countries ?? []) {
    const i = ORIGINS.findIndex((origin) => origin.country.toLowerCase() === name.toLowerCase());
    if (i >= 0 && !countries.includes(i)) countries.push(i);
  }
  // Named people are searched as words, where the lexical index keeps credits.
  const people = (hints.people ?? []).flatMap((name) => tokenize(name));
  return {
    text,
    terms: [...terms, ...people.filter((term) => !terms.includes(term))],
    titleTerms: titleTerms.length > 0 && titleTerms.length <= TITLE_TERMS_AT_MOST ? titleTerms : null,
    phrases: bigrams(terms),
    namePairs: [...stopwordLedPairs(text), ...(hints.people ?? []).flatMap(stopwordLedPairs)],
    era: hints.era ?? saidEra,
    genres: genres >>> 0,
    countries,
  };
}
