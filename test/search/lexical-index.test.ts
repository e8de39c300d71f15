import { afterAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import type { CorpusMovie } from '../../src/search/corpus.ts';
import { fieldIndex, filmFields, namesInPlot } from '../../src/search/film-fields.ts';
import { type Bm25fParameters, LexicalIndex, writeLexicalIndex } from '../../src/search/lexical-index.ts';
import { bigrams, stem, tokenize } from '../../src/search/tokens.ts';
import { tempDirectory } from '../support/services.ts';

const film = (title: string, plot: string, extra: Partial<CorpusMovie> = {}): CorpusMovie => ({
  id: title.toLowerCase(), title, aliases: [], year: 2000, directors: ['Ann Director'], genres: ['Drama'], cast: ['Bo Actor'],
  runtimeMinutes: 90, plot, countries: [], languages: [], votes: null, ...extra,
});
const films = [
  film('Beach', 'A shark attacks swimmers at a beach town. The police chief hunts it.'),
  film('Wizard', 'A boy wizard learns magic at a school for wizards.'),
  film('Rain', 'A detective hunts a killer in the rain; the killer leaves notes.', { cast: ['Morgan Freeman'] }),
  film('Sharks Everywhere', 'A documentary about the ocean and its fish.', { genres: ['Documentary'] }),
  film('Machine', 'A scientist builds a time machine and travels to the future.', { countries: ['South Korea'], languages: ['Korean'] }),
];
const parameters: Bm25fParameters = {
  k1: 1.2,
  weights: { title: 1, plot: 1, people: 1, genre: 0.5, origin: 0.5, phrase: 1 },
  b: { title: 0.5, plot: 0.75, people: 0.5, genre: 0.3, origin: 0.3, phrase: 0.75 },
};

describe('LexicalIndex (BM25F), written at ingest and opened memory-mapped', () => {
  const dir = tempDirectory();
  afterAll(() => dir.dispose());
  const path = join(dir.value, 'lexical.bin');
  writeLexicalIndex(path, films.map(filmFields));
  const index = LexicalIndex.open(path);
  const ranking = (terms: string[]) => {
    const scores = index.score(terms, parameters);
    return [...scores.keys].sort((a, b) => scores.total[b]! - scores.total[a]!);
  };

  test("a film's logline is searched as its story, and its last word makes no phrase with the plot's first", () => {
    const withLogline = film('Gills', 'A lonely fisherman mends his nets.', { logline: 'An aquarium keeper falls for a merman.' });
    const fields = filmFields(withLogline);
    expect(fields.plot).toEqual(expect.arrayContaining([stem('merman'), stem('fisherman')]));
    expect(fields.phrase).toContain(`${stem('fall')}_${stem('merman')}`);
    expect(fields.phrase).not.toContain(`${stem('merman')}_${stem('lone')}`);
    expect(fields.phrase).not.toContain(`${stem('merman')}_${stem('lonely')}`);
    expect(filmFields(film('Gills', 'A lonely fisherman mends his nets.')).plot).not.toContain(stem('merman'));
  });

  test('finds the films holding the query terms, the best match first', () => {
    expect(ranking(['wizard', 'school'])[0]).toBe(1);
    expect(ranking(['killer', 'hunt'])[0]).toBe(2);
    expect(ranking(['romantic', 'paris'])).toEqual([]);
  });

  test("a film holding a synonym of a query term holds the term, at less than the word itself", () => {
    const synonyms = (term: string) => (term === stem('investigator') ? [stem('detective')] : []);
    const [investigator] = tokenize('investigator');
    expect(ranking([investigator!])).toEqual([]);
    const scores = index.score([investigator!, 'rain'], parameters, synonyms);
    expect([...scores.keys]).toEqual([2]);
    expect(scores.matchedIdf[2]).toBeCloseTo(scores.queryIdf, 5);
    const bySynonym = scores.total[2]!; // read before the next search reuses the arrays
    expect(bySynonym).toBeGreaterThan(0);
    expect(bySynonym).toBeLessThan(index.score([stem('detective'), 'rain'], parameters).total[2]!);
  });

  test('a term and its synonyms count as one term, as common as its commonest form', () => {
    const synonyms = (term: string) => (term === 'shark' ? ['fish'] : []);
    const scores = index.score(['shark'], parameters, synonyms);
    expect([...scores.keys].sort()).toEqual([0, 3]);
    expect(scores.queryIdf).toBeCloseTo(index.idf(2), 5);
    // "Sharks Everywhere" holds both forms: more evidence than the shark alone, counted once in coverage.
    expect(scores.matchedIdf[3]).toBeCloseTo(scores.queryIdf, 5);
    const bothForms = scores.total[3]!;
    expect(bothForms).toBeGreaterThan(index.score(['shark'], parameters).total[3]!);
  });

  test('scores each field apart: a title word counts in the title field, a story word in the plot', () => {
    const scores = index.score(['shark'], parameters);
    expect(scores.fieldScores[fieldIndex('title')]![3]).toBeGreaterThan(0);
    expect(scores.fieldScores[fieldIndex('plot')]![3]).toBe(0);
    expect(scores.fieldScores[fieldIndex('plot')]![0]).toBeGreaterThan(0);
  });

  test('finds people in the credits and origins by their adjective', () => {
    expect(ranking(['morgan', 'freeman'])).toEqual([2]);
    expect(ranking(['korean'])).toEqual([4]);
  });

  test('adjacent words earn phrase credit', () => {
    const scores = index.score(bigrams(tokenize('time machine')), parameters);
    expect(scores.fieldScores[fieldIndex('phrase')]![4]).toBeGreaterThan(0);
  });

  test('coverage: the idf mass of the query terms a film holds, against the whole query', () => {
    const scores = index.score(['shark', 'beach', 'unknownword'], parameters);
    expect(scores.matchedIdf[0]! / scores.queryIdf).toBeGreaterThan(0.3);
    expect(scores.matchedIdf[0]! / scores.queryIdf).toBeLessThan(1);
    expect(index.documentFrequency('shark')).toBe(2);
    expect(index.documentFrequency('unknownword')).toBe(0);
  });

  test('a query sees nothing of the one before: every film it does not hold scores 0 in every array', () => {
    const fresh = LexicalIndex.open(path);
    const terms = tokenize('a time machine');
    const alone = fresh.score(terms, parameters);
    const expected = [alone.total, alone.matchedIdf, ...alone.fieldScores].map((array) => Array.from(array));
    index.score(tokenize('shark beach killer wizard documentary ocean'), parameters);
    const after = index.score(terms, parameters);
    expect([after.total, after.matchedIdf, ...after.fieldScores].map((array) => Array.from(array))).toEqual(expected);
    expect(Array.from(after.matchedRareIdf)).toEqual(Array.from(alone.matchedRareIdf));
    expect(Array.from(after.matchedNameIdf)).toEqual(Array.from(alone.matchedNameIdf));
    expect(Array.from(after.matchedWordIdf)).toEqual(Array.from(alone.matchedWordIdf));
    expect(after.keys).toEqual([4]);
  });

  test('a word no film holds counts among the rare words no film matches; a pair of words, held or not, does not', () => {
    const known = index.score(['wizard'], parameters);
    const wizardHeld = known.matchedIdf[1]!; // read before the next search reuses the arrays
    expect(known.queryRareIdf).toBeCloseTo(known.queryIdf, 5);
    expect(known.matchedRareIdf[1]! / known.queryRareIdf).toBeCloseTo(1, 5);
    const withUnknown = index.score(['wizard', 'sheepdog'], parameters);
    expect(withUnknown.queryRareIdf).toBeCloseTo(known.queryIdf + index.idf(0), 5);
    expect(withUnknown.matchedRareIdf[1]! / withUnknown.queryRareIdf).toBeLessThan(0.6);
    const withPair = index.score(['wizard', 'wizard_sheepdog'], parameters);
    expect(withPair.queryRareIdf).toBeCloseTo(known.queryIdf, 5);
    const heldPair = `${stem('boy')}_${stem('wizard')}`;
    const withHeldPair = index.score(['wizard', heldPair], parameters);
    expect(withHeldPair.matchedIdf[1]).toBeGreaterThan(wizardHeld); // film 1 holds the pair
    expect(withHeldPair.queryRareIdf).toBeCloseTo(known.queryIdf, 5);
    // The single words' share leaves the pair out.
    expect(withHeldPair.matchedWordIdf[1]).toBeCloseTo(wizardHeld, 5);
  });

  test('names inside a plot are read as people (characters, places), not the first word of a sentence', () => {
    expect(namesInPlot('Andy meets Red in prison. Later Warden Norton shoots Tommy.')).toEqual(['Red', 'Warden', 'Norton', 'Tommy']);
  });

  test('a word is read as a name when most films holding it credit it, even where the story names the star too', () => {
    // Wikipedia leads say who stars ("starring Kevin Bacon"): crediting, not telling a story.
    const leads = [
      film('Quakes', 'Quakes is a 1990 monster film starring Kevin Bacon and Fred Ward.', { cast: ['Kevin Bacon', 'Fred Ward'] }),
      film('Dance', 'Dance is a 1984 musical film starring Kevin Bacon.', { cast: ['Kevin Bacon'] }),
      film('Breakfast', 'A cook fries bacon and eggs for a diner full of truckers.'),
    ];
    const leadsPath = join(dir.value, 'leads.bin');
    writeLexicalIndex(leadsPath, leads.map(filmFields));
    const scores = LexicalIndex.open(leadsPath).score(tokenize('kevin bacon giant worms'), parameters);
    expect(scores.nameTerms).toEqual(['kevin', 'bacon']);
    expect(scores.matchedNameIdf[0]).toBeCloseTo(scores.queryNameIdf, 5);
    expect(scores.matchedNameIdf[2]).toBe(0);
    // A word a story uses more often than credits stays a story word.
    const story = LexicalIndex.open(leadsPath).score(tokenize('fries eggs'), parameters);
    expect(story.nameTerms).toEqual([]);
  });
});
