// One set of behaviours, two engines: how a reply to a list of candidates is read. Every row
// holds for the offline engine, for the OpenAI-compatible engine given the structured answer a
// model gives (through the local Chat Completions server), and for that engine when the model
// answers nonsense (the offline reading takes over).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { type MovieCandidate, toMovieCandidate } from '../../src/catalog/candidates.ts';
import { FallbackLanguageModel } from '../../src/llm/fallback-model.ts';
import type { Intent } from '../../src/llm/language-model.ts';
import { OfflineLanguageModel } from '../../src/llm/offline/offline-model.ts';
import { OpenAiLanguageModel } from '../../src/llm/openai-model.ts';
import { createLogger } from '../../src/log.ts';
import { type FakeOpenAi, startFakeOpenAi } from '../support/fake-openai.ts';

const film = (title: string, year: number, director: string, cast: string[], genres = ['Drama']): MovieCandidate =>
  toMovieCandidate({ id: title.toLowerCase(), title, aliases: [], year, directors: [director], genres, cast, runtimeMinutes: 100, plot: '', countries: [], languages: [], votes: null }, null, 0.5);

const thrillers = [
  film('Heat', 1995, 'Michael Mann', ['Al Pacino', 'Robert De Niro'], ['Crime', 'Thriller']),
  film('Thief', 1981, 'Michael Mann', ['James Caan', 'Tuesday Weld']),
  film('Ronin', 1998, 'John Frankenheimer', ['Robert De Niro', 'Jean Reno']),
  film('Collateral', 2004, 'Michael Mann', ['Tom Cruise', 'Jamie Foxx']),
];
// Surnames that are words of a reply in another language: "Prima" is "first", "Quinto" "fifth".
const cartoons = [
  film('Ratatouille', 2007, 'Brad Bird', ['Patton Oswalt']),
  film('The Jungle Book', 1967, 'Wolfgang Reitherman', ['Phil Harris', 'Louis Prima']),
  film('Star Trek', 2009, 'J.J. Abrams', ['Chris Pine', 'Zachary Quinto']),
];
const slashers = [film('Halloween', 1978, 'John Carpenter', ['Jamie Lee Curtis']), film('Halloween II', 1981, 'Rick Rosenthal', ['Jamie Lee Curtis']), film('Halloween III', 1982, 'Tommy Lee Wallace', ['Tom Atkins'])];
const saga = [
  film('Star Wars: Episode VI - Return of the Jedi', 1983, 'Richard Marquand', ['Mark Hamill']),
  film('Star Wars', 1977, 'George Lucas', ['Mark Hamill']),
  film('Star Wars: Episode V - The Empire Strikes Back', 1980, 'Irvin Kershner', ['Mark Hamill']),
];
const remakes = [film('The Lion King', 1994, 'Roger Allers', ['Matthew Broderick']), film('The Lion King', 2019, 'Jon Favreau', ['Donald Glover']), film('Into the Spider-Verse', 2018, 'Bob Persichetti', ['Shameik Moore'])];
const agents = [film('Men in Black', 1997, 'Barry Sonnenfeld', ['Will Smith']), film('Men in Black II', 2002, 'Barry Sonnenfeld', ['Will Smith']), film('Men in Black 3', 2012, 'Barry Sonnenfeld', ['Will Smith'])];
const visitors = [
  film('Close Encounters of the Third Kind', 1977, 'Steven Spielberg', ['Richard Dreyfuss']),
  film('E.T. the Extra-Terrestrial', 1982, 'Steven Spielberg', ['Henry Thomas']),
  film('Arrival', 2016, 'Denis Villeneuve', ['Amy Adams']),
];
const ghibli = [film('Wolf Children', 2012, 'Mamoru Hosoda', ['Aoi Miyazaki']), film('Grave of the Fireflies', 1988, 'Isao Takahata', ['Tsutomu Tatsumi']), film('My Neighbor Totoro', 1988, 'Hayao Miyazaki', ['Noriko Hidaka'])];
const dramas = [film('Atonement', 2007, 'Joe Wright', ['Keira Knightley']), film('Doubt', 2008, 'John Patrick Shanley', ['Meryl Streep'])];
// A title that opens with small words ("in the"), said in passing in any reply.
const lawmen = [
  film('Bullitt', 1968, 'Peter Yates', ['Steve McQueen']),
  film('In the Heat of the Night', 1967, 'Norman Jewison', ['Sidney Poitier', 'Rod Steiger']),
  film('Serpico', 1973, 'Sidney Lumet', ['Al Pacino']),
];
const family = [
  film('Finding Nemo', 2003, 'Andrew Stanton', ['Albert Brooks'], ['Animation']),
  film('Up', 2009, 'Pete Docter', ['Ed Asner'], ['Animation', 'Adventure']),
  film('Big', 1988, 'Penny Marshall', ['Tom Hanks'], ['Comedy', 'Fantasy']),
];

