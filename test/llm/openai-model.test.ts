import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { type MovieCandidate, toMovieCandidate } from '../../src/catalog/candidates.ts';
import { FallbackLanguageModel } from '../../src/llm/fallback-model.ts';
import type { MovieTools } from '../../src/llm/language-model.ts';
import { OfflineLanguageModel } from '../../src/llm/offline/offline-model.ts';
import { OpenAiLanguageModel } from '../../src/llm/openai-model.ts';
import { helpfulDetails, yearsBeyondCollection } from '../../src/llm/wording.ts';
import { createLogger } from '../../src/log.ts';
import type { CorpusMovie } from '../../src/search/corpus.ts';
import { type FakeOpenAi, startFakeOpenAi } from '../support/fake-openai.ts';

const ASK = helpfulDetails({ eraKnown: false });

const movie = (title: string, year: number): CorpusMovie => ({
  id: `${title}-${year}`, title, aliases: [], year, directors: ['Some Director'], genres: ['Drama'], cast: ['An Actor'], runtimeMinutes: 120, plot: 'A plot.', countries: [], languages: [], votes: null,
});
const candidates: MovieCandidate[] = [toMovieCandidate(movie('Jaws', 1975), null, 0.9), toMovieCandidate(movie('Heat', 1995), null, 0.8)];
const tools: MovieTools = {
  details: async () => ({ title: 'Jaws', originalTitle: null, year: 1975, directors: ['Steven Spielberg'], cast: ['Roy Scheider'], genres: ['Thriller'], rating: 8, runtimeMinutes: 124, countries: ['United States'], languages: ['English'], logline: 'A shark.', plot: 'A shark and a town.' }),
  credits: async () => ({ directors: ['Steven Spielberg'], cast: ['Roy Scheider'] }),
  similar: async (count) => [{ title: 'The Birds', year: 1963, directors: ['Alfred Hitchcock'] }].slice(0, count),
  series: async () => [{ title: 'Jaws 2', year: 1978, directors: ['Jeannot Szwarc'] }],
  byDirectors: async () => [{ title: 'Duel', year: 1971, directors: ['Steven Spielberg'] }],
};

