import { afterAll, describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import type { CorpusMovie } from '../../src/search/corpus.ts';
import { genreBit } from '../../src/search/genres.ts';
import { IndexMismatchError, indexFiles, INDEX_FORMAT, type IndexManifest, MovieIndex, writeIndex } from '../../src/search/movie-index.ts';
import { tempDirectory } from '../support/services.ts';

const unit = (values: number[]) => {
  const norm = Math.hypot(...values);
  return Float32Array.from(values, (v) => v / norm);
};
const movie = (i: number): CorpusMovie => ({
  id: `film-${i}-2000`, title: `Film ${i}`, aliases: [], year: 2000 + i, directors: ['D'], genres: i === 1 ? ['Animation'] : ['Drama'], cast: ['C'],
  runtimeMinutes: 90, plot: `plot ${i}`, countries: ['France'], languages: ['French'], votes: i === 0 ? null : 1000 * i,
});
const manifest = (count: number, passages: number): IndexManifest => ({
  format: INDEX_FORMAT, modelId: 'test-model:4:mean', dimensions: 4, count, passages, documentText: 'test', corpusSha256: 'x', metric: 'cos', quantization: 'f32',
});

describe('MovieIndex', () => {
  const dir = tempDirectory();
  afterAll(() => dir.dispose());
  // Film 0 has two passages, films 1 and 2 one each.
  const vectors = [unit([1, 0, 0, 0]), unit([0, 0, 1, 1]), unit([0, 1, 0, 0]), unit([1, 1, 0, 0])];
  const filmOfPassage = Uint32Array.from([0, 0, 1, 2]);
  const movies = [0, 1, 2].map(movie);
  const contents = { movies, passageVectors: vectors, filmOfPassage };

  test('finds the nearest passages, tells their films, and scores every passage of a film', () => {
    writeIndex(dir.value, 'm', manifest(3, 4), contents);
    const index = MovieIndex.open(dir.value, 'm', { modelId: 'test-model:4:mean', dimensions: 4 });
    const hits = index.passages.nearest(unit([0, 0, 1, 0.9]), 2);
    expect(hits[0]).toMatchObject({ passage: 1, film: 0 });
    expect(index.passages.filmSimilarities(unit([0, 0, 1, 1]), 0)).toEqual([expect.closeTo(0, 2), expect.closeTo(1, 2)]);
    expect(index.passages.passageCount(0)).toBe(2);
    expect(index.movie(2)).toEqual(movies[2]!);
  });

  test('keeps the facts ranking needs per film', () => {
    const index = MovieIndex.open(dir.value, 'm');
    expect(index.films.facts(0)).toMatchObject({ year: 2000, votes: null, languages: ['French'] });
    expect(index.films.facts(2).votes).toBe(2000);
    expect(index.films.facts(1).genres & genreBit('Animation')).toBeTruthy();
    expect(index.lexical.size).toBe(3);
  });

  test('writing the same input twice gives the same bytes', () => {
    writeIndex(dir.value, 'a', manifest(3, 4), contents);
    writeIndex(dir.value, 'b', manifest(3, 4), contents);
    const [a, b] = [indexFiles(dir.value, 'a'), indexFiles(dir.value, 'b')];
    for (const part of ['graph', 'vectors', 'lexical', 'films', 'docs', 'offsets'] as const) {
      expect(readFileSync(a[part]).equals(readFileSync(b[part]))).toBe(true);
    }
  });

  test('refuses an index built by another model, and a missing one, with a clear message', () => {
    expect(() => MovieIndex.open(dir.value, 'm', { modelId: 'bge-small:384:cls', dimensions: 384 })).toThrow(IndexMismatchError);
    expect(() => MovieIndex.open(dir.value, 'm', { modelId: 'bge-small:384:cls', dimensions: 384 })).toThrow(/rebuild the index/);
    expect(() => MovieIndex.open(dir.value, 'none')).toThrow(/run the ingest command/);
  });

  test('a new index replaces an open one without disturbing it; a write that fails leaves the old one whole', () => {
    writeIndex(dir.value, 'live', manifest(3, 4), contents);
    const before = MovieIndex.open(dir.value, 'live');
    // Another corpus into the same place, while `before` has the old files mapped.
    const others = [7, 8].map((i) => ({ ...movie(i), title: `Other ${i}` }));
    writeIndex(dir.value, 'live', manifest(2, 2), { movies: others, passageVectors: [unit([0, 0, 0, 1]), unit([0, 1, 1, 0])], filmOfPassage: Uint32Array.from([0, 1]) });
    expect(before.passages.nearest(unit([0, 0, 1, 0.9]), 1)[0]).toMatchObject({ passage: 1, film: 0 });
    expect(before.movie(2)).toEqual(movies[2]!);
    expect(before.films.facts(2).votes).toBe(2000);
    const after = MovieIndex.open(dir.value, 'live');
    expect(after.size).toBe(2);
    expect(after.movie(1).title).toBe('Other 8');

    // A record that cannot be indexed fails the write after some files were written.
    const broken = [{ ...movie(9), plot: undefined as unknown as string }];
    expect(() => writeIndex(dir.value, 'live', manifest(1, 1), { movies: broken, passageVectors: [unit([1, 0, 0, 0])], filmOfPassage: Uint32Array.from([0]) })).toThrow();
    const kept = MovieIndex.open(dir.value, 'live');
    expect(kept.size).toBe(2);
    expect(kept.movie(0).title).toBe('Other 7');
    expect(readdirSync(dir.value).filter((file) => file.includes('.partial'))).toEqual([]);
  });

  test('an empty corpus gives an empty index that answers nothing', () => {
    writeIndex(dir.value, 'e', manifest(0, 0), { movies: [], passageVectors: [], filmOfPassage: new Uint32Array(0) });
    const index = MovieIndex.open(dir.value, 'e');
    expect(index.passages.nearest(unit([1, 0, 0, 0]), 5)).toEqual([]);
    expect(index.lexical.score(['plot'], { k1: 1.2, weights: { title: 1, plot: 1, people: 1, genre: 1, origin: 1, phrase: 1 }, b: { title: 1, plot: 1, people: 1, genre: 1, origin: 1, phrase: 1 } }).keys).toEqual([]);
  });
});
