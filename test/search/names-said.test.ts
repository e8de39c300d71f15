// Which people a description names, on a small index whose credits hold names that look like
// words ("The Kid Mero") and first names that are function words ("Will Smith").
import { afterAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import type { CorpusMovie } from '../../src/search/corpus.ts';
import type { Embedder } from '../../src/search/embedder.ts';
import { INDEX_FORMAT, MovieIndex, writeIndex } from '../../src/search/movie-index.ts';
import { MovieSearch } from '../../src/search/movie-search.ts';
import { Scorer } from '../../src/search/scorer.ts';
import { tempDirectory } from '../support/services.ts';

const DIMENSIONS = 4;
const flat: Embedder = {
  modelId: 'flat:4:mean',
  dimensions: DIMENSIONS,
  embedQuery: async () => Float32Array.from([0.5, 0.5, 0.5, 0.5]),
  embedDocuments: async (texts) => texts.map(() => Float32Array.from([0.5, 0.5, 0.5, 0.5])),
  dispose: async () => {},
};
const film = (title: string, cast: string[], plot: string): CorpusMovie => ({
  id: title.toLowerCase().replaceAll(' ', '-'), title, aliases: [], year: 2010, directors: ['Ann Director'], genres: ['Comedy'], cast,
  runtimeMinutes: 90, plot, countries: [], languages: [], votes: null,
});
const films = [
  film('Talk Show', ['The Kid Mero', 'Desus Nice'], 'Two hosts talk about the week in the Bronx.'),
  film('Genie', ['Will Smith', 'Mena Massoud'], 'A street thief finds a magic lamp and a genie.'),
  film('Holiday', ['Macaulay Culkin'], 'A kid left home alone at Christmas fights off two burglars.'),
];

describe('the people a description names', () => {
  const dir = tempDirectory();
  afterAll(() => dir.dispose());
  writeIndex(dir.value, 'names', {
    format: INDEX_FORMAT, modelId: flat.modelId, dimensions: DIMENSIONS, count: films.length, passages: films.length, documentText: 'test', corpusSha256: 'x', metric: 'cos', quantization: 'f32',
  }, { movies: films, passageVectors: films.map(() => Float32Array.from([0.5, 0.5, 0.5, 0.5])), filmOfPassage: Uint32Array.from(films.keys()) });
  const search = new MovieSearch(flat, MovieIndex.open(dir.value, 'names'), Scorer.load(join(import.meta.dir, '../../data/ranker/ranker.json')));
  const namesSaid = async (text: string) => (await search.search(text, { k: 3 })).namesSaid;

  test('a first name that is a function word still names its person', async () => {
    expect(await namesSaid('will smith as a genie in a lamp')).toEqual(['Will Smith']);
  });

  test('an article and a word are the words they look like, though a credit begins with them', async () => {
    expect(await namesSaid('the kid gets left home alone at christmas')).toEqual([]);
  });
});
