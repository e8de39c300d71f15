// Reading the reply to a list of candidates without a language model, clause by clause. People
// correct themselves in one breath: "It isn't Heat, it's Collateral", "not number one —
// number four", "yes, similar to the second, but it was animated", "right director, wrong
// film — the one on a submarine". So the reply is cut into clauses at punctuation and contrast
// words; each clause's references (ordinals, titles by the longest exact match, years, people
// in the candidates' credits, a detail of one candidate's story) are resolved and given a
// polarity and a relation (a pick, a rejection, a likeness, a person kept); then the clauses
// decide together. What no rule reads goes to the nearest labelled examples in embedding space.
import { creditedNames, directorsOf, type MovieCandidate, releaseYear } from '../../catalog/candidates.ts';
import { normaliseTitle, titleSimilarity } from '../../catalog/matching.ts';
import type { Embedder } from '../../search/embedder.ts';
import type { SearchHints } from '../../search/query-analysis.ts';
import { placeBeside } from '../../search/series.ts';
import { DENIALS, isStopword } from '../../search/tokens.ts';
import { foldAccents } from '../../text.ts';
import type { Intent } from '../language-model.ts';
import { topicsOf } from './questions.ts';

/** Plain yes/no and ordinals in the languages people most often answer in, as English words. */
const FOREIGN_WORDS: Record<string, string> = {
  si: 'yes', sí: 'yes', ja: 'yes', jawohl: 'yes', oui: 'yes', sim: 'yes', claro: 'yes', genau: 'yes', exacto: 'yes', esatto: 'yes', exactement: 'yes', certo: 'yes',
  nein: 'no', non: 'no', nao: 'no', não: 'no', nee: 'no',
  numero: 'number', nummer: 'number', nr: 'number', num: 'number',
  due: '2', zwei: '2', deux: '2', tres: '3', tre: '3', drei: '3', trois: '3', cuatro: '4', quattro: '4', vier: '4', quatre: '4', quatro: '4',
  cinco: '5', cinque: '5', funf: '5', cinq: '5',
  ninguno: 'none', ninguna: 'none', keiner: 'none', keine: 'none', keins: 'none', aucun: 'none', aucune: 'none', nessuno: 'none', nessuna: 'none', nenhum: 'none', nenhuma: 'none',
  primero: 'first', primera: 'first', primer: 'first', erste: 'first', ersten: 'first', erster: 'first', premier: 'first', premiere: 'first', primo: 'first', prima: 'first', primeiro: 'first', primeira: 'first',
  segundo: 'second', segunda: 'second', zweite: 'second', zweiten: 'second', zweiter: 'second', deuxieme: 'second', seconde: 'second', secondo: 'second', seconda: 'second',
  tercero: 'third', tercera: 'third', tercer: 'third', dritte: 'third', dritten: 'third', dritter: 'third', troisieme: 'third', terzo: 'third', terza: 'third', terceiro: 'third', terceira: 'third',
  cuarto: 'fourth', cuarta: 'fourth', vierte: 'fourth', vierten: 'fourth', vierter: 'fourth', quatrieme: 'fourth', quarto: 'fourth', quarta: 'fourth',
  quinto: 'fifth', quinta: 'fifth', funfte: 'fifth', funften: 'fifth', cinquieme: 'fifth',
  ultimo: 'last', ultima: 'last', letzte: 'last', letzten: 'last', dernier: 'last', derniere: 'last',
};

/** What FOREIGN_WORDS makes of a word: a surname read so ("Prima", "Quinto") would be a position or a yes. */
const REPLY_WORDS_OF_NAMES = new Set(Object.values(FOREIGN_WORDS));

/** Numbers and numerals as one form in titles and replies alike ("Part II", "part two", "2"). */
const NUMBER_WORDS: Record<string, string> = {
  volume: 'vol', two: '2', three: '3', four: '4', five: '5', six: '6', seven: '7', eight: '8', nine: '9', ten: '10', eleven: '11', twelve: '12', thirteen: '13',
  ii: '2', iii: '3', iv: '4', vi: '6', vii: '7', viii: '8',
};
const ORDINAL_WORDS: Record<string, number> = { first: 1, '1st': 1, second: 2, '2nd': 2, third: 3, '3rd': 3, fourth: 4, '4th': 4, fifth: 5, '5th': 5 };
/** Places no list of five has, read only as places ("the sixth one", "the 7th"): "the sixth sense" is a title. */
const PLACES_BEYOND: Record<string, number> = { sixth: 6, '6th': 6, seventh: 7, '7th': 7, eighth: 8, '8th': 8, ninth: 9, '9th': 9, tenth: 10, '10th': 10 };

/** Words that open a new clause: what follows may take back or qualify what came before. */
const CLAUSE_OPENERS = new Set(['but', 'though', 'tho', 'although', 'actually', 'however', 'instead', 'wait', 'rather', 'except', 'whereas']);
const NEGATIONS = new Set(['no', 'not', 'nope', 'nah', 'none', 'neither', 'nor', 'never', 'isnt', 'wasnt', 'arent', 'werent', 'dont', 'doesnt', 'didnt', 'aint', 'wrong', 'different', 'diff', 'other', 'another', 'incorrect', 'nothing']);
/** Replies in emoji. */
const EMOJI_WORDS: Array<[RegExp, string]> = [
  [/[👍👌🙌✅✔☑💯🎉🥳]/gu, ' yes '],
  [/[👎❌✖🚫]/gu, ' no '],
];
// With the yeses people mistype or stretch on a phone: "yse", "yeahh".
const AFFIRMATIONS = new Set(['yes', 'yeah', 'yep', 'yup', 'ya', 'yea', 'yess', 'yesss', 'yse', 'ys', 'yeh', 'yah', 'yas', 'yesh', 'yeahh', 'yupp', 'yepp', 'sure', 'correct', 'exactly', 'bingo', 'absolutely', 'definitely', 'indeed', 'perfect', 'ok', 'okay', 'finally', 'omg']);
/** A likeness, not a pick: "similar to the second", "kind of like Heat". */
const LIKENESS = /\b(similar|like|close to|kind of|sort of|sorta|kinda|reminds|resembles|vibes?|ish|esque|in the style|along the lines|basically|essentially|meets|same (kind|type|idea|premise|concept|story|setup)|along those lines)\b/;
/** "like" that compares nothing: "I'm like 80% sure", "sounds like it". */
const NOT_A_LIKENESS = /\b(would like|i like|looks like|sounds like|feel like|felt like|im like|i m like|like \d+ (percent|pct|sure|certain|years|yrs|times|minutes|mins|hours|days|weeks|months)|like (really|totally|super|so))\b/;
/** A person who is right about a wrong film: "right director", "it's a nolan film". */
const RIGHT_PERSON = /\b(right|correct|yes|good|same)\b/;
const WRONG_FILM = /\b(wrong (film|movie|one)|different (film|movie|one)|diff (film|movie)|another (film|movie|one)|other (film|movie|one)|not (that|this) one|not this|not that|not the one)\b/;
/** Every film shown turned down in so many words: "none of these", "all wrong", "wrong movies". */
const LIST_REJECTED = /\b(none|neither|not any|(any|all) of (these|those|them|the others|the rest)|not (these|those|them)|wrong (films|movies|ones)|all wrong)\b/;
/** "...but the con man selling bibles sounds right": the pick stands. */
const CONFIRMS_PICK = /\b(sounds right|is right|def it|is it|checks out|spot on|rings a bell|fits|this one|that one|i mean|i meant)\b/;
/** Asking for more without saying anything new: "try again", "keep looking". */
const ASK_AGAIN = /\b(try again|keep looking|look again|search again|something else|any others|other options|more options|show me more|next ones?)\b/;
/** Doubts about one's own memory that leave a pick standing. */
const HEDGE = /\b(remember|remembered|recalled|memory|thought|think|seemed|recall|poster|pretty sure|even if|even though|though|tho|although|probably|maybe|might|guess|mixed up|mixing up|my bad|had (the|it) wrong|got (the|it) wrong|confused|was wrong|misremember|pictured|imagined|in my head|as a kid|was a kid|years ago|long time ago|when i saw it|back then|hazy|fuzzy|expecting|expected|surprised|its been|been ages|been forever|wasnt (he|she|it|the|there)|isnt (he|she|it))\b/;
/** Words of the clause machinery, not details about a film. */
const FILLER = new Set(
  ('a an the and or but of to in on at is it its was were be been s t it s that this these those them they one ones movie movies film films ' +
    'yes yeah yep no not nope nah none any all of these those either neither nor i im i m think thought guess maybe probably pretty sure ' +
    'actually wait oh hmm well ok okay please others rest tbh idk imo every after afraid unfortunately sadly ive seen watched thanks thank thx ty cheers can could you u would definitely def totally absolutely certainly surely try again though tho although however instead rather except just really so very like similar ' +
    'close kind sort right wrong different diff other another correct good director actor actress cast star guy filmmaker made ' +
    'number option choice last first second third fourth fifth top bottom middle lol haha omg ah my bad mixed up had got confused ' +
    'remember recall seemed thats whats was isnt wasnt is are there with where who which what about more for ' +
    // the same small words in the languages the plain yes and no are read in
    'de del la las los el es esa ese esta este estos estas esos esas davon der die das den dem ist c est ce cest les ceux celui ci ' +
    'di questi quelli questo quello il lo e o os as desses dessas deles isso esse essa um uma una un une pelicula peli filme ne pas nicht kein sono dos ' +
    'von denen verdad misma mismo er sie ihn em arent aren keep looking look even search searching again else something sorry typo meant mean ' +
    'ugh fat fingered misread scratch obviously honestly idea vibe vibes sorta kinda same as ' +
    // about the list, not the film: "it's not on the list", "nothing here rings a bell"
    'list listed here above below shown negative match matches matching nothing rings ring bell see seeing pls plz dont didnt doesnt cant wont ' +
    'siento lo malheureusement leider purtroppo infelizmente desculpe desole tut mir ish esque').split(' '),
);

