// Films of one series: "is there a sequel?" is among the first things people ask of a film
// they found. The collection knows no series, only titles and credits, so a series is read from
// them: titles whose main names (before a subtitle, without the number) are the same or open
// with the same two words of substance, of films that share someone (a director or an actor).
// That sets Toy Story 4 beside Toy Story 3 and Harry Potter beside Harry Potter, and keeps apart
// the two films called Crash, or Catch-22 and Catch Me If You Can (Martin Sheen is in both).
import { ARTICLES, numeralOf, SEQUEL_WORDS, termOf, words } from './tokens.ts';

export interface SeriesFilm {
  title: string;
  directors: string[];
  cast: string[];
}

/** What numbers a film in its series, at the end of its main name: "3", "II", "Part 2", "Vol. 1". */
const NUMBERING = /^(\d+|part|chapter|vol|volume|episode|deux)$/;
/** Words that tell a release of a film, not another film: "Monsters, Inc. 3D", "(3D re-release)". */
const RELEASE_WORDS = /^(3d|imax|re|release|rerelease|remastered)$/;

/** Numbers a title spells out: "Part Two". */
const NUMBER_NAMES: Record<string, string> = { two: '2', three: '3', four: '4', five: '5', six: '6' };
/** Numbers as digits, however a title writes them: "Part II", "Episode V" (not "Malcolm X"), "Part Two". */
const digitsIn = (all: string[]) => all.map((word, i) => NUMBER_NAMES[word] ?? numeralOf(word, all[i - 1]) ?? word);

const withoutArticle = (names: string[]) => (ARTICLES.has(names[0] ?? '') ? names.slice(1) : names);

/** A text's words as a name: "The Dark Knight" is "dark knight". */
export const nameIn = (text: string) => withoutArticle(digitsIn(words(text)));

/**
 * A function of a title, remembered: a series is looked for among every title that shares a
 * word (hundreds at 35,000 films), each compared with several.
 */
function byTitle<T>(of: (title: string) => T): (title: string) => T {
  const known = new Map<string, T>();
  return (title) => {
    if (known.size > 100_000) known.clear();
    return known.get(title) ?? known.set(title, of(title)).get(title)!;
  };
}

/** A title's words without what tells one release from another (read only: shared). */
const titleWordsOf = byTitle((title) =>
  // "Jaws 3-D" is the third Jaws, its "3-D" read as "3" and "d": the letter is no word of the name.
  digitsIn(words(title.replace(/\([^)]*\)/g, ' ')).filter((word, i, all) => !RELEASE_WORDS.test(word) && !(word === 'd' && /^\d$/.test(all[i - 1] ?? '')))),
);
const wholeTitle = byTitle((title) => titleWordsOf(title).join(' '));

/**
 * The words of a title's main name: before a subtitle (a colon or a dash), without a leading
 * article or its number. "Star Wars: Episode V - The Empire Strikes Back" and "Star Wars" are
 * both "star wars"; "The Godfather Part II" is "godfather". Read only (shared).
 */
export const seriesName = byTitle((title) => {
  const name = withoutArticle(titleWordsOf(title.split(/:|\s[-–—]\s/)[0]!)).slice();
  while (name.length > 1 && NUMBERING.test(name.at(-1)!)) name.pop();
  return name;
});

/** The same word, or one the plural of the other ("Alien", "Aliens"). */
const sameWord = (a: string, b: string) => a === b || `${a}s` === b || `${b}s` === a;

/** The words two names open with alike. */
function sharedOpening(a: string[], b: string[]): string[] {
  let n = 0;
  while (n < a.length && n < b.length && sameWord(a[n]!, b[n]!)) n++;
  return a.slice(0, n);
}

const sharesSomeone = (a: SeriesFilm, b: SeriesFilm) => {
  const people = new Set([...a.directors, ...a.cast].map((name) => name.toLowerCase()));
  return [...b.directors, ...b.cast].some((name) => people.has(name.toLowerCase()));
};

const substance = (names: string[]) => names.filter((word) => termOf(word) !== null).length;

/**
 * Whether two films are of one series: their main names are the same, or open with the same
 * two words of substance ("harry potter and the ..."), they share a director or an actor, and
 * they are not one film under one title (a re-release, a film listed for two years).
 */
export function sameSeries(a: SeriesFilm, b: SeriesFilm): boolean {
  if (wholeTitle(a.title) === wholeTitle(b.title)) return false;
  const [x, y] = [seriesName(a.title), seriesName(b.title)];
  const shared = sharedOpening(x, y);
  const sameName = shared.length > 0 && shared.length === x.length && x.length === y.length;
  return (sameName || substance(shared) >= 2) && sharesSomeone(a, b);
}

/** Where in its series a description places the film it names: "the second toy story", "the sequel to alien". */
export type SeriesPlace = { kind: 'at'; index: number } | { kind: 'last' } | { kind: 'after' } | { kind: 'before' };

export interface SeriesReference {
  place: SeriesPlace;
  /** The words of the film or series named ("toy story", "alien"), without a leading article. */
  name: string[];
}