interface Row {
  class: string;
  candidates: MovieCandidate[];
  message: string;
  expected: Intent;
  /** Words the new details must hold. */
  detailWords?: string[];
  /** Words the details must not hold: what the reply says the film is not. */
  deniedWords?: string[];
}

const refine = (anchor: number | null, people: string[] = [], details = '', turnsDownAll = false): Intent => ({ kind: 'refine', details, anchor, hints: people.length ? { people } : {}, turnsDownAll });

const ROWS: Row[] = [
  { class: 'plain pick', candidates: thrillers, message: 'the third one please', expected: { kind: 'confirm', index: 2 } },
  { class: 'plain yes', candidates: thrillers, message: 'yesss that is it 🎉', expected: { kind: 'confirm', index: 0 } },
  { class: 'plain none', candidates: thrillers, message: 'nope, none of those', expected: refine(null, [], '', true) },
  { class: 'longest title', candidates: slashers, message: 'halloween 2', expected: { kind: 'confirm', index: 1 } },
  { class: 'longest title', candidates: slashers, message: 'HALLOWEEN III!!', expected: { kind: 'confirm', index: 2 } },
  { class: 'longest title', candidates: slashers, message: 'just halloween, the first one from 78', expected: { kind: 'confirm', index: 0 } },
  { class: 'contrast', candidates: thrillers, message: "It's not Thief, it's Ronin", expected: { kind: 'confirm', index: 2 } },
  { class: 'contrast', candidates: thrillers, message: 'not heat — collateral, with the taxi', expected: { kind: 'confirm', index: 3 } },
  { class: 'corrected number', candidates: thrillers, message: 'Not the second one, the fourth', expected: { kind: 'confirm', index: 3 } },
  { class: 'corrected number', candidates: thrillers, message: '1... no wait, 3', expected: { kind: 'confirm', index: 2 } },
  { class: 'hedge', candidates: thrillers, message: "I'd say the fourth, though I remember it being longer", expected: { kind: 'confirm', index: 3 } },
  { class: 'mixed up', candidates: thrillers, message: 'ah I had the actor wrong, it is Thief', expected: { kind: 'confirm', index: 1 } },
  {
    class: 'likeness with a new detail',
    candidates: family,
    message: 'yes, sort of like the third, but it was animated',
    expected: refine(2, [], 'animated'),
    detailWords: ['animated'],
  },
  {
    class: 'right person, wrong film',
    candidates: thrillers,
    message: 'right director, wrong film — the one where a cop is undercover in Miami',
    expected: refine(0, ['Michael Mann'], 'cop is undercover in miami'),
    detailWords: ['undercover', 'miami'],
  },
  {
    class: 'right person, wrong film',
    candidates: thrillers,
    message: "de niro's right but it's another movie, he's a taxi driver",
    expected: refine(null, ['Robert De Niro'], 'taxi driver'),
    detailWords: ['taxi', 'driver'],
  },
  { class: 'longest title', candidates: saga, message: 'star wars episode five', expected: { kind: 'confirm', index: 2 } },
  { class: 'longest title', candidates: saga, message: 'the empire strikes back', expected: { kind: 'confirm', index: 2 } },
  { class: 'longest title', candidates: saga, message: 'just star wars', expected: { kind: 'confirm', index: 1 } },
  { class: 'longest title', candidates: agents, message: 'MIB 3, the time travel one', expected: { kind: 'confirm', index: 2 } },
  { class: 'longest title', candidates: agents, message: 'the first men in black one, not the sequels', expected: { kind: 'confirm', index: 0 } },
  { class: 'longest title', candidates: slashers, message: 'part three', expected: { kind: 'confirm', index: 2 } },
  { class: 'likeness with a new detail', candidates: visitors, message: 'like E.T. but the visitor is a giant robot', expected: refine(1, [], 'giant robot'), detailWords: ['giant', 'robot'] },
  { class: 'likeness with a new detail', candidates: family, message: 'a lot like #1 but it is two fish looking for a son', expected: refine(0, [], 'two fish'), detailWords: ['two', 'fish'] },
  // "right" is not a slip for the surname Wright; a surname two people share is the director's.
  { class: 'right person, wrong film', candidates: dramas, message: "streep's right but another film, she runs a fashion magazine", expected: refine(1, ['Meryl Streep'], 'fashion magazine'), detailWords: ['fashion'] },
  { class: 'right person, wrong film', candidates: ghibli, message: 'miyazaki yes, but the one with the pig pilot', expected: refine(2, ['Hayao Miyazaki'], 'pig pilot'), detailWords: ['pig'] },
  // "the other carpenter movie": the person is right, the film shown is not.
  { class: 'right person, wrong film', candidates: slashers, message: 'not halloween, the other john carpenter movie with the fog', expected: refine(0, ['John Carpenter'], 'with the fog'), detailWords: ['fog'] },
  { class: 'right person, wrong film', candidates: ghibli, message: 'another miyazaki film, the flying castle one', expected: refine(2, ['Hayao Miyazaki'], 'flying castle'), detailWords: ['flying', 'castle'] },
  { class: 'hedge', candidates: thrillers, message: "probably 4, wasn't expecting tom cruise though", expected: { kind: 'confirm', index: 3 } },
  { class: 'likeness with a new detail', candidates: thrillers, message: 'Collateral but set in London, and the driver is a woman', expected: refine(3, [], 'set in london, the driver is a woman'), detailWords: ['london', 'woman'] },
  { class: 'likeness with a new detail', candidates: thrillers, message: 'basically heat in space', expected: refine(0, [], 'space'), detailWords: ['space'] },
  { class: 'hedge', candidates: thrillers, message: 'probably collateral? I remembered it in daylight, but the taxi all night sounds right', expected: { kind: 'confirm', index: 3 } },
  { class: 'refinement with a doubt', candidates: thrillers, message: 'none of those, it had a chess prodigy, early 90s maybe', expected: refine(null, [], 'a chess prodigy, early 90s', true), detailWords: ['chess', '90s'] },
  { class: 'plain none', candidates: thrillers, message: "Thanks for looking, but I'm afraid it isn't any of those", expected: refine(null, [], '', true) },
  { class: 'plain none with a detail', candidates: thrillers, message: 'none of these, it is about a heat wave in a small town', expected: refine(null, [], 'a heat wave in a small town', true), detailWords: ['heat', 'wave'] },
  // Searched, "it wasn't animated" would say "animated".
  { class: 'what the film is not', candidates: family, message: "no, it wasn't animated, a live action one with a real dog", expected: refine(null, [], 'a live action one with a real dog'), detailWords: ['live', 'dog'], deniedWords: ['animated'] },
  { class: 'what the film is not', candidates: thrillers, message: "none of these, it's not a crime film, it's a comedy", expected: refine(null, [], 'comedy', true), detailWords: ['comedy'], deniedWords: ['crime'] },
  { class: 'longest title', candidates: slashers, message: 'halloween, the 81 one', expected: { kind: 'confirm', index: 1 } },
  { class: 'plain pick', candidates: thrillers, message: 'the 2nd from the bottom', expected: { kind: 'confirm', index: 2 } },
  { class: 'plain pick', candidates: thrillers, message: 'option c', expected: { kind: 'confirm', index: 2 } },
  // An unpunctuated opening "no" answers the question; "not" still denies.
  { class: 'plain pick', candidates: thrillers, message: 'no the second one', expected: { kind: 'confirm', index: 1 } },
  { class: 'plain pick', candidates: thrillers, message: 'nope ronin', expected: { kind: 'confirm', index: 2 } },
  { class: 'a film turned down', candidates: thrillers, message: 'no not the second one', expected: refine(null) },
  { class: 'plain none', candidates: thrillers, message: "nah. love de niro but it's not ronin or any of the others", expected: refine(null, [], '', true) },
  { class: 'plain none', candidates: thrillers, message: 'all of them are wrong', expected: refine(null, [], '', true) },
  // A first name said with another surname is another person, not Richard Dreyfuss.
  { class: 'plain refine detail', candidates: visitors, message: 'no, with richard gere and a spaceship', expected: refine(null, [], 'richard gere and a spaceship'), detailWords: ['gere', 'spaceship'] },
  // After "none of these", a person a film shown credits is what is told of the film.
  { class: 'plain none with a detail', candidates: dramas, message: 'none of these, it had meryl streep', expected: refine(null, [], 'meryl streep', true), detailWords: ['meryl', 'streep'] },
  { class: 'plain none with a detail', candidates: thrillers, message: 'wrong movies, it was set in space', expected: refine(null, [], 'set in space', true), detailWords: ['space'] },
  { class: 'plain none with a detail', candidates: thrillers, message: 'no, it was set in space', expected: refine(null, [], 'set in space'), detailWords: ['space'] },
  { class: 'hedge', candidates: thrillers, message: 'collateral i think, but not tom cruise, i pictured someone older', expected: { kind: 'confirm', index: 3 } },
  { class: 'other language', candidates: thrillers, message: 'sí, la segunda', expected: { kind: 'confirm', index: 1 } },
  { class: 'other language', candidates: thrillers, message: 'nein, keiner davon', expected: refine(null, [], '', true) },
  { class: 'year told', candidates: thrillers, message: 'the 98 one', expected: { kind: 'confirm', index: 2 } },
  { class: 'a question about one', candidates: thrillers, message: 'who is in the second one?', expected: { kind: 'ask', index: 1, question: 'who is in the second one?' } },
  { class: 'a question about one', candidates: thrillers, message: "what's Ronin about", expected: { kind: 'ask', index: 2, question: "what's Ronin about" } },
  { class: 'a question about one', candidates: thrillers, message: 'is the first one rated well?', expected: { kind: 'ask', index: 0, question: 'is the first one rated well?' } },
  { class: 'a question about one', candidates: thrillers, message: 'who directed it?', expected: { kind: 'ask', index: 0, question: 'who directed it?' } },
  { class: 'a question about one', candidates: cartoons, message: 'is the second one ok for a 5 year old?', expected: { kind: 'ask', index: 1, question: 'is ok for a 5 year old?' } },
  // Asked, a person names a film shown without choosing it: the pipeline points at it.
  { class: 'a film named by a person, asked', candidates: thrillers, message: 'with tom cruise?', expected: refine(null, [], 'Tom Cruise'), detailWords: ['tom cruise'] },
  { class: 'a question about one', candidates: thrillers, message: 'what year', expected: { kind: 'ask', index: 0, question: 'what year' } },
  { class: 'a question about one', candidates: thrillers, message: 'who directed?', expected: { kind: 'ask', index: 0, question: 'who directed?' } },
  { class: 'a question about one', candidates: thrillers, message: 'who plays the main guy', expected: { kind: 'ask', index: 0, question: 'who plays the main guy' } },
  { class: 'a question about one', candidates: cartoons, message: 'whats the name of the rat', expected: { kind: 'ask', index: 0, question: 'whats the name of the rat' } },
  { class: 'a question about one', candidates: cartoons, message: 'is that the disney one?', expected: { kind: 'ask', index: 0, question: 'is that the disney one?' } },
  { class: 'a question about one', candidates: thrillers, message: 'can i stream it on netflix?', expected: { kind: 'ask', index: 0, question: 'can i stream it on netflix?' } },
  { class: 'a question about one', candidates: thrillers, message: 'is there a sequel?', expected: { kind: 'ask', index: 0, question: 'is there a sequel?' } },
  { class: 'a question about one', candidates: thrillers, message: 'did they make a sequel', expected: { kind: 'ask', index: 0, question: 'did they make a sequel' } },
  { class: 'a question about one', candidates: cartoons, message: 'who voices the rat', expected: { kind: 'ask', index: 0, question: 'who voices the rat' } },
  { class: 'a question about one', candidates: cartoons, message: 'who played the bear in the second one', expected: { kind: 'ask', index: 1, question: 'who played the bear in the one' } },
  { class: 'plain none with a detail', candidates: thrillers, message: 'there was a cat', expected: refine(null, [], 'there was a cat'), detailWords: ['cat'] },
  { class: 'plain pick', candidates: thrillers, message: 'is it the second one?', expected: { kind: 'confirm', index: 1 } },
  { class: 'plain pick', candidates: cartoons, message: 'the first', expected: { kind: 'confirm', index: 0 } },
  { class: 'a question about one', candidates: cartoons, message: 'which one has louis prima?', expected: { kind: 'ask', index: 1, question: 'who directed it and who is in it' } },
  { class: 'a question about one', candidates: cartoons, message: 'which one is from 2009', expected: { kind: 'ask', index: 2, question: 'when did it come out' } },
  { class: 'a question about one', candidates: thrillers, message: 'which one is by john frankenheimer', expected: { kind: 'ask', index: 2, question: 'who directed it and who is in it' } },
  { class: 'plain pick', candidates: cartoons, message: 'the fifth... no, the third', expected: { kind: 'confirm', index: 2 } },
  { class: 'plain pick', candidates: cartoons, message: 'the one with louis prima', expected: { kind: 'confirm', index: 1 } },
  { class: 'a question about one', candidates: thrillers, message: 'the second one, who is in it?', expected: { kind: 'ask', index: 1, question: 'the second one, who is in it?' } },
  { class: 'a question about one', candidates: thrillers, message: 'no, but who is in the third one?', expected: { kind: 'ask', index: 2, question: 'no, but who is in the third one?' } },
  { class: 'a question about one', candidates: thrillers, message: 'and the fourth one, what is it about?', expected: { kind: 'ask', index: 3, question: 'and the fourth one, what is it about?' } },
  // A question beside a pick is asked of the film picked, once it is confirmed.
  { class: 'plain pick', candidates: thrillers, message: 'yes the second one, who is in it?', expected: { kind: 'confirm', index: 1, question: 'who is in it' } },
  { class: 'plain pick', candidates: cartoons, message: 'yes that one!! who voices the rat?', expected: { kind: 'confirm', index: 0, question: 'who voices the rat' } },
  { class: 'plain pick', candidates: cartoons, message: 'is it ratatouille?', expected: { kind: 'confirm', index: 0 } },
  { class: 'plain yes', candidates: thrillers, message: 'yse', expected: { kind: 'confirm', index: 0 } },
  // Two films of the title in view: which one is told by when it came out; with one, "newer" is a detail of when.
  { class: 'plain pick', candidates: remakes, message: 'no, the newer one', expected: { kind: 'confirm', index: 1 } },
  { class: 'plain pick', candidates: remakes, message: 'the original', expected: { kind: 'confirm', index: 0 } },
  { class: 'plain none with a detail', candidates: thrillers, message: 'no, the newer one', expected: refine(null, [], 'newer one'), detailWords: ['newer'] },
  { class: 'a question about one', candidates: thrillers, message: 'is it in color?', expected: { kind: 'ask', index: 0, question: 'is it in color?' } },
  { class: 'a question about one', candidates: thrillers, message: 'was it filmed in los angeles', expected: { kind: 'ask', index: 0, question: 'was it filmed in los angeles' } },
  { class: 'a question about one', candidates: thrillers, message: 'is the second one in color?', expected: { kind: 'ask', index: 1, question: 'is the second one in color?' } },
  { class: 'plain pick', candidates: thrillers, message: 'has to be the second one', expected: { kind: 'confirm', index: 1 } },
  // A place the list does not have is neither a pick nor a detail of the film.
  { class: 'beyond the list', candidates: thrillers, message: 'who is in the fifth one?', expected: { kind: 'notShown', position: 5 } },
  { class: 'beyond the list', candidates: thrillers, message: 'number 6', expected: { kind: 'notShown', position: 6 } },
  { class: 'beyond the list', candidates: cartoons, message: 'the fourth', expected: { kind: 'notShown', position: 4 } },
  // Beside a film shown, in words that are all small: no pick, no yes.
  { class: 'plain refine detail', candidates: visitors, message: "it's the one after that", expected: refine(null, [], "it's the one after that"), detailWords: ['after'] },
  { class: 'beyond the list', candidates: lawmen, message: 'who is in the sixth one?', expected: { kind: 'notShown', position: 6 } },
  { class: 'plain refine detail', candidates: lawmen, message: 'no, it was set in the desert', expected: refine(null, [], 'set in the desert'), detailWords: ['desert'] },
  { class: 'plain pick', candidates: lawmen, message: 'in the heat of the night, not the sixth one', expected: { kind: 'confirm', index: 1 } },
  { class: 'plain refine detail', candidates: thrillers, message: 'no, the sixth sense', expected: refine(null, [], 'the sixth sense'), detailWords: ['sixth', 'sense'] },
  { class: 'plain refine detail', candidates: thrillers, message: 'no, it was the fifth film in a series', expected: refine(null, [], 'series'), detailWords: ['series'] },
  { class: 'plain refine detail', candidates: thrillers, message: 'when harry met sally', expected: refine(null, [], 'when harry met sally'), detailWords: ['harry', 'sally'] },
  { class: 'year told', candidates: thrillers, message: 'it came out in 1981', expected: { kind: 'confirm', index: 1 } },
  { class: 'year told', candidates: thrillers, message: 'it came out in 2004, a retired hitman after the men who killed his dog', expected: refine(null, [], 'came out in 2004, a retired hitman after the men who killed his dog'), detailWords: ['2004', 'hitman', 'dog'] },
];

