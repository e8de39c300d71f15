import { describe, expect, test } from 'bun:test';
import { SNAPSHOT_OUT } from '../../scripts/build-corpus.ts';
import { type CatalogEntry, catalogEntryProblems } from '../../src/catalog/snapshot.ts';
import { countWords, type CorpusMovie, readJsonLines } from '../../src/search/corpus.ts';
import { CORPUS_OUT } from '../../scripts/build-corpus.ts';

describe('offline catalog snapshot (data/catalog/snapshot.jsonl)', async () => {
  const snapshot = await readJsonLines<CatalogEntry>(SNAPSHOT_OUT);
  const corpus = await readJsonLines<CorpusMovie>(CORPUS_OUT);

  test('every entry is valid', () => {
    const problems = snapshot.flatMap((entry) => catalogEntryProblems(entry).map((p) => `${entry.id} ${entry.title}: ${p}`));
    expect(problems).toEqual([]);
  });

  test('ids are unique, and so is each title + year', () => {
    expect(new Set(snapshot.map((e) => e.id)).size).toBe(snapshot.length);
    expect(new Set(snapshot.map((e) => `${e.title.toLowerCase()}|${e.year}`)).size).toBe(snapshot.length);
  });

  test('every corpus film has a catalog entry, with a plot different from the corpus plot', () => {
    const byKey = new Map(snapshot.map((e) => [`${e.title}|${e.year}`, e]));
    for (const movie of corpus) {
      const entry = byKey.get(`${movie.title}|${movie.year}`);
      expect(entry, movie.id).toBeDefined();
      expect(entry!.plot).not.toBe(movie.plot);
      expect(countWords(entry!.plot)).toBeLessThan(countWords(movie.plot));
    }
  });

  test('the validator catches bad entries', () => {
    const good = snapshot[0]!;
    expect(catalogEntryProblems({ ...good, rating: 11 })).toHaveLength(1);
    expect(catalogEntryProblems({ ...good, id: 'tt0111161' })).toHaveLength(1);
    expect(catalogEntryProblems({ ...good, plot: 'One. Two. Three.' })).toHaveLength(1);
  });
});