describe('OpenAiLanguageModel against a scripted Chat Completions server', () => {
  let fake: FakeOpenAi;
  let model: OpenAiLanguageModel;
  const settings = (over: Partial<{ timeoutMs: number; maxToolIterations: number }> = {}) => ({
    baseUrl: fake.baseUrl, apiKey: 'test-key', model: 'test-model', timeoutMs: 2000, maxToolIterations: 3, ...over,
  });
  beforeAll(() => (fake = startFakeOpenAi()));
  afterAll(() => fake.stop());
  beforeEach(() => {
    fake.requests.length = 0;
    fake.script.length = 0;
    model = new OpenAiLanguageModel(settings());
  });

  test('presentation streams the deltas and returns the whole text', async () => {
    fake.script.push({ kind: 'text', content: 'Here are two films: 1. Jaws 2. Heat. Is it one of them?' });
    const pieces: string[] = [];
    const text = await model.presentCandidates({ query: 'a shark', candidates, refinement: 0, likely: true, askFor: ASK }, (t) => pieces.push(t));
    expect(text).toBe('Here are two films: 1. Jaws 2. Heat. Is it one of them?');
    expect(pieces.length).toBeGreaterThan(3);
    expect(pieces.join('')).toBe(text);
    expect(fake.requests[0]!.stream).toBe(true);
    expect(fake.requests[0]!.model).toBe('test-model');
    expect(fake.requests[0]!.messages.at(-1)!.content).toContain('Jaws (1975)');
    expect(fake.requests[0]!.messages.at(-1)!.content).not.toContain('not confident');
  });

  test('when the search is not confident, the model is told to say so and ask for a detail', async () => {
    fake.script.push({ kind: 'text', content: 'These may not be it: 1. Jaws 2. Heat. When did it come out?' });
    await model.presentCandidates({ query: 'a fish', candidates, refinement: 0, likely: false, askFor: ASK }, () => {});
    const prompt = fake.requests[0]!.messages.at(-1)!.content;
    expect(prompt).toContain('Jaws (1975)');
    expect(prompt).toContain('The search is not confident that the film is among these: say plainly that it may be none of them');
    expect(prompt).toContain('Ask for roughly when it came out, an actor in it, or a scene you remember.');
  });

  test('when the film is placed in years the collection lacks, the model is told to say so first', async () => {
    fake.script.push({ kind: 'text', content: 'None of the films I know came out in 2031. 1. Jaws' });
    const beyondCollection = yearsBeyondCollection({ from: 2031, to: 2031 }, { from: 1920, to: 2020 });
    await model.presentCandidates({ query: 'a 2031 shark film', candidates, refinement: 0, likely: false, askFor: ASK, sayFirst: beyondCollection }, () => {});
    expect(fake.requests[0]!.messages.at(-1)!.content).toContain(`Before the list, say plainly: "${beyondCollection}"`);
  });

  test('intent comes back as JSON, 1-based index mapped to 0-based', async () => {
    fake.script.push({ kind: 'text', content: 'Sure! {"intent": "confirm", "index": 2}' });
    expect(await model.classifyConfirmation('the second', candidates)).toEqual({ kind: 'confirm', index: 1 });
    fake.script.push({ kind: 'text', content: '{"intent": "refine", "anchor": null, "people": [], "details": "set in space"}' });
    expect(await model.classifyConfirmation('no, it was set in space', candidates)).toEqual({ kind: 'refine', details: 'set in space', anchor: null, hints: {}, turnsDownAll: false });
  });

  test('told which film the last reply asked about, the model reads a plain yes as that film', async () => {
    fake.script.push({ kind: 'text', content: '{"intent": "confirm", "index": 2}' });
    expect(await model.classifyConfirmation('yes', candidates, 1)).toEqual({ kind: 'confirm', index: 1 });
    expect(fake.requests.at(-1)!.messages.at(-1)!.content).toContain('a plain yes is candidate 2');
    fake.script.push({ kind: 'text', content: '{"intent": "confirm", "index": 1}' });
    await model.classifyConfirmation('yes', candidates);
    expect(fake.requests.at(-1)!.messages.at(-1)!.content).toContain('A plain yes is the first candidate');
  });

  test('a description in another language comes back in English, with the constraints it states', async () => {
    fake.script.push({
      kind: 'text',
      content: '{"language": "es", "description": "a shark attacks swimmers at a beach town in the seventies", "era": {"from": 1970, "to": 1979}, "genres": ["Thriller", "Opera"], "countries": ["United States", "Atlantis"], "people": ["Roy Scheider"]}',
    });
    const understood = await model.understandDescription('un tiburón ataca a los bañistas de un pueblo, de los setenta');
    expect(understood).toEqual({
      kind: 'description',
      text: 'a shark attacks swimmers at a beach town in the seventies',
      hints: { era: { from: 1970, to: 1979 }, genres: ['Thriller'], countries: ['United States'], people: ['Roy Scheider'] },
    });
    expect(fake.requests[0]!.messages.at(-1)!.content).toContain('un tiburón ataca');
  });

  test('an English description is searched as written; a malformed reading is an error', async () => {
    fake.script.push({ kind: 'text', content: '{"language": "en", "description": "shark, beach", "era": null, "genres": [], "countries": [], "people": []}' });
    expect(await model.understandDescription('a great white shark eats swimmers')).toEqual({ kind: 'description', text: 'a great white shark eats swimmers', hints: {} });
    fake.script.push({ kind: 'text', content: '{"language": "es"}' });
    expect(model.understandDescription('un tiburón')).rejects.toThrow('no description');
    await Bun.sleep(10);
  });

  test('an index past any list or prose instead of JSON is an error (for the fallback to catch); a place just past this list is said so', async () => {
    fake.script.push({ kind: 'text', content: '{"intent": "confirm", "index": 7}' });
    expect(await model.classifyConfirmation('the seventh', candidates)).toEqual({ kind: 'notShown', position: 7 });
    fake.script.push({ kind: 'text', content: '{"intent": "confirm", "index": 11}' });
    expect(model.classifyConfirmation('the eleventh', candidates)).rejects.toThrow('no usable intent');
    await Bun.sleep(10);
    fake.script.push({ kind: 'text', content: 'I think they mean the first one.' });
    expect(model.classifyConfirmation('first', candidates)).rejects.toThrow('JSON');
  });

  test('the Q&A agent calls tools, sends their results back, then answers', async () => {
    fake.script.push({ kind: 'tool_calls', calls: [{ name: 'movie_credits', arguments: '{}' }, { name: 'similar_movies', arguments: '{"count": 1}' }, { name: 'movie_series', arguments: '{}' }, { name: 'films_by_director', arguments: '{}' }] });
    fake.script.push({ kind: 'text', content: 'Jaws was directed by Steven Spielberg.' });
    expect(await model.answerQuestion('who directed it?', tools)).toBe('Jaws was directed by Steven Spielberg.');
    const second = fake.requests[1]!;
    const toolMessages = second.messages.filter((m) => m.role === 'tool');
    expect(toolMessages.map((m) => m.tool_call_id)).toEqual(['call_0', 'call_1', 'call_2', 'call_3']);
    expect(JSON.parse(toolMessages[0]!.content!)).toEqual({ directors: ['Steven Spielberg'], cast: ['Roy Scheider'] });
    expect(JSON.parse(toolMessages[1]!.content!)).toEqual([{ title: 'The Birds', year: 1963, directors: ['Alfred Hitchcock'] }]);
    expect(JSON.parse(toolMessages[2]!.content!)).toEqual([{ title: 'Jaws 2', year: 1978, directors: ['Jeannot Szwarc'] }]);
    expect(JSON.parse(toolMessages[3]!.content!)).toEqual([{ title: 'Duel', year: 1971, directors: ['Steven Spielberg'] }]);
    expect(fake.requests[0]!.tools!.map((t) => t.function.name)).toEqual(['movie_details', 'movie_credits', 'similar_movies', 'films_by_director', 'movie_series']);
  });

  test('tool iterations are bounded', async () => {
    for (let i = 0; i < 5; i++) fake.script.push({ kind: 'tool_calls', calls: [{ name: 'movie_details', arguments: '{}' }] });
    expect(model.answerQuestion('loop forever', tools)).rejects.toThrow('3 tool iterations');
    await Bun.sleep(50);
    expect(fake.requests).toHaveLength(3);
  });

  test('a timeout fails within its bound', async () => {
    const quick = new OpenAiLanguageModel(settings({ timeoutMs: 200 }));
    fake.script.push({ kind: 'hang' }, { kind: 'hang' });
    const started = Date.now();
    expect(quick.answerQuestion('anything', tools)).rejects.toThrow();
    await Bun.sleep(10);
    await quick.answerQuestion('anything', tools).catch(() => {});
    expect(Date.now() - started).toBeLessThan(2000);
  });

  describe('with the offline engine behind it', () => {
    const fallback = () => new FallbackLanguageModel(new OpenAiLanguageModel(settings({ timeoutMs: 300 })), new OfflineLanguageModel(null), createLogger('silent'));

    test('an HTTP error falls back to the offline answer', async () => {
      fake.script.push({ kind: 'error', status: 500 }, { kind: 'error', status: 500 });
      expect(await fallback().answerQuestion('who directed it?', tools)).toBe('Jaws was directed by Steven Spielberg.');
    });

    test('malformed JSON and timeouts fall back too', async () => {
      fake.script.push({ kind: 'garbage' }, { kind: 'garbage' });
      expect(await fallback().classifyConfirmation('heat', candidates)).toEqual({ kind: 'confirm', index: 1 });
      fake.script.push({ kind: 'hang' }, { kind: 'hang' });
      expect(await fallback().classifyConfirmation('the first one', candidates)).toEqual({ kind: 'confirm', index: 0 });
    });

    test('a stream that breaks midway is completed by the offline list; tokens add up to the reply', async () => {
      fake.script.push({ kind: 'broken_stream', content: 'Let me think about films with a shark in them and' });
      const pieces: string[] = [];
      const text = await fallback().presentCandidates({ query: 'a shark', candidates, refinement: 0, likely: true, askFor: ASK }, (t) => pieces.push(t));
      expect(pieces.join('')).toBe(text);
      expect(text).toStartWith('Let me think');
      expect(text).toContain('1. Jaws (1975), directed by Some Director. Match: 90%');
    });
  });
});
