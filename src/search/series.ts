// Films of one series: "is there a sequel?" is among the first things people ask of a film
// they found. The collection knows no series, only titles and credits, so a series is read from
// them: titles whose main names (before a subtitle, without the number) are the same or open
// with the same two words of substance, of films that share someone (a director or an actor).
// That sets Toy Story 4 beside Toy Story 3 and Harry Potter beside Harry Potter, and keeps apart
// the two films called Crash, or Catch-22 and Catch Me If You Can (Martin Sheen is in both).
import { termOf, words } from './tokens.ts';

export interface SeriesFilm {
  title: string;
  directors: string[];
  cast: string[];
}

/** What numbers a film in its series, at the end of its main name: "3", "II", "Part 2", "Vol. 1". */
const NUMBERING = /^(\d+|part|chapter|vol|volume|episode|ii|iii|iv|v|vi|vii|viii|ix|x|deux)$/;
/** Words that tell a release of a film, not another film: "Monsters, Inc. 3D", "(3D re-release)". */
const RELEASE_WORDS = /^(3d|imax|re|release|rerelease|remastered)$/;

/** A title's words without what tells one release from another. */
const titleWordsOf = (title: string) => words(title.replace(/\([^)]*\)/g, ' ')).filter((word) => !RELEASE_WORDS.test(word));

/**
 * The words of a title's main name: before a subtitle (a colon or a dash), without a leading
 * article or its number. "Star Wars: Episode V - The Empire Strikes Back" and "Star Wars" are
 * both "star wars"; "The Godfather Part II" is "godfather".
 */
export function seriesName(title: string): string[] {
  const name = titleWordsOf(title.split(/:|\s[-–—]\s/)[0]!);
  if (/^(the|a|an)$/.test(name[0] ?? '')) name.shift();
  while (name.length > 1 && NUMBERING.test(name.at(-1)!)) name.pop();
  return name;
}

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
  if (titleWordsOf(a.title).join(' ') === titleWordsOf(b.title).join(' ')) return false;
  const [x, y] = [seriesName(a.title), seriesName(b.title)];
  const shared = sharedOpening(x, y);
  const sameName = shared.length > 0 && shared.length === x.length && x.length === y.length;
  return (sameName || substance(shared) >= 2) && sharesSomeone(a, b);
}
