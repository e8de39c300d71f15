// Synthetic descriptions made from the corpus itself, the only training data the ranker sees
// (evaluation sets are written apart and never trained on). Each imitates one way people
// half-remember a film: a fragment of a scene, a handful of keywords, a vague paraphrase with
// an era or genre hint (sometimes wrong), a longer description, an actor's name (sometimes
// the wrong one), a wrong year, or the title itself.
import type { CorpusMovie } from '../corpus.ts';
import { GENRES, genreMask } from '../genres.ts';
import { ORIGINS } from '../origins.ts';
import { passagesOf, sentences } from '../passages.ts';
import { isStopword, words } from '../tokens.ts';

export type QueryStyle = 'fragment' | 'keywords' | 'vague' | 'descriptive' | 'person' | 'wrong-year' | 'title';

export interface SyntheticQuery {
  text: string;
  style: QueryStyle;
}

/** A seeded pseudo-random generator (mulberry32): the same seed gives the same training set. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const chance = (random: Random, p: number) => random() < p;
const between = (random: Random, low: number, high: number) => low + Math.floor(random() * (high - low + 1));

/** Everyday words people put in place of a plot's own (a few per entry, both directions). */
const SYNONYMS: Record<string, string[]> = {
  man: ['guy', 'dude', 'bloke'], woman: ['lady', 'girl'], boy: ['kid', 'young guy'], girl: ['young woman', 'kid'],
  kill: ['murder', 'take out'], killed: ['murdered', 'offed'], kills: ['murders'], murder: ['killing'], police: ['cops'],
  detective: ['investigator', 'cop'], ship: ['boat'], fight: ['battle'], friend: ['buddy', 'pal'], father: ['dad'],
  mother: ['mom'], wife: ['spouse'], husband: ['spouse'], marry: ['wed'], money: ['cash'], town: ['village', 'small town'],
  city: ['town'], school: ['academy'], doctor: ['physician'], army: ['military'], soldier: ['trooper'], soldiers: ['troops'],
  escape: ['get away', 'flee'], escapes: ['flees'], steal: ['rob'], prison: ['jail'], young: ['teenage'], old: ['elderly', 'older'],
  child: ['kid'], children: ['kids'], monster: ['creature'], alien: ['extraterrestrial'], aliens: ['extraterrestrials'],
  plane: ['aircraft'], gun: ['weapon'], robot: ['android', 'machine'], king: ['ruler'], ocean: ['sea'], hunt: ['chase'],
  journey: ['trip'], find: ['discover'], dies: ['passes away'], dead: ['deceased'], attack: ['assault'], war: ['conflict'],
  travel: ['journey'], secret: ['hidden'], rich: ['wealthy'], poor: ['broke'], teacher: ['instructor'], student: ['pupil'],
  baby: ['infant'], brother: ['sibling'], sister: ['sibling'], gang: ['crew'], team: ['group'], writer: ['author'],
  scientist: ['researcher'], car: ['vehicle'], house: ['home'], home: ['house'], love: ['feelings'], falls: ['ends up'],
  discovers: ['finds out'], learns: ['finds out'], becomes: ['turns into'], tries: ['attempts'], help: ['aid'],
  family: ['relatives'], job: ['work'], village: ['town'], forest: ['woods'], farm: ['ranch'], boss: ['chief'],
  soon: ['quickly'], begins: ['starts'], wants: ['wishes'], world: ['earth'], lawyer: ['attorney'], hotel: ['motel'],
};

/** What people call the people and places a plot names. */
const PLACEHOLDERS = ['someone', 'this guy', 'a woman', 'the main character', 'a man'];
const OPENINGS = ['', '', '', 'movie where ', 'a film about ', 'the one where ', 'i remember a movie where ', 'looking for a film, ', 'what is the movie where '];
/**
 * Words people use when retelling a film that a plot summary rarely holds: real descriptions
 * share only a fifth to a quarter of their information with the plot they describe.
 */