const PLACES: Record<string, SeriesPlace> = {
  first: { kind: 'at', index: 0 }, '1st': { kind: 'at', index: 0 }, original: { kind: 'at', index: 0 },
  second: { kind: 'at', index: 1 }, '2nd': { kind: 'at', index: 1 }, third: { kind: 'at', index: 2 }, '3rd': { kind: 'at', index: 2 },
  fourth: { kind: 'at', index: 3 }, '4th': { kind: 'at', index: 3 }, fifth: { kind: 'at', index: 4 }, '5th': { kind: 'at', index: 4 },
  last: { kind: 'last' }, latest: { kind: 'last' }, newest: { kind: 'last' }, final: { kind: 'last' },
};
const FILM = '(?:movie|film|one|installment|instalment|entry|part)s?';
/** The ways people place a film in its series, each with the words that name it. */
const REFERENCES: Array<[RegExp, (match: RegExpExecArray) => SeriesPlace | undefined]> = [
  [new RegExp(`^(?:the )?(${Object.keys(PLACES).join('|')}) (.+?)(?: ${FILM})?$`), (m) => PLACES[m[1]!]],
  [new RegExp(`^(?:the )?(?:sequel|follow ?up|${FILM} (?:that came )?after|next ${FILM} after) (?:to |of )?(.+)$`), () => ({ kind: 'after' })],
  [new RegExp(`^(?:the )?(?:prequel|${FILM} (?:that came )?before) (?:to |of )?(.+)$`), () => ({ kind: 'before' })],
  [/^(?:the )?(.+?) (?:sequel|follow ?up)$/, () => ({ kind: 'after' })],
  [/^(?:the )?(.+?) prequel$/, () => ({ kind: 'before' })],
];

/**
 * The place in a series a whole description asks for, and the name it gives ("the sequel to
 * alien": after Alien; "the last lord of the rings movie": the last of them); null for
 * anything else. Only a short description that is nothing but that is read so: "the second
 * wife of a farmer" names no film, and the caller checks that the name is a film's.
 */
export function seriesReferenceIn(text: string): SeriesReference | null {
  const said = words(text).join(' ');
  for (const [pattern, placeOf] of REFERENCES) {
    const match = pattern.exec(said);
    const place = match && placeOf(match);
    if (!match || !place) continue;
    const name = nameIn(match.at(-1)!);
    return substance(name) > 0 && name.length <= 8 ? { place, name } : null;
  }
  return null;
}

const sameWords = (a: string[], b: string[]) => a.length === b.length && a.every((word, i) => sameWord(word, b[i]!));

/** Whether a name is a film's whole title ("alien" is Alien), word for word, but for an article. */
export const isTitled = (title: string, name: string[]) => sameWords(withoutArticle(titleWordsOf(title)), name);

/**
 * Whether a film is one a name names: its title, its series' main name ("toy story" for Toy
 * Story 3), or the opening of its title in two words of substance ("harry potter").
 */
export function answersToName(title: string, name: string[]): boolean {
  const opening = withoutArticle(titleWordsOf(title)).slice(0, name.length);
  return isTitled(title, name) || sameWords(seriesName(title), name) || (substance(name) >= 2 && sameWords(opening, name));
}

/** The number a title gives the film right after a name ("Toy Story 2", "The Godfather: Part II", "Star Wars: Episode V"), if any. */
function numberAfter(title: string, name: string[]): number | null {
  const all = withoutArticle(titleWordsOf(title));
  if (!sameWords(all.slice(0, name.length), name)) return null;
  const rest = all.slice(name.length);
  const number = SEQUEL_WORDS.has(rest[0] ?? '') ? rest[1] : rest[0];
  return number !== undefined && /^\d{1,2}$/.test(number) ? Number(number) : null;
}

/**
 * The film of `series` (oldest first) at the place asked of the series `name`s: the first is the
 * oldest and the last the newest; another place is the film whose title gives it that number
 * ("the second toy story": Toy Story 2), since a collection may lack some of a series. "After"
 * and "before" are the films next in years to the one the name is the title of ("the sequel to
 * alien": Aliens). Undefined when the series has no such film.
 */
export function filmAtPlace<T extends { title: string; year: number }>(place: SeriesPlace, series: T[], name: string[]): T | undefined {
  const named = series.find((film) => isTitled(film.title, name));
  switch (place.kind) {
    case 'at':
      return place.index === 0 ? series[0] : series.find((film) => numberAfter(film.title, name) === place.index + 1);
    case 'last':
      return series.at(-1);
    case 'after':
      return named && series.find((film) => film.year > named.year);
    case 'before':
      return named && series.findLast((film) => film.year < named.year);
  }
}

/** A reply that places the film beside one shown without naming it: "no, the sequel", "the one before that". */
const LEAD = '^(?:(?:no|its|it s|it was|the|a|an) )*';
const BESIDE = '(?: (?:to|of) (?:it|that|this|that one|this one))?$';
const PLACED_ALONE: Array<[RegExp, 'after' | 'before']> = [
  [new RegExp(`${LEAD}(?:sequel|follow ?up)${BESIDE}`), 'after'],
  [new RegExp(`${LEAD}prequel${BESIDE}`), 'before'],
  [new RegExp(`${LEAD}(?:one|film|movie) (?:that came )?after (?:it|that|this)(?: one)?$`), 'after'],
  [new RegExp(`${LEAD}(?:one|film|movie) (?:that came )?before (?:it|that|this)(?: one)?$`), 'before'],
];

/** Where a reply places the film beside one shown without naming it ("no, the sequel": after it), or null. */
export function placeBeside(reply: string): 'after' | 'before' | null {
  const said = words(reply).join(' ');
  return PLACED_ALONE.find(([pattern]) => pattern.test(said))?.[1] ?? null;
}

/**
 * What a reply placing the film beside `film` asks for, in words search reads ("the sequel to
 * Toy Story"), or null when the reply says something else.
 */
export function placedBeside(reply: string, film: string): string | null {
  const place = placeBeside(reply);
  return place ? `the ${place === 'after' ? 'sequel' : 'prequel'} to ${film}` : null;
}