/** The JSON a model that reads the reply right would answer. */
function modelAnswer(expected: Intent): string {
  if (expected.kind === 'confirm') return JSON.stringify({ intent: 'confirm', index: expected.index + 1, question: expected.question ?? '' });
  if (expected.kind === 'ask') return JSON.stringify({ intent: 'ask', index: expected.index + 1 });
  if (expected.kind === 'notShown') return JSON.stringify({ intent: 'ask', index: expected.position });
  return JSON.stringify({ intent: 'refine', anchor: expected.anchor === null ? null : expected.anchor + 1, people: expected.hints.people ?? [], details: expected.details, all_turned_down: expected.turnsDownAll });
}

/** Compares readings: the same intent, candidate, anchor and people; the details hold the expected words. */
function expectReading(actual: Intent, row: Row): void {
  if (row.expected.kind === 'confirm') {
    expect(actual).toEqual(row.expected);
    return;
  }
  if (row.expected.kind === 'notShown') {
    expect(actual).toEqual(row.expected);
    return;
  }
  if (row.expected.kind === 'ask') {
    // The offline reader asks without the words that point at the film; a model passes the reply on.
    expect(actual).toMatchObject({ kind: 'ask', index: row.expected.index });
    expect(actual.kind === 'ask' && actual.question.trim()).toBeTruthy();
    return;
  }
  expect(actual.kind).toBe('refine');
  if (actual.kind !== 'refine') return;
  // A person kept without a film named may anchor on the candidate that credits them.
  if (row.expected.anchor !== null) expect(actual.anchor).toBe(row.expected.anchor);
  expect(actual.hints.people ?? []).toEqual(row.expected.hints.people ?? []);
  expect(actual.turnsDownAll).toBe(row.expected.turnsDownAll);
  for (const word of row.detailWords ?? []) expect(actual.details.toLowerCase()).toContain(word);
  if (!row.detailWords) expect(actual.details).toBe('');
  for (const word of row.deniedWords ?? []) expect(actual.details.toLowerCase()).not.toContain(word);
}

