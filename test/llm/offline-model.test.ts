import { describe, expect, test } from 'bun:test';
import { type MovieCandidate, toMovieCandidate } from '../../src/catalog/candidates.ts';
import type { MovieTools } from '../../src/llm/language-model.ts';
import { IntentClassifier } from '../../src/llm/offline/intent.ts';
import { OfflineLanguageModel } from '../../src/llm/offline/offline-model.ts';
import { answerFromFacts, topicOf } from '../../src/llm/offline/questions.ts';
import type { CorpusMovie } from '../../src/search/corpus.ts';

const film = (title: string, year: number, directors = ['Someone Else'], cast = ['A Person']): CorpusMovie => ({
  id: title.toLowerCase(), title, aliases: [], year, directors, genres: ['Drama'], cast, runtimeMinutes: 100, plot: `The story of ${title}.`,
  countries: [], languages: [], votes: null,
});
const candidates: MovieCandidate[] = [
  toMovieCandidate(film('The Hateful Eight', 2015, ['Quentin Tarantino']), null, 0.9),
  toMovieCandidate(film('Jaws', 1975, ['Steven Spielberg']), null, 0.8),
  toMovieCandidate(film('The Adventures of Robin Hood', 1938, ['Michael Curtiz'], ['Errol Flynn']), null, 0.7),
];

describe('IntentClassifier rules', () => {
  const classifier = new IntentClassifier(null);
  const cases: Array<[string, ReturnType<IntentClassifier['byRules']>]> = [
    ['yes!', { kind: 'confirm', index: 0 }],
    ['yep that is it', { kind: 'confirm', index: 0 }],
    ['the second one', { kind: 'confirm', index: 1 }],
    ['#3', { kind: 'confirm', index: 2 }],
    ['number 2 please', { kind: 'confirm', index: 1 }],
    ['last one', { kind: 'confirm', index: 2 }],
    ['jaws!', { kind: 'confirm', index: 1 }],
    ['robin hood, errol flynn', { kind: 'confirm', index: 2 }],
    ['the tarantino one', { kind: 'confirm', index: 0 }],
    ['definitely not jaws', { kind: 'refine', details: '' }],
    ['none of these', { kind: 'refine', details: '' }],
    ['no wait, yes the second', { kind: 'confirm', index: 1 }],
    ['the first one was close but no', { kind: 'refine', details: '' }],
    ['nope', { kind: 'refine', details: '' }],
  ];
  for (const [message, expected] of cases) {
    test(`"${message}"`, () => expect(classifier.byRules(message, candidates)).toEqual(expected));
  }

  test('no rule and no model: a message describing more is a refinement', async () => {
    expect(classifier.byRules('it had a lot of snow in it', candidates)).toBeNull();
    expect(await classifier.classify('it had a lot of snow in it', candidates)).toEqual({ kind: 'refine', details: '' });
  });
});

describe('OfflineLanguageModel', () => {
  const model = new OfflineLanguageModel(null);

  test('presents numbered candidates with year, director and confidence as a percentage, streamed', async () => {
    const pieces: string[] = [];
    const text = await model.presentCandidates({ query: 'q', candidates, refinement: 0 }, (t) => pieces.push(t));
    expect(pieces.join('')).toBe(text);
    expect(text).toContain('1. The Hateful Eight (2015), directed by Quentin Tarantino. Match: 90%.');
    expect(text).toContain('2. Jaws (1975), directed by Steven Spielberg. Match: 80%.');
    expect(text).toContain('Is it one of these?');
  });

  test('extracts the new details from a refinement', async () => {
    expect(await model.extractPlotDetails('None of these, it was set in space with a robot', candidates)).toBe('set in space with a robot');
    expect(await model.extractPlotDetails('no, not jaws. a shark movie set in australia', candidates)).toBe('shark movie set in australia');
    expect(await model.extractPlotDetails('nope, none of them', candidates)).toBe('');
  });
});

describe('offline Q&A', () => {
  const tools = (over: Partial<Awaited<ReturnType<MovieTools['details']>>> = {}): MovieTools => {
    const facts = { title: 'Jaws', originalTitle: null, year: 1975, directors: ['Steven Spielberg'], cast: ['Roy Scheider', 'Robert Shaw'], genres: ['Adventure', 'Thriller'], rating: 8, runtimeMinutes: 124, logline: 'A shark.', plot: 'A shark terrorises a town.', ...over };
    return {
      details: async () => facts,
      credits: async () => ({ directors: facts.directors, cast: facts.cast }),
      similar: async () => [{ title: 'The Birds', year: 1963, directors: ['Alfred Hitchcock'] }],
    };
  };

  test('recognises what is asked', () => {
    expect(topicOf('Who directed it?')).toBe('director');
    expect(topicOf('who is in it?')).toBe('cast');
    expect(topicOf('when did it come out')).toBe('year');
    expect(topicOf('is it any good?')).toBe('rating');
    expect(topicOf('how long is it')).toBe('runtime');
    expect(topicOf('what happens in it?')).toBe('plot');
    expect(topicOf('what kind of movie is it')).toBe('genres');
    expect(topicOf('anything similar you would recommend?')).toBe('similar');
    expect(topicOf('what was the budget')).toBeNull();
  });

  test('answers from the facts', async () => {
    expect(await answerFromFacts('who directed it', tools())).toBe('Jaws was directed by Steven Spielberg.');
    expect(await answerFromFacts('who stars in it', tools())).toBe('Jaws stars Roy Scheider and Robert Shaw.');
    expect(await answerFromFacts('how long is it', tools())).toBe('Jaws runs 124 minutes (2 h 4 min).');
    expect(await answerFromFacts('rating?', tools())).toBe("Jaws is rated 8 out of 10 by the catalog's users.");
    expect(await answerFromFacts('similar films?', tools())).toContain('The Birds (1963)');
  });

  test('says plainly when it does not know', async () => {
    expect(await answerFromFacts('how long is it', tools({ runtimeMinutes: null }))).toBe("I don't know how long Jaws is.");
    expect(await answerFromFacts('rating?', tools({ rating: null }))).toBe("I don't have a rating for Jaws.");
    expect(await answerFromFacts('what was the budget?', tools())).toContain("I'm not sure");
  });
});