const RETELLING = (
  'stuck somehow whole basically weird crazy ends gets turns scene happens huge tries keeps finally ending beginning starts ' +
  'character stuff thing things goes bunch lots random creepy cool sad funny big little guys people later eventually whole ' +
  'trying realizes figure everyone nobody again back kinda super totally end'
).split(' ');
/** Lead sentences that state facts about the film rather than tell its story. */
const FACTS_SENTENCE = /\b(is|was) an? (\d{4} )?[A-Z][\w-]*( [\w-]+){0,5} (film|movie|picture|cartoon|short)\b|\b(directed|produced|written) by\b|\bstars?\b|\bstarring\b/;

function paraphrase(random: Random, text: string, synonymRate: number, dropRate: number, keepNames: boolean): string {
  const out: string[] = [];
  for (const [i, raw] of text.split(/\s+/).entries()) {
    const word = raw.replace(/[^\p{L}\p{N}'-]/gu, '');
    if (!word) continue;
    const isName = i > 0 && /^\p{Lu}/u.test(word);
    if (isName && !keepNames) {
      if (out.at(-1) !== 'someone' && chance(random, 0.5)) out.push(pick(random, PLACEHOLDERS));
      continue;
    }
    const lower = word.toLowerCase();
    if (!isStopword(lower) && chance(random, dropRate)) continue;
    const alternatives = SYNONYMS[lower];
    out.push(alternatives && chance(random, synonymRate) ? pick(random, alternatives) : lower);
  }
  return out.join(' ');
}

/**
 * A retelling: some of the passage's content words in their order, many swapped or dropped,
 * names replaced, with words of the teller's own and a few from another story mixed in.
 */
function retell(random: Random, passage: string, other: string, size: { low: number; high: number }, keepNames: boolean): string {
  const told = paraphrase(random, passage, 0.45, 0.4, keepNames).split(' ').filter(Boolean);
  const length = between(random, size.low, size.high);
  const start = between(random, 0, Math.max(0, told.length - length));
  const foreign = contentWords(other);
  const out: string[] = [];
  for (const word of told.slice(start, start + length)) {
    out.push(word);
    if (chance(random, 0.1)) out.push(pick(random, RETELLING));
    if (foreign.length && chance(random, 0.06)) out.push(pick(random, foreign));
  }
  return out.join(' ');
}

/** The passage a person would most likely recall: usually the premise, sometimes any scene. */
function recalledPassage(random: Random, movie: CorpusMovie): string {
  const story = passagesOf(movie.plot).filter((passage) => !FACTS_SENTENCE.test(passage));
  const passages = story.length ? story : passagesOf(movie.plot);
  return chance(random, 0.5) ? passages[0]! : pick(random, passages);
}

function span(random: Random, text: string, low: number, high: number): string {
  const tokens = text.split(/\s+/);
  const length = Math.min(tokens.length, between(random, low, high));
  const start = between(random, 0, Math.max(0, tokens.length - length));
  return tokens.slice(start, start + length).join(' ');
}

function decadeHint(random: Random, year: number, wrong: boolean): string {
  const decade = Math.floor(year / 10) * 10 + (wrong ? pick(random, [-10, 10]) : 0);
  const short = decade >= 2000 ? `${decade}s` : `${String(decade).slice(2)}s`;
  if (decade < 1960 && chance(random, 0.5)) return pick(random, ['old black and white', 'really old', 'classic old']);
  if (decade >= 2015 && chance(random, 0.5)) return 'recent';
  return pick(random, [`${short}`, `${short}`, `early ${short}`, `late ${short}`, `from the ${short}`]);
}

function hints(random: Random, movie: CorpusMovie, wrongEra: boolean): string[] {
  const said: string[] = [];
  if (chance(random, 0.45)) said.push(decadeHint(random, movie.year, wrongEra));
  const mask = genreMask(movie.genres);
  const genres = GENRES.filter((_, i) => mask & (1 << i) && GENRES[i]!.name !== 'Drama');
  if (genres.length && chance(random, genres.some((g) => g.name === 'Animation') ? 0.6 : 0.3)) said.push(pick(random, pick(random, genres).said));
  const foreign = movie.countries.find((country) => country !== 'United States');
  const origin = foreign ? ORIGINS.find((o) => o.country === foreign) : undefined;
  if (origin && chance(random, 0.6)) said.push(origin.words[0]!);
  return said;
}

function withHints(random: Random, body: string, hinted: string[]): string {
  if (hinted.length === 0) return `${pick(random, OPENINGS)}${body}`;
  const label = `${hinted.join(' ')} ${pick(random, ['movie', 'film', 'one', 'flick'])}`;
  return chance(random, 0.5) ? `${label}, ${body}` : `${body}, ${label}`;
}

function contentWords(text: string): string[] {
  return words(text).filter((word) => word.length > 3 && !isStopword(word));
}

export function syntheticQuery(random: Random, movie: CorpusMovie, others: () => CorpusMovie): SyntheticQuery {
  const style = pick<QueryStyle>(random, ['fragment', 'keywords', 'vague', 'vague', 'vague', 'descriptive', 'descriptive', 'person', 'wrong-year', 'title']);
  const passage = recalledPassage(random, movie);
  const other = others();
  switch (style) {
    case 'fragment':
      return { style, text: paraphrase(random, span(random, passage, 6, 14), 0.3, 0.3, chance(random, 0.5)) };
    case 'keywords': {
      const pool = contentWords(passage);
      const chosen = new Set(Array.from({ length: between(random, 2, 5) }, () => pick(random, pool)));
      return { style, text: [...chosen, ...(chance(random, 0.5) ? [pick(random, RETELLING)] : [])].join(' ') };
    }
    case 'vague':
      return { style, text: withHints(random, retell(random, passage, other.plot, { low: 6, high: 14 }, false), hints(random, movie, chance(random, 0.15))) };
    case 'descriptive': {
      const parts = sentences(movie.plot).filter((sentence) => !FACTS_SENTENCE.test(sentence));
      const start = between(random, 0, Math.max(0, parts.length - 3));
      const story = (parts.length ? parts : sentences(movie.plot)).slice(start, start + 3).join(' ');
      const told = `${pick(random, OPENINGS)}${retell(random, story, other.plot, { low: 20, high: 45 }, chance(random, 0.5))}`;
      // A longer description often ends with who is in it, and then the name is right.
      const people = [...movie.cast.slice(0, 3), ...movie.directors];
      return { style, text: people.length && chance(random, 0.3) ? `${told}. ${pick(random, people)}` : told };
    }
    case 'person': {
      const people = chance(random, 0.15) ? other.cast : [...movie.cast.slice(0, 4), ...movie.directors];
      const name = pick(random, people.length ? people : ['someone']);
      const surname = chance(random, 0.4) ? name.split(' ').at(-1)! : name;
      const body = retell(random, passage, other.plot, { low: 6, high: 12 }, false);
      return { style, text: chance(random, 0.5) ? `the one with ${surname} where ${body}` : `${body}, with ${surname}` };
    }
    case 'title': {
      // Some know the title, or think they do: of a film of the same title, the ranker must
      // still weigh which one (remakes share titles, and a removed film's title may be another's).
      const title = pick(random, [movie.title, movie.title, ...movie.aliases]);
      const said = chance(random, 0.6) ? title.toLowerCase() : title;
      return { style, text: pick(random, [said, said, `${said} ${movie.year}`, `the movie ${said}`]) };
    }
    case 'wrong-year': {
      const year = movie.year + pick(random, [-1, 1]) * between(random, 2, 8);
      return { style, text: `${retell(random, passage, other.plot, { low: 6, high: 14 }, false)}, came out in ${year} i think` };
    }
  }
}
