// Validates the bundled corpus, data the team owns: every record well-formed, and every plot
// the team's own words (no run of 6+ words shared with the CSV's Overview of that film).
import { existsSync } from 'node:fs';
import { describe, expect, test } from 'bun:test';
import { buildCorpus, CORPUS_OUT, DEFAULT_CSV, type EditorialRecord, EDITORIAL, SNAPSHOT_OUT, toJsonLines } from '../../scripts/build-corpus.ts';
import { type CorpusMovie, corpusRecordProblems, readJsonLines } from '../../src/search/corpus.ts';
import { parseCsvRecords } from '../../src/search/csv.ts';

const hasSharedData = existsSync(DEFAULT_CSV);
const words = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}\s']/gu, ' ').split(/\s+/).filter(Boolean);
const runsOf = (text: string, length = 6) => {
  const w = words(text);
  return new Set(w.slice(0, Math.max(0, w.length - length + 1)).map((_, i) => w.slice(i, i + length).join(' ')));
};

describe('bundled corpus (data/corpus/movies.jsonl)', async () => {
  const corpus = await readJsonLines<CorpusMovie>(CORPUS_OUT);

  test('holds at least the 1,000 films of the IMDb top-1000 list', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(1000);
  });

  test('every record is valid', () => {
    const problems = corpus.flatMap((movie) => corpusRecordProblems(movie).map((p) => `${movie.id}: ${p}`));
    expect(problems).toEqual([]);
  });

  test('ids are unique, and so is each title + year', () => {
    expect(new Set(corpus.map((m) => m.id)).size).toBe(corpus.length);
    expect(new Set(corpus.map((m) => `${m.title.toLowerCase()}|${m.year}`)).size).toBe(corpus.length);
  });

  test('original-language titles are kept as aliases of the English one', () => {
    const parasite = corpus.find((m) => m.title === 'Parasite');
    expect(parasite?.aliases).toEqual(['Gisaengchung']);
    expect(corpus.find((m) => m.title === 'Apollo 13')?.year).toBe(1995);
  });

  test('the validator catches bad records', () => {
    const good = corpus[0]!;
    expect(corpusRecordProblems({ ...good, plot: 'Too short.' })).toHaveLength(1);
    expect(corpusRecordProblems({ ...good, year: 1700, id: `x-1700` }).length).toBeGreaterThan(0);
    expect(corpusRecordProblems({ ...good, cast: [] })).toHaveLength(1);
    expect(corpusRecordProblems({ ...good, logline: 'Too short.' })).toHaveLength(1);
    expect(corpusRecordProblems({ ...good, logline: undefined })).toEqual([]);
    expect(corpusRecordProblems({ ...good, knownAs: [] })).toHaveLength(1);
    expect(corpusRecordProblems({ ...good, knownAs: [good.title] })).toHaveLength(1);
    expect(corpusRecordProblems({ ...good, knownAs: ['Another Name'] })).toEqual([]);
  });

  test('every film has a logline, the one its catalog entry gives', async () => {
    const snapshot = await readJsonLines<{ title: string; year: number; plot: string }>(SNAPSHOT_OUT);
    const loglines = new Map(snapshot.map((entry) => [`${entry.title}|${entry.year}`, entry.plot]));
    expect(corpus.filter((movie) => !movie.logline || loglines.get(`${movie.title}|${movie.year}`) !== movie.logline).map((movie) => movie.id)).toEqual([]);
  });

  test.skipIf(!hasSharedData)('no plot or catalog line shares a run of 6 words with the CSV Overview of its film', async () => {
    const overviews = new Map(
      parseCsvRecords(await Bun.file(DEFAULT_CSV).text()).map((row) => [`${row.Series_Title}|${row.Released_Year}`, row.Overview!]),
    );
    const editorial = await readJsonLines<EditorialRecord>(EDITORIAL);
    const shared: string[] = [];
    for (const record of editorial) {
      const overview = runsOf(overviews.get(`${record.source.title}|${record.source.year}`) ?? '');
      expect(overview.size).toBeGreaterThan(0);
      for (const [field, text] of [['plot', record.plot], ['catalog_plot', record.catalog_plot]] as const) {
        const run = [...runsOf(text)].find((r) => overview.has(r));
        if (run) shared.push(`${record.source.title} ${field}: "${run}"`);
      }
    }
    expect(shared).toEqual([]);
  });

  test.skipIf(!hasSharedData)('is what scripts/build-corpus.ts builds from the CSV and editorial file (fresh)', async () => {
    const built = await buildCorpus(DEFAULT_CSV);
    expect(toJsonLines(built.corpus)).toBe(await Bun.file(CORPUS_OUT).text());
    expect(toJsonLines(built.snapshot)).toBe(await Bun.file(SNAPSHOT_OUT).text());
  });
});