export interface Reference {
  index: number;
  via: 'ordinal' | 'title' | 'year' | 'person' | 'story';
  /** For a person: their name as credited. */
  person?: string;
  /** A single word of a title, or a few of a long one: after "none of these" it is more likely a story word. */
  weak?: boolean;
  /** Words of the reply (positions) the reference covers. */
  from: number;
  to: number;
}

interface Clause {
  words: string[];
  /** The same words as the person wrote them ("two", not "2"): what details are made of. */
  said: string[];
  /** Position of its first word in the reply. */
  start: number;
  references: Reference[];
  /** Places it points at that the list does not have ("the sixth one" of five). */
  beyondList: Reference[];
  text: string;
}

/** "E.T.", "L.A.": initials with dots are one word, in titles and replies alike. */
const collapseInitials = (text: string) => text.replace(/\b(?:[A-Za-z]\.){2,}/g, (initials) => initials.replace(/\./g, ''));
/** Words before a film's number in its series: "part one", "vol 1", "episode five". */
const SERIES_WORDS = new Set(['part', 'vol', 'episode', 'chapter']);
/** Numbers that are only numbers after such a word ("episode v", "part one"). */
const SERIES_NUMBERS: Record<string, string> = { one: '1', i: '1', v: '5', x: '10' };

/** The reply's words, folded and lower-cased, numbers in one form, foreign yes/no in English. */
function replyWords(message: string): Array<{ word: string; said: string; boundary: boolean }> {
  const marked = EMOJI_WORDS.reduce((text, [emoji, word]) => text.replace(emoji, word), collapseInitials(foldAccents(message)))
    .toLowerCase()
    .replace(/\b(it|that|he|she|what|there|who|here)[’']s\b/g, '$1s')
    // "pacino's", "carlito's": the name and an "s", as titles are normalised
    .replace(/([a-z0-9])[’']s\b/g, '$1 s')
    .replace(/[’']/g, '')
    .replace(/\bno\.\s*(\d)/g, 'number $1')
    .replace(/#\s*(\d)/g, ' number $1 ')
    .replace(/\b(\d+)\?/g, '$1 |')
    .replace(/\s[-–—]+\s|[–—]|[,;.!?:()\n]+/g, ' | ');
  const out: Array<{ word: string; said: string; boundary: boolean }> = [];
  let boundary = true;
  for (const raw of marked.split(/\s+/)) {
    if (raw === '|') {
      boundary = true;
      continue;
    }
    for (const piece of raw.replace(/[^a-z0-9]+/g, ' ').trim().split(' ')) {
      if (!piece) continue;
      const word = (SERIES_WORDS.has(out.at(-1)?.word ?? '') ? SERIES_NUMBERS[piece] : null) ?? NUMBER_WORDS[piece] ?? FOREIGN_WORDS[piece] ?? (/^(s+i+|y+e+s+|jup|jap|jo)$/.test(piece) ? 'yes' : piece);
      out.push({ word, said: piece, boundary });
      boundary = false;
    }
  }
  return out;
}

/** A title's words in the reply's form. */
function titleWords(title: string): string[] {
  return replyWords(normaliseTitle(collapseInitials(title))).map((w) => w.word);
}

/**
 * The shorter names a title goes by: its main title and its subtitle ("Star Trek II" and "The
 * Wrath of Khan"), and its initials with its number ("MIB 3", "T2", "LOTR").
 */
function shortNames(title: string): { main: string[]; parts: string[][]; initials: string[] } {
  const pieces = title.split(/:| [-–—] /).map((piece) => titleWords(piece).filter((w) => w !== 'part')).filter((w) => w.length > 0);
  const main = pieces[0] ?? [];
  const lettersOf = (piece: string[]) => piece.filter((w) => !/^\d+$/.test(w)).map((w) => w[0]).join('');
  const letters = lettersOf(main);
  const number = main.find((w) => /^\d+$/.test(w)) ?? '';
  const mainInitials = letters.length + number.length >= 2 && (number || letters.length >= 3) ? [letters + number] : [];
  // A subtitle's initials too ("fotr"), without numbers.
  const subtitleInitials = pieces.slice(1).map(lettersOf).filter((initials) => initials.length >= 3);
  // Initials at the start ("E.T. the Extra-Terrestrial") name the film by themselves.
  const leading = /^(?:[A-Za-z]\.){2,}/.exec(title);
  const parts = [...(pieces.length > 1 ? pieces.filter((piece) => squeezed(piece).length >= 4) : []), ...(leading ? [[leading[0].replace(/\./g, '').toLowerCase()]] : [])];
  return { main, parts, initials: [...mainInitials, ...subtitleInitials].filter((initials) => !FILLER.has(initials) && !NEGATIONS.has(initials)) };
}

/** "drives" is not a slip for "driver": words that differ only by an ending are other words. */
const ENDING = /(ing|ers|er|es|ed|s|r|d|y)$/;
function inflected(a: string, b: string): boolean {
  if (a === b) return false;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return (long.startsWith(short) && ENDING.test(long.slice(short.length)) && long.length - short.length <= 3) || a.replace(ENDING, '') === b.replace(ENDING, '');
}

const squeezed = (words: string[]) => words.join('');
/** Whether two references share a word of the reply. */
const overlaps = (a: Pick<Reference, 'from' | 'to'>, b: Pick<Reference, 'from' | 'to'>) => a.from <= b.to && b.from <= a.to;

/** 1 for the same word, 0.9 for one slip (a letter missed, added, changed or swapped), 0.8 for two in a long word. */
function nearSpelling(a: string, b: string): number {
  if (a === b) return 1;
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  const distance = rows[a.length]![b.length]!;
  return distance === 1 ? 0.9 : distance === 2 && Math.min(a.length, b.length) >= 7 ? 0.8 : 0;
}

/**
 * Title mentions: every candidate whose title the reply names, where, and how surely. An exact
 * match of more words beats a shorter one ("scream 2" names Scream 2, not Scream); near
 * spellings count for titles of some length ("godfater 2").
 */
function titleReferences(words: string[], boundaries: boolean[], candidates: MovieCandidate[]): Reference[] {
  const found: Array<Reference & { score: number }> = [];
  // "Part II" may be said "part 2", "2" or "two": titles and replies are compared without "part".
  const reply = words.filter((w) => w !== 'part');
  const offsets = words.map((w, i) => (w === 'part' ? -1 : i)).filter((i) => i >= 0);
  const titleWordsOf = candidates.map((c) => titleWords(c.rag_title));
  const allTitles = titleWordsOf.map((tw) => ` ${tw.filter((w) => w !== 'part').join(' ')} `);
  // A mention never runs across punctuation: "blade runner — 2049" is two clauses.
  const crossesBoundary = (from: number, to: number) => boundaries.slice(from + 1, to + 1).some(Boolean);
  const mention = (index: number, start: number, span: number, score: number) => {
    if (!crossesBoundary(offsets[start]!, offsets[start + span - 1]!)) found.push({ index, via: 'title', from: offsets[start]!, to: offsets[start + span - 1]!, score });
  };
  const numbersOf = titleWordsOf.map((tw) => new Set(tw.filter((w) => /^\d+$/.test(w))));
  candidates.forEach((candidate, index) => {
    // "part three", "deathly hallows part 2": the one film of the list with that number, with
    // the end of its main title said before it.
    const main = shortNames(candidate.rag_title).main.filter((w) => !/^\d+$/.test(w));
    words.forEach((word, i) => {
      const number = words[i + 1];
      if (!SERIES_WORDS.has(word) || !number || !/^\d+$/.test(number) || !numbersOf[index]!.has(number)) return;
      if (numbersOf.filter((numbers) => numbers.has(number)).length > 1) return;
      let said = 0;
      while (said < main.length && i - said - 1 >= 0 && words[i - said - 1] === main[main.length - said - 1] && !boundaries[i - said]) said++;
      found.push({ index, via: 'title', from: i - said, to: i + 1, score: 1.5 + said + 1 });
    });
    for (const title of [candidate.rag_title, candidate.catalog_title].filter((t): t is string => !!t)) {
      const tw = titleWords(title).filter((w) => w !== 'part');
      const { parts, initials } = shortNames(title);
      for (let start = 0; start < reply.length; start++) {
        // The title's first words, its main title or subtitle said alone, its initials: each
        // names it less surely than the whole title, so "star wars" is Star Wars, not Episode V.
        // A beginning of small words names nothing: "set in the desert" is not In the Heat of the Night.
        for (let span = 2; span < tw.length && start + span <= reply.length; span++) {
          const beginning = tw.slice(0, span);
          if (reply.slice(start, start + span).join(' ') === beginning.join(' ') && !beginning.every(isStopword)) mention(index, start, span, 1.5 + span);
        }
        for (const part of parts) {
          if (squeezed(reply.slice(start, start + part.length)) === squeezed(part)) mention(index, start, part.length, 1.5 + part.length);
        }
        for (const said of initials) {
          if (reply[start] === said) mention(index, start, 1, 2 + tw.length);
          else if (`${reply[start]}${reply[start + 1] ?? ''}` === said) mention(index, start, 2, 2 + tw.length);
        }
      }
      if (squeezed(tw).length < 3 && !(tw.length === 1 && /^\d+$/.test(tw[0]!) === false && tw[0]!.length >= 2 && reply.includes(tw[0]!))) continue;
      for (let start = 0; start < reply.length; start++) {
        for (const span of new Set([tw.length, tw.length - 1, tw.length + 1, 1, 2, 3])) {
          if (span < 1 || start + span > reply.length) continue;
          const phrase = reply.slice(start, start + span);
          let score = 0;
          if (squeezed(phrase) === squeezed(tw)) score = 2 + tw.length;
          else if (span === tw.length && squeezed(tw).length >= 5) {
            const similarity = titleSimilarity(phrase.join(' '), tw.join(' '));
            if (similarity >= (tw.length === 1 ? 0.75 : 0.8)) score = 1 + similarity;
          }
          // One distinctive word of a title, spelt right or nearly ("shawshank", "totoro",
          // "ratatoullie"), or its distinctive number ("2049").
          const word = phrase[0]!;
          const likened = reply[start + 1] === 'ish' || reply[start + 1] === 'esque' || reply[start - 1] === 'like';
          if (!score && span === 1 && likened && word === tw[0] && word.length >= 4 && !FILLER.has(word) && allTitles.filter((t) => t.startsWith(` ${word} `)).length === 1) score = 1;
          const distinctive = (w: string) => (/^\d+$/.test(w) ? w.length >= 3 : w.length >= 5 && !FILLER.has(w) && !isStopword(w));
          if (!score && span === 1 && distinctive(word)) {
            const best = Math.max(...tw.filter(distinctive).map((w) => (w === word ? 1 : /^\d+$/.test(w) || inflected(w, word) ? 0 : nearSpelling(w, word))), 0);
            if (best >= 0.8 && !titleWordsOf.some((other, o) => o !== index && other.includes(word))) score = 0.5 + best / 2;
          }
          // Two or more consecutive title words, not all small ones ("robin hood", "willy wonka"),
          // or found in this title alone ("vol 1", "part 3").
          const inTitle = span >= 2 && span < tw.length && ` ${tw.join(' ')} `.includes(` ${phrase.join(' ')} `);
          const unique = allTitles.filter((t) => t.includes(` ${phrase.join(' ')} `)).length === 1;
          if (!score && inTitle && (phrase.some((w) => w.length > 3) || (unique && phrase.some((w) => /^\d+$/.test(w))))) score = 1;
          if (score) mention(index, start, span, score);
        }
      }
    }
  });
  // Where mentions overlap, the surest (then longest) wins: "scream 2" is not also "scream".
  found.sort((a, b) => b.score - a.score || b.to - b.from - (a.to - a.from));
  const kept: Reference[] = [];
  for (const mention of found) {
    if (kept.some((k) => overlaps(k, mention))) continue;
    kept.push({ index: mention.index, via: 'title', from: mention.from, to: mention.to, weak: mention.score <= 1 });
  }
  return kept;
}

const AFTER_A_POSITION = new Set(['one', 'yes', 'yeah', 'yep', 'please', 'pls', 'i', 'for', 'maybe', 'probably', 'then', 'sorry', 'typo', 'lol', 'not', 'is', 'its', 'thanks', 'thx', 'definitely', 'def', 'obviously']);
/** Words after which a bare digit is a position: "it's 3", "not 1", "go with 2". */
const BEFORE_A_NUMBER = new Set(['its', 'is', 'not', 'so', 'yeah', 'yep', 'then', 'maybe', 'probably', 'pick', 'with', 'take', 'say', 'no', 'yes', 'wait', 'prob', 'meant', 'mean', 'actually', 'nope', 'nah', 'def', 'definitely']);

/**
 * Positions the reply points at. Places beyond `count` come back too (index `count` or more),
 * for the caller to tell the person the list is shorter.
 */
function ordinalReferences(words: string[], starts: boolean[], count: number): Reference[] {
  const refs: Reference[] = [];
  // "3 brothers on a train" counts brothers; a position ends its clause or is followed by "one".
  const endsHere = (i: number) => i === words.length - 1 || starts[i + 1] || AFTER_A_POSITION.has(words[i + 1]!);
  words.forEach((word, i) => {
    const next = words[i + 1];
    let position: number | null = null;
    let to = i;
    if (ORDINAL_WORDS[word] !== undefined && /^(bottom|end|last)$/.test(words[i + 3] ?? '') && next === 'from' && words[i + 2] === 'the') {
      // "the 2nd from the bottom"
      position = count + 1 - ORDINAL_WORDS[word]!;
      to = i + 3;
    } else if (ORDINAL_WORDS[word] !== undefined && !(word === 'second' && next === 'to')) position = ORDINAL_WORDS[word]!;
    else if ((word === 'number' || word === 'option' || word === 'choice' || word === 'nr') && next && (/^\d$/.test(next) || next === 'one')) {
      position = next === 'one' ? 1 : Number(next);
      to = i + 1;
    } else if ((word === 'option' || word === 'choice' || word === 'letter') && next && /^[a-e]$/.test(next)) {
      // "option c": lists are sometimes read as lettered
      position = next.charCodeAt(0) - 96;
      to = i + 1;
    } else if (/^\d$/.test(word) && (words.length <= 2 || starts[i] || BEFORE_A_NUMBER.has(words[i - 1] ?? '') || words[i - 1] === 'the') && endsHere(i)) {
      position = Number(word);
    }
    else if (word === 'last' || word === 'bottom') position = count;
    else if (word === 'second' && next === 'to' && words[i + 2] === 'last') {
      position = count - 1;
      to = i + 2;
    } else if (word === 'top') position = 1;
    else if (word === 'middle' && count % 2 === 1) position = (count + 1) / 2;
    else if (PLACES_BEYOND[word] !== undefined) position = PLACES_BEYOND[word]!;
    if (position !== null && position >= 1 && !refs.some((r) => r.to >= i)) refs.push({ index: position - 1, via: 'ordinal', from: i, to });
  });
  return refs;
}

const IN_SERIES: Record<string, number> = { first: 0, '1st': 0, original: 0, second: 1, '2nd': 1, third: 2, '3rd': 2, last: -1, latest: -1, newest: -1 };

/** Of the candidates at `indexes`, the index at `place` once ordered oldest first (-1: the newest). */
function atPlaceByYear(candidates: MovieCandidate[], indexes: number[], place: number): number | undefined {
  return indexes.map((index) => ({ index, year: releaseYear(candidates[index]!) })).sort((a, b) => a.year - b.year).at(place)?.index;
}

/** "the first dragon one", "the latest mission one": a place in the series several titles share, by year. */
function seriesReferences(words: string[], candidates: MovieCandidate[]): Reference[] {
  const refs: Reference[] = [];
  const titles = candidates.map((c) => new Set(titleWords(c.rag_title)));
  words.forEach((word, i) => {
    const place = IN_SERIES[word];
    const shared = words[i + 1];
    if (place === undefined || !shared || shared.length < 3 || FILLER.has(shared)) return;
    const series = candidates.flatMap((_, index) => (titles[index]!.has(shared) ? [index] : []));
    if (series.length < 2) return;
    const member = atPlaceByYear(candidates, series, place);
    const said = /^(one|movie|film)$/.test(words[i + 2] ?? '') ? 2 : 1;
    if (member !== undefined) refs.push({ index: member, via: 'title', from: i, to: i + said });
  });
  return refs;
}

/** Years, in full or as "the '69 one", "the 98 one", "from 97": the one candidate of that year. */
function yearReferences(words: string[], candidates: MovieCandidate[]): Reference[] {
  const refs: Reference[] = [];
  words.forEach((word, i) => {
    const full = /^(19|20)\d\d$/.test(word);
    if (!full && !/^\d\d$/.test(word)) return;
    const sameYear = (year: number) => (full ? year === Number(word) : year % 100 === Number(word));
    const matches = candidates.map((c, index) => ({ c, index })).filter(({ c }) => sameYear(releaseYear(c)));
    if (matches.length === 1) refs.push({ index: matches[0]!.index, via: 'year', from: i, to: i });
  });
  return refs;
}

/** People in the candidates' credits, by full name or surname; a name shared by several refers to none. */
function personReferences(words: string[], candidates: MovieCandidate[]): Reference[] {
  const refs: Reference[] = [];
  const credits = new Map<string, Array<{ name: string; parts: string[]; index: number; directs: boolean }>>();
  candidates.forEach((candidate, index) => {
    const directors = directorsOf(candidate);
    for (const name of creditedNames(candidate)) {
      const parts = replyWords(name).map((w) => w.word);
      // Full name, surname, and a first name distinctive enough to be used alone ("denzel").
      for (const key of [parts.join(' '), parts.at(-1)!, ...(parts.length > 1 && parts[0]!.length >= 5 ? [parts[0]!] : [])]) {
        // A name read as a word of the reply ("Louis Prima" as "louis first") is known by the whole name alone.
        if (!key || key.length < 4 || REPLY_WORDS_OF_NAMES.has(key)) continue;
        credits.set(key, [...(credits.get(key) ?? []), { name, parts, index, directs: directors.includes(name) }]);
      }
    }
  });
  const text = ` ${words.join(' ')} `;
  for (const [key, credited] of credits) {
    // A surname two people share names the director among them: "miyazaki" is Hayao, not Aoi.
    const directing = credited.filter((c) => c.directs);
    const meant = new Set(credited.map((c) => c.name)).size > 1 && new Set(directing.map((c) => c.name)).size === 1 ? directing : credited;
    const { name, parts: nameParts } = meant[0]!;
    const indexes = new Set(meant.map((c) => c.index));
    let at = text.indexOf(` ${key} `);
    // A surname spelt nearly right ("scorcese") still names its person.
    if (at < 0 && !key.includes(' ') && key.length >= 6) {
      const near = words.findIndex((word) => word.length >= 5 && !FILLER.has(word) && nearSpelling(word, key) > 0);
      if (near >= 0) at = text.indexOf(` ${words[near]} `);
    }
    if (at < 0) continue;
    const position = text.slice(0, at).trim().split(' ').filter(Boolean).length;
    // A first name said with another surname is another person: "michael caine" is not Michael Fassbender.
    const after = words[position + 1];
    if (nameParts.length > 1 && key === nameParts[0] && after !== undefined && !FILLER.has(after) && after !== nameParts[1]) continue;
    const to = position + (text.indexOf(` ${key} `) >= 0 ? key.split(' ').length : 1) - 1;
    // "de niro", "van damme": the particles said before a surname belong to it.
    let from = position;
    for (let part = nameParts.length - 2; part >= 0 && from > 0 && words[from - 1] === nameParts[part]; part--) from--;
    if (refs.some((r) => overlaps(r, { from, to }))) continue;
    // A shared name (two films by one director) still says who is meant, but not which film.
    for (const index of indexes.size === 1 ? indexes : []) refs.push({ index, via: 'person', person: name, from, to });
    if (indexes.size > 1) refs.push({ index: -1, via: 'person', person: name, from, to });
  }
  return refs;
}

/** Distinctive words of one candidate's story or credits ("the one with the volleyball"). */
function storyReference(words: string[], candidates: MovieCandidate[]): Reference | null {
  const content = new Set(words.filter((w) => w.length > 3 && !FILLER.has(w)));
  if (content.size === 0) return null;
  const scores = candidates.map((candidate) => {
    const about = replyWords([candidate.rag_plot, ...candidate.rag_genre, candidate.catalog_plot ?? ''].join(' ')).map((w) => w.word);
    return new Set(about.filter((w) => content.has(w))).size;
  });
  const ranked = scores.map((score, index) => ({ score, index })).sort((a, b) => b.score - a.score);
  const [first, second] = ranked;
  if (!first || first.score < 2 || (second && first.score < 2 * second.score + 1)) return null;
  return { index: first.index, via: 'story', from: 0, to: words.length - 1 };
}

/** "I think it's", "yes it's": the "it's" continues the clause rather than contrasting with it. */
const KEEP_TOGETHER = new Set([...CLAUSE_OPENERS, 'thought', 'remembered', 'figured', 'assumed', 'think', 'guess', 'sure', 'maybe', 'probably', 'yes', 'yeah', 'yep', 'oh', 'ah', 'so', 'and', 'that', 'because', 'cause', 'if', 'when', 'hope']);

function clausesOf(message: string, candidates: MovieCandidate[]): Clause[] {
  const tokens = replyWords(message);
  const words = tokens.map((t) => t.word);
  const titles = titleReferences(words, tokens.map((t) => t.boundary), candidates);
  const references = [...titles, ...yearReferences(words, candidates).filter((year) => !titles.some((t) => overlaps(t, year)))];
  for (const ref of seriesReferences(words, candidates)) if (!references.some((r) => overlaps(r, ref))) references.push(ref);
  const covered = (i: number) => references.some((r) => r.from <= i && i <= r.to);
  const inside = (i: number) => references.some((r) => r.from < i && i <= r.to);
  for (const ref of personReferences(words, candidates)) if (!covered(ref.from)) references.push(ref);
  const starts = tokens.map((t, i) => t.boundary || CLAUSE_OPENERS.has(words[i - 1] ?? ''));
  // An ordinal right before a title qualifies it ("the first die hard"), it does not point at a
  // position; and beside a named title, "first" or "last" places the film in its series.
  const titled = references.some((r) => r.via === 'title');
  const beyondList: Reference[] = [];
  for (const ref of ordinalReferences(words, starts, candidates.length)) {
    if (covered(ref.from) || covered(ref.to + 1)) continue;
    if (titled && /^(first|1st|last|top|bottom)$/.test(words[ref.from]!)) continue;
    if (ref.index < candidates.length) references.push(ref);
    else if (aPlaceInTheList(words, starts, ref)) beyondList.push(ref);
  }
  const clauses: Clause[] = [];
  tokens.forEach((token, i) => {
    const opens =
      token.boundary ||
      CLAUSE_OPENERS.has(token.word) ||
      ((token.word === 'its' || (token.word === 'it' && /^(is|was|isnt|wasnt)$/.test(words[i + 1] ?? ''))) && i > 0 && !covered(i) && !KEEP_TOGETHER.has(words[i - 1]!));
    if (opens && !inside(i) && (clauses.length === 0 || clauses.at(-1)!.words.length > 0)) clauses.push({ words: [], said: [], start: i, references: [], beyondList: [], text: '' });
    if (clauses.length === 0) clauses.push({ words: [], said: [], start: i, references: [], beyondList: [], text: '' });
    clauses.at(-1)!.words.push(token.word);
    clauses.at(-1)!.said.push(token.said);
  });
  for (const clause of clauses) {
    clause.text = clause.words.join(' ');
    const inClause = (r: Reference) => r.from >= clause.start && r.from < clause.start + clause.words.length;
    clause.references = references.filter(inClause);
    clause.beyondList = beyondList.filter(inClause);
  }
  return clauses.filter((c) => c.words.length > 0);
}

/**
 * Whether a place past the end of the list is one of it: said alone or as "the sixth one", not
 * "the sixth film in the series" (a film's place in its series) or "third act".
 */
function aPlaceInTheList(words: string[], starts: boolean[], ref: Reference): boolean {
  const next = words[ref.to + 1];
  if (words.some((word) => /^(series|franchise|saga|sequel|part|installment|instalment)$/.test(word))) return false;
  return next === undefined || starts[ref.to + 1]! || FILM_WORDS.has(next) || AFTER_A_POSITION.has(next) || next === 'on';
}

/** Denials a clause says in more than a word. */
const DENIED = /\b(is not|was not|dont think so)\b/;
const isNegative = (clause: Clause) => clause.words.some((w) => NEGATIONS.has(w)) || DENIED.test(clause.text);
const isAffirmative = (clause: Clause) =>
  // "is it ok for kids?" asks; "ok, that one" says yes.
  clause.words.some((w, i) => AFFIRMATIONS.has(w) && !(/^(ok|okay|good|fine|alright)$/.test(w) && /^(for|to)$/.test(clause.words[i + 1] ?? ''))) ||
  /\b(thats it|thats the one|this is (it|the one)|its (it|this one|that one|the one(?! (after|before|with|where|who|that|from|about|set|in)\b))|you got it|got it|found it|spot on|thank|nailed it|that one)\b/.test(clause.text);

/** The words of a clause that tell something new about the film. */
function detailsOf(clause: Clause, { withReferences = false } = {}): string {
  const kept = clause.words
    .map((word, i) => ({ word, said: clause.said[i]!, position: clause.start + i }))
    .filter(({ position }) => withReferences || !clause.references.some((r) => r.from <= position && position <= r.to));
  const first = kept.findIndex(({ word }) => !FILLER.has(word) && (word.length > 1 || /\d/.test(word)));
  if (first < 0) return '';
  // "it wasn't animated", "not from the 70s": what the film is not; searched, it would say the
  // opposite. (A plain "no" refuses the list and is not a denial.)
  if (kept.slice(0, first).some(({ word }) => DENIALS.has(word))) return '';
  return kept.slice(first).map(({ said }) => said).join(' ').trim();
}

/** The ways of saying no that answer a question rather than deny what follows. */
const INTERJECTIONS = new Set(['no', 'nope', 'nah']);

/** Whether a negation stands right before a reference in its clause ("not 4", "isn't Heat"). */
function negated(clause: Clause, ref: Reference): boolean {
  // "no the second one" is "no, the second one" unpunctuated: a clause's opening "no" answers the question.
  const opening = INTERJECTIONS.has(clause.words[0]!) ? 1 : 0;
  const before = clause.words.slice(Math.max(opening, ref.from - clause.start - 3), ref.from - clause.start);
  const denied = clause.words.slice(opening).some((w) => NEGATIONS.has(w)) || DENIED.test(clause.text);
  return before.some((word) => NEGATIONS.has(word)) || (before.length === 0 && denied && clause.references.length === 1);
}

/** What the clauses say together, built up clause by clause. */
interface Reading {
  pick: Reference | null;
  /** The clause the pick was made in. */
  pickClause: number;
  anchor: number | null;
  keptPerson: string | null;
  /** The last person named, for "right actor" in a later clause. */
  lastPerson: Reference | null;
  rejectedAll: boolean;
  /** Said in so many words: "none of these", "not any of them". */
  listRejected: boolean;
  wrongFilm: boolean;
  /** A candidate picked through its person, then taken back ("it's kubrick, but not the shining"). */
  personTakenBack: Reference | null;
  details: Array<{ text: string; hedged: boolean; after: 'nothing' | 'pick'; contrast: boolean }>;
}

/** What someone thinks of a person, which says nothing of the film: "love de niro". */
const OPINION = /^(love|loved|adore|great|big fan of|fan of|huge fan of)$/;
/** A clause about the films shown, not the one meant: "X is in one of them". */
const ABOUT_THE_LIST = /\b(of (them|these|those)|the list|above)\b/;

/** A clause telling when the film came out ("it came out in 2014", "released in 98"). */
const RELEASE_TOLD = /\b(came out|come out|released|was made|made in)\b/;

const OTHER = new Set(['other', 'another', 'different']);
const FILM_WORDS = new Set(['film', 'films', 'movie', 'movies', 'one', 'flick', 'picture']);

/** "the other coppola war film", "another spielberg movie": a film of that person's, not the one shown. */
function anotherOf(clause: Clause, person: Reference): boolean {
  const at = person.from - clause.start;
  return OTHER.has(clause.words[at - 1] ?? '') && clause.words.slice(person.to - clause.start + 1).some((word) => FILM_WORDS.has(word));
}

/** "right director", "pacino's right", "scorsese yes", "same director as #1": the person stays. */
function readRightPerson(clause: Clause, candidates: MovieCandidate[], reading: Reading): boolean {
  const people = clause.references.filter((r) => r.via === 'person');
  const text = clause.text.replace(/\ball right\b/, '');
  const right = RIGHT_PERSON.test(text) && !/\bnot right\b/.test(text);
  const theirFilm = people.length > 0 && (/\b(s a|is a|its a)\b.*\b(film|movie|one)\b/.test(text) || anotherOf(clause, people[0]!));
  const role = /\b(director|directed|actor|actress|cast|star|guy)\b/.exec(text)?.[1];
  if (!((right && (people.length > 0 || role)) || theirFilm)) return false;
  const person = people[0] ?? (role ? reading.lastPerson : null);
  // "the showman one. same hugh jackman but...": the person of the film just picked by title.
  if (person && reading.pick?.via === 'title' && personCredited(candidates[reading.pick.index]!, person.person!)) return false;
  if (person) {
    reading.keptPerson = person.person!;
    reading.anchor = person.index >= 0 ? person.index : candidates.findIndex((candidate) => personCredited(candidate, person.person!));
  } else {
    const target = clause.references.find((r) => r.index >= 0)?.index ?? 0;
    reading.anchor = target;
    reading.keptPerson = role === 'director' || role === 'directed' ? directorOf(candidates[target]!) : (candidates[target]!.rag_cast[0] ?? null);
  }
  return true;
}

/**
 * The rules' reading of a reply, or null when they cannot tell (no reference, no yes or no,
 * no detail): then the nearest labelled examples decide.
 */
function readReply(clauses: Clause[], candidates: MovieCandidate[], yesTakes: number, asked: boolean): Intent | null {
  if (clauses.length === 0) return { kind: 'refine', details: '', anchor: null, hints: {}, turnsDownAll: false };
  const reading: Reading = { pick: null, pickClause: -1, anchor: null, keptPerson: null, lastPerson: null, rejectedAll: false, listRejected: false, wrongFilm: false, personTakenBack: null, details: [] };

  clauses.forEach((clause, clauseIndex) => {
    const refs = clause.references.filter((r) => r.index >= 0);
    const named = clause.references.find((r) => r.via === 'person');
    const hedged = HEDGE.test(clause.text);
    if (WRONG_FILM.test(clause.text)) reading.wrongFilm = true;
    if (readRightPerson(clause, candidates, reading)) {
      // "the other coppola war film": what else is said of it is a detail.
      const rest = named && anotherOf(clause, named) ? detailsOf(clause) : '';
      if (rest) reading.details.push({ text: rest, hedged, after: 'nothing', contrast: false });
      return;
    }
    // A person named after "right director" says whose film it is.
    if (named && reading.keptPerson && !clause.references.some((r) => r.via === 'title')) {
      reading.keptPerson = named.person!;
      reading.anchor = named.index >= 0 ? named.index : candidates.findIndex((candidate) => personCredited(candidate, named.person!));
      const rest = detailsOf(clause);
      if (rest) reading.details.push({ text: rest, hedged, after: 'nothing', contrast: false });
      return;
    }
    if (named) reading.lastPerson = named;
    // "kurosawa right, film wrong. it's king lear with samurai": words the anchor's title shares are the story.
    if (reading.keptPerson && refs.length > 0 && refs.every((r) => r.index === reading.anchor && r.via === 'title')) {
      const told = detailsOf(clause, { withReferences: true });
      if (told) reading.details.push({ text: told, hedged, after: 'nothing', contrast: false });
      return;
    }
    if (LIKENESS.test(clause.text) && !NOT_A_LIKENESS.test(clause.text) && refs.length > 0) {
      // A title outranks a position in the same clause ("like the first die hard").
      reading.anchor = (refs.find((r) => r.via === 'title') ?? refs.at(-1)!).index;
      const tail = detailsOf(clause).replace(/^(to|of|as)\s+/, '');
      if (tail) reading.details.push({ text: tail, hedged: false, after: 'nothing', contrast: false });
      return;
    }
    // "none of these, it's the one where an alien...": after a refusal of the list, a title's
    // word said in passing is part of the story.
    const inPassing = (r: Reference) => !negated(clause, r) && (r.weak || r.via === 'story' || (r.via === 'title' && r.from === r.to)) && (contentWords(clause) >= 2 || reading.listRejected);
    if (reading.rejectedAll && reading.pick === null && refs.length > 0 && refs.every(inPassing)) {
      const story = detailsOf(clause, { withReferences: true });
      if (story) reading.details.push({ text: story, hedged, after: 'nothing', contrast: false });
      return;
    }
    if (refs.length > 0) {
      // "not cool runnings or any of the others": the whole list is refused.
      if (isNegative(clause) && LIST_REJECTED.test(clause.text)) reading.rejectedAll = reading.listRejected = true;
      for (const ref of refs) {
        // A person in a doubt ("I pictured Travolta as the villain") neither picks nor takes back.
        if (hedged && ref.via === 'person' && (negated(clause, ref) || reading.pick)) continue;
        // "Meryl Streep is great but none of these": a person named after the list is refused picks nothing.
        if (reading.listRejected && ref.via === 'person') continue;
        if (negated(clause, ref)) {
          // "mavericks, but not gerard butler": the memory of a person is wrong, not the film.
          if (reading.pick?.index === ref.index && (ref.via !== 'person' || reading.pick.via === 'person')) {
            if (reading.pick.via === 'person') reading.personTakenBack = reading.pick;
            reading.pick = null;
          }
        } else {
          reading.pick = ref;
          reading.pickClause = clauseIndex;
        }
      }
      const rest = detailsOf(clause);
      if (rest && refs.every((ref) => negated(clause, ref))) reading.details.push({ text: rest, hedged, after: 'nothing', contrast: false });
      // "none of those, it had marilyn monroe": the person is what is told of the film (not
      // "I know Scarlett Johansson is in one of them", nor "love de niro").
      else if (reading.listRejected && refs.every((ref) => ref.via === 'person') && !ABOUT_THE_LIST.test(clause.text) && !OPINION.test(rest)) {
        const told = detailsOf(clause, { withReferences: true });
        if (told) reading.details.push({ text: told, hedged, after: 'nothing', contrast: false });
      }
      return;
    }
    // A clause naming no candidate: a yes, a no, a doubt, or a new detail.
    const refusal = isNegative(clause) || ASK_AGAIN.test(clause.text);
    if (refusal && reading.pick === null && !reading.wrongFilm) reading.rejectedAll = true;
    if (reading.rejectedAll && LIST_REJECTED.test(clause.text)) reading.listRejected = true;
    const rest = detailsOf(clause);
    // "love de niro": what someone thinks of a person says nothing of the film.
    const aboutPerson = named && OPINION.test(rest);
    if (rest && !aboutPerson) reading.details.push({ text: rest, hedged, after: reading.pick === null ? 'nothing' : 'pick', contrast: /^(but|except|though|tho|although)\b/.test(clause.text) });
  });

  const { pick, anchor, keptPerson, wrongFilm } = reading;
  const refine = (details: string, anchorIndex: number | null, hints: SearchHints): Intent => ({ kind: 'refine', details, anchor: anchorIndex, hints, turnsDownAll: reading.listRejected });
  const hints = keptPerson ? { people: [keptPerson] } : {};
  // Doubts about one's memory are not details of the film, except where the reply refines.
  const plain = reading.details.filter((d) => !d.hedged).map((d) => d.text);
  // Where it refines, a detail told with a doubt ("early 90s maybe") is still a detail.
  const told = reading.details.filter((d) => !d.hedged || hasStoryWords(d.text)).map((d) => d.text);
  const all = reading.details.map((d) => d.text);
  if (anchor !== null && (keptPerson || all.length || wrongFilm)) return refine(all.join('. '), anchor, hints);
  // "it's kubrick, but not the shining": a person picked, then the film taken back.
  const takenBack = reading.listRejected ? null : reading.personTakenBack ?? (pick?.via === 'person' && (wrongFilm || reading.details.some((d) => d.after === 'pick' && d.contrast && !d.hedged)) ? pick : null);
  if (takenBack) return refine(all.join('. '), takenBack.index, { people: [takenBack.person!] });
  // "it came out in 2014, a retired hitman": the year is told of the film, with more of it,
  // not pointed at the one candidate of that year.
  if (pick?.via === 'year' && RELEASE_TOLD.test(clauses[reading.pickClause]!.text) && reading.details.some((d) => !d.hedged && d.after === 'pick')) {
    return refine([detailsOf(clauses[reading.pickClause]!, { withReferences: true }), ...plain].join('. '), null, hints);
  }
  if (pick !== null) {
    // A pick that goes on to describe something else ("yes the second, but it was animated",
    // "Collateral but set in London") is a likeness.
    const describesMore = clauses
      .slice(reading.pickClause + 1)
      .some((clause) => /^(but|except)\b/.test(clause.text) && /\b(was|were|had|set|with|its|in|on|at|about|instead)\b/.test(clause.text) && !HEDGE.test(clause.text) && !CONFIRMS_PICK.test(clause.text));
    if (describesMore && plain.length) return refine(plain.join('. '), pick.index, hints);
    // "with tom hanks?" asks whether a film shown has them: it is named, not chosen.
    if (pick.via === 'person' && asked) return refine(pick.person!, null, {});
    return { kind: 'confirm', index: pick.index };
  }
  const said = told.join('. ');
  if (reading.rejectedAll || clauses.some(isNegative)) return refine(said, null, hints);
  // A plain yes points at the film in view, the first unless a question was about another; a
  // yes that goes on with "but ..." describes another film.
  if (clauses.some(isAffirmative) && !clauses.slice(1).some((clause) => /^(but|except)\b/.test(clause.text) && detailsOf(clause))) return { kind: 'confirm', index: yesTakes };
  if (said) return refine(said, null, hints);
  const story = storyReference(clauses.flatMap((c) => c.words), candidates);
  if (story) return { kind: 'confirm', index: story.index };
  return null;
}

/** A question, by its first word ("who is in the second one", "is the third one animated"). */
const QUESTION_OPENING = /^(who|whos|what|whats|when|where|how|which|is|isnt|was|does|did|are|can i|could i|do you know|tell me|can you tell me)\b/
/** Words said before a question that do not change it: "no, but who is in the third one?", "hmm, what is it about". */
const BEFORE_A_QUESTION = /^((and|but|so|ok|okay|hm+|well|wait|no|nah|nope|then|also|oh|ah|um+|uh+)\s+)+/;
/** A question asking which of the films shown is the one with something: answered by who made it and who is in it, or when. */
const WHICH_ONE = /^which (one|film|movie|of (these|them|those|the films|the movies))\b/;
/** How a question points at the film in view without naming it. */
const THE_ONE_IN_VIEW = /\b(it|this|that|(is|are|was|were) there (a|an|any)|did they make|who (voices|voiced|plays|played|portrays|portrayed) (the|his|her)|the (film|movie)|the (main|lead|leading) (guy|man|woman|girl|boy|kid|character|actor|actress|role)|the (lead|star|hero|heroine|villain|bad guy|director|ending)|name of the)\b/;
/** The most words of a question that names no film and asks of the one in view by its words alone ("what year", "who directed"). */
const BARE_QUESTION_WORDS = 3;
/** Whether a question asks of the film in view: it points at it, or is too short to hold a title besides ("when harry met sally" is one). */
const asksOfTheOneInView = (text: string) => THE_ONE_IN_VIEW.test(text) || text.split(' ').length <= BARE_QUESTION_WORDS;
/** A question of "it", not whether "it" is one of the films ("is it the second one?", "is it one of these"). */
const ASKS_OF_IT = /^(is|was|does|did|has|had) it (?!(the|one|a (film|movie))\b)/;
/** A reply put as a question. */
const ASKS = /\?$/;

/** What a question may ask of a film shown: its facts, not films like it or what it is called. */
const ASKABLE = new Set(['director', 'cast', 'personIn', 'year', 'ageRating', 'rating', 'genres', 'kind', 'feel', 'runtime', 'plot', 'series', 'language', 'country', 'source', 'unheld']);

/**
 * The candidate a reply asks a question about without choosing it ("who is in the second
 * one?", "the fourth one, what is it about?", "who directed it?"), and the question: a clause
 * asking what Q&A answers, and one film shown pointed at by its position or title, or none
 * (the one in view). Null otherwise: "is it the second one?" asks nothing of the film, and a
 * yes ("yes, the second; who is in it?") picks. Taking a question for a pick would confirm a
 * film nobody chose.
 */
function askedAbout(clauses: Clause[], inView: number): { index: number; question: string } | null {
  if (clauses.some(isAffirmative)) return null;
  const which = clauses.length > 0 && WHICH_ONE.test(clauses[0]!.text.replace(BEFORE_A_QUESTION, ''));
  // A position outranks words of a title ("who is in the second one", with In the Heat of the Night shown).
  const ordinal = clauses.some((clause) => clause.references.some((r) => r.via === 'ordinal'));
  // "which one has anne hathaway?" asks which film a person or a year points at.
  const points = (r: Reference) => (ordinal ? r.via === 'ordinal' : (r.via === 'title' && !r.weak) || (which && (r.via === 'person' || r.via === 'year')));
  const pointers = clauses.map((clause) => clause.references.filter((r) => r.index >= 0 && points(r)));
  if (which) {
    const found = pointers.flat();
    if (new Set(found.map((r) => r.index)).size !== 1) return null;
    return { index: found[0]!.index, question: found[0]!.via === 'year' ? 'when did it come out' : 'who directed it and who is in it' };
  }
  // The question is in the words around the films named: "when harry met sally" asks nothing.
  const asked = clauses
    .map((clause, c) => ({ pointer: pointers[c]!.length > 0, words: wordsBeside(clause, pointers[c]!) }))
    .map(({ pointer, words }) => ({ pointer, words, text: words.join(' ').replace(BEFORE_A_QUESTION, '') }))
    .filter(({ text }) => QUESTION_OPENING.test(text));
  const questions = asked.map(({ text }) => text);
  // "is the second one in color?": a question of a film shown that Q&A may not answer is
  // still no pick ("is it the second one?" is, with nothing else said).
  const ofOneShown = asked.some(({ pointer, words }) => pointer && words.some(isContentWord));
  // "is it in color?" names no film and asks of the one in view, though Q&A holds no answer to
  // it: a question still, which it says it cannot answer; searched, it lost the film in view.
  const ofTheOneInView = clauses.every((clause) => clause.references.length === 0) && questions.some((text) => ASKS_OF_IT.test(text));
  if (!ofOneShown && !ofTheOneInView && !questions.some((text) => topicsOf(text).some((topic) => ASKABLE.has(topic)))) return null;
  const pointed = new Set(pointers.flat().map((r) => r.index));
  // Asked without the words that point ("who is in the second one": "who is in"), so that the
  // answer does not read "the second one" as a wish for another film than the one asked about.
  const question = questions.join('. ');
  // "who is in it?" points at no film: the one in view is (the best match, first in the list,
  // unless a question was about another). Without "it" the words may be another title ("when
  // harry met sally"), told, not asked.
  if (pointed.size === 0 && clauses.every((clause) => clause.references.length === 0)) return questions.some(asksOfTheOneInView) ? { index: inView, question } : null;
  return pointed.size === 1 ? { index: [...pointed][0]!, question } : null;
}

/** The words of a clause outside the spans of `references` (the words that name a film). */
const wordsBeside = (clause: Clause, references: readonly Reference[]) =>
  clause.words.filter((_, i) => !references.some((r) => r.from <= clause.start + i && clause.start + i <= r.to));

/** A question asked beside a pick ("yes that one!! who voices the rat?"): answered once the film is confirmed. */
function questionBeside(clauses: Clause[]): string | null {
  // Asked of what is left once the film is named: "is it memento?" picks, and asks nothing.
  const asks = (text: string) => QUESTION_OPENING.test(text) && topicsOf(text).some((topic) => ASKABLE.has(topic));
  const asked = clauses
    .filter((clause) => asks(wordsBeside(clause, clause.references).join(' ').replace(BEFORE_A_QUESTION, '')))
    .map((clause) => clause.text.replace(BEFORE_A_QUESTION, ''));
  return asked.length ? asked.join('. ') : null;
}

const isContentWord = (word: string) => word.length > 2 && !FILLER.has(word);
const contentWords = (clause: Clause) => clause.words.filter(isContentWord).length;

/** Whether a detail says something about the film once the doubt is taken out ("80s i think"). */
const hasStoryWords = (detail: string) => detail.replace(new RegExp(HEDGE.source, 'g'), ' ').split(/\s+/).some(isContentWord);

const directorOf = (candidate: MovieCandidate) => candidate.catalog_directors[0] ?? candidate.rag_director?.split(', ')[0] ?? null;
const personCredited = (candidate: MovieCandidate, person: string) => creditedNames(candidate).some((name) => name.includes(person));

/** Team-written examples for the nearest-example fallback (not the evaluation set). */
const CONFIRM_EXAMPLES = [
  'yes that is the one', 'that is exactly the movie I was thinking of', 'you found it, thank you', 'that is it', 'correct, that film',
  'I am pretty sure it is that one', 'oh wow yes, finally', 'spot on', 'sounds right to me', 'that must be it', 'I remember now, that is it', 'you got it',
];
const REFINE_EXAMPLES = [
  'none of these are right', 'it is not any of those films', 'no, it was more recent than that', 'not those, it was a comedy set in a school',
  'wrong films, there was a dog in it', 'I do not think so, the main character was a woman', 'no it was animated', 'those are not it, it took place in space',
  'different movie, it had a big twist at the end', 'can you look again, it was in black and white', 'not quite, the story was about two brothers', 'try again please',
];

/** "no, the newer one", "the original": a version of a film told by when it came out. */
const BY_AGE = /^(?:(?:no|nope|nah|yes|yeah|oh|sorry|hmm)\b[\s,.!]*)*(?:(?:it'?s|it was|i meant?|i mean)\s+)?the (newer|newest|new|more recent|most recent|recent|latest|remake|older|oldest|old|original)(?:\s+(?:one|version|film|movie))?[\s.!]*$/;
const NEWER = new Set(['newer', 'newest', 'new', 'more recent', 'most recent', 'recent', 'latest', 'remake']);

/**
 * The candidate a reply means by its age when the list shows several films of the title in
 * view ("no, the newer one" with The Lion King of 1994 and of 2019 shown): the newest or the
 * oldest of them. Searched, "newer" was a detail of when, and the remake shown came second to
 * a film from the same years. Null when the reply says something else or the title has one film shown.
 */
function versionByAge(message: string, candidates: MovieCandidate[], inView: number): number | null {
  const said = BY_AGE.exec(message.trim().toLowerCase())?.[1];
  const title = (film: MovieCandidate) => normaliseTitle(film.catalog_title ?? film.rag_title);
  const meant = candidates[inView];
  if (said === undefined || !meant) return null;
  const versions = candidates.flatMap((film, index) => (title(film) === title(meant) ? [index] : []));
  if (versions.length < 2) return null;
  return atPlaceByYear(candidates, versions, NEWER.has(said) ? -1 : 0)!;
}

/** The offline engine's reading of a confirmation-step reply. */
export class ReplyReader {
  private centroids: Promise<{ confirm: Float32Array; refine: Float32Array }> | null = null;

  constructor(private readonly embedder: Embedder | null) {}

  /** Embeds the example replies once (called at start-up, so the first turn does not wait). */
  async warmUp(): Promise<void> {
    if (this.embedder) await this.centroidsOnce();
  }

  /** The reply's intent; `inView` is the candidate a plain yes takes (LanguageModel.classifyConfirmation). */
  async read(message: string, candidates: MovieCandidate[], inView = 0): Promise<Intent> {
    const clauses = clausesOf(message, candidates);
    // A place outranks words of a title ("who is in the sixth one", In the Heat of the Night shown),
    // as in questions; not a place the list has ("the sixth... no, the second") or one taken back.
    const beyond = clauses.flatMap((clause) => clause.beyondList.filter((ref) => !negated(clause, ref)));
    if (beyond.length > 0 && clauses.every((clause) => clause.references.every((r) => r.via !== 'ordinal'))) return { kind: 'notShown', position: beyond[0]!.index + 1 };
    // "it's the one after that": a film beside one shown, told in words no rule reads as a detail.
    if (placeBeside(message)) return { kind: 'refine', details: message.trim(), anchor: null, hints: {}, turnsDownAll: false };
    const byAge = versionByAge(message, candidates, inView);
    if (byAge !== null) return { kind: 'confirm', index: byAge };
    const asked = askedAbout(clauses, inView);
    if (asked !== null) return { kind: 'ask', ...asked };
    const decided = readReply(clauses, candidates, inView, ASKS.test(message.trim()));
    if (decided?.kind === 'confirm') {
      const question = questionBeside(clauses);
      return question ? { ...decided, question } : decided;
    }
    if (decided) return decided;
    if ((await this.nearestExamples(message)) === 'confirm') return { kind: 'confirm', index: inView };
    // A message no rule understood most likely describes the film further.
    return { kind: 'refine', details: message.trim(), anchor: null, hints: {}, turnsDownAll: false };
  }

  private async nearestExamples(message: string): Promise<'confirm' | 'refine'> {
    if (!this.embedder) return 'refine';
    const { confirm, refine } = await this.centroidsOnce();
    const vector = await this.embedder.embedQuery(message);
    const dot = (a: Float32Array, b: Float32Array) => a.reduce((sum, v, i) => sum + v * b[i]!, 0);
    return dot(vector, confirm) > dot(vector, refine) ? 'confirm' : 'refine';
  }

  private centroidsOnce() {
    this.centroids ??= (async () => {
      const mean = async (examples: string[]) => {
        const vectors = await this.embedder!.embedDocuments(examples);
        const sum = new Float32Array(vectors[0]!.length);
        for (const vector of vectors) vector.forEach((v, i) => (sum[i]! += v / vectors.length));
        return sum;
      };
      return { confirm: await mean(CONFIRM_EXAMPLES), refine: await mean(REFINE_EXAMPLES) };
    })();
    return this.centroids;
  }
}
