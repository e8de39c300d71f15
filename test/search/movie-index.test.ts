import { afterAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CorpusMovie } from '../../src/search/corpus.ts';
import { IndexMismatchError, INDEX_FORMAT, type IndexManifest, MovieIndex, writeIndex } from '../../src/search/movie-index.ts';
import { tempDirectory } from '../support/services.ts';

const unit = (values: number[]) => {
  const norm = Math.hypot(...values);
  return Float32Array.from(values, (v) => v / norm);
};
const movie = (i: number): CorpusMovie => ({
  id: `film-${i}-2000`, title: `Film ${i}`, aliases: [], year: 2000, directors: ['D'], genres: ['Drama'], cast: ['C'], runtimeMinutes: 90, plot: `plot ${i}`,
});
const manifest = (count: number): IndexManifest => ({
  format: INDEX_FORMAT, modelId: 'test-model:4:mean', dimensions: 4, count, documentText: 'plot', corpusSha256: 'x', metric: 'cos', quantization: 'f32',
});

describe('MovieIndex', () => {
  const dir = tempDirectory();
  afterAll(() => dir.dispose());
  const vectors = [unit([1, 0, 0, 0]), unit([0, 1, 0, 0]), unit([1, 1, 0, 0]), unit([0, 0, 1, 1])];
  const movies = vectors.map((_, i) => movie(i));

  test('finds the nearest films and returns their records', () => {
    writeIndex(dir.value, 'm', manifest(4), movies, vectors);
    const index = MovieIndex.open(dir.value, 'm', { modelId: 'test-model:4:mean', dimensions: 4 });
    const hits = index.search(unit([1, 0.1, 0, 0]), 2);
    expect(hits.map((h) => h.key)).toEqual([0, 2]);
    expect(hits[0]!.similarity).toBeGreaterThan(hits[1]!.similarity);
    expect(index.movie(2)).toEqual(movies[2]!);
    expect(index.similarity(unit([0, 0, 1, 1]), 3)).toBeCloseTo(1, 5);
    expect(index.similarity(unit([0, 0, 1, 1]), 0)).toBe(0);
  });

  test('writing the same input twice gives the same bytes', () => {
    writeIndex(dir.value, 'a', manifest(4), movies, vectors);
    writeIndex(dir.value, 'b', manifest(4), movies, vectors);
    for (const ext of ['usearch', 'docs.jsonl', 'offsets.bin', 'vectors.f32']) {
      expect(readFileSync(join(dir.value, `a.${ext}`)).equals(readFileSync(join(dir.value, `b.${ext}`)))).toBe(true);
    }
  });

  test('refuses an index built by another model, and a missing one, with a clear message', () => {
    writeIndex(dir.value, 'm', manifest(4), movies, vectors);
    expect(() => MovieIndex.open(dir.value, 'm', { modelId: 'bge-small:384:cls', dimensions: 384 })).toThrow(IndexMismatchError);
    expect(() => MovieIndex.open(dir.value, 'm', { modelId: 'bge-small:384:cls', dimensions: 384 })).toThrow(/rebuild the index/);
    expect(() => MovieIndex.open(dir.value, 'none')).toThrow(/run the ingest command/);
  });

  test('an empty corpus gives an empty index that answers nothing', () => {
    writeIndex(dir.value, 'e', manifest(0), [], []);
    expect(MovieIndex.open(dir.value, 'e').search(unit([1, 0, 0, 0]), 5)).toEqual([]);
  });
});