describe('reading replies: the offline engine', () => {
  const offline = new OfflineLanguageModel(null);
  for (const row of ROWS) {
    test(`${row.class}: "${row.message}"`, async () => expectReading(await offline.classifyConfirmation(row.message, row.candidates), row));
  }

  test('after a question about one film, a plain yes takes that film and a position is still the list\'s', async () => {
    expect(await offline.classifyConfirmation('yes', thrillers, 2)).toEqual({ kind: 'confirm', index: 2 });
    expect(await offline.classifyConfirmation('yes that is it', thrillers, 2)).toEqual({ kind: 'confirm', index: 2 });
    expect(await offline.classifyConfirmation('no, the first one', thrillers, 2)).toEqual({ kind: 'confirm', index: 0 });
    expect(await offline.classifyConfirmation('who directed it?', thrillers, 2)).toMatchObject({ kind: 'ask', index: 2 });
    expect(await offline.classifyConfirmation('yes', thrillers)).toEqual({ kind: 'confirm', index: 0 });
  });

  test('a question is asked without the words that point at the film', async () => {
    expect(await offline.classifyConfirmation('is the second one in color?', thrillers)).toEqual({ kind: 'ask', index: 1, question: 'is the one in color' });
  });
});

describe('reading replies: the OpenAI-compatible engine, against a local Chat Completions server', () => {
  let fake: FakeOpenAi;
  const settings = () => ({ baseUrl: fake.baseUrl, apiKey: 'k', model: 'scripted', timeoutMs: 2000, maxToolIterations: 3 });
  beforeAll(() => (fake = startFakeOpenAi()));
  afterAll(() => fake.stop());

  for (const row of ROWS) {
    test(`${row.class}: "${row.message}"`, async () => {
      fake.script.push({ kind: 'text', content: `Here is my reading: ${modelAnswer(row.expected)}` });
      const model = new OpenAiLanguageModel(settings());
      expectReading(await model.classifyConfirmation(row.message, row.candidates), row);
      const prompt = fake.requests.at(-1)!.messages.at(-1)!.content!;
      expect(prompt).toContain(row.message);
      expect(prompt).toContain(`1. ${row.candidates[0]!.rag_title}`);
    });
  }

  for (const row of ROWS) {
    test(`a malformed answer falls back to the offline reading: "${row.message}"`, async () => {
      fake.script.push({ kind: 'text', content: '{"intent": "confirm", "index": 42}' });
      const model = new FallbackLanguageModel(new OpenAiLanguageModel(settings()), new OfflineLanguageModel(null), createLogger('silent'));
      expectReading(await model.classifyConfirmation(row.message, row.candidates), row);
    });
  }
});
