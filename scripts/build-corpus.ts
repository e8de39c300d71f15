#!/usr/bin/env bun
// Builds the bundled corpus (data/corpus/movies.jsonl) and the offline catalog snapshot
// (data/catalog/snapshot.jsonl) from two inputs:
//   - facts (titles, years, genres, runtime, rating, votes, poster) from the public IMDb
//     top-1000 CSV in ../shared/data, with its known quirks fixed;
//   - data/corpus/editorial.jsonl: the team's own text (plots, catalog loglines), the facts
//     the CSV lacks (production countries, original languages) and corrections (English
//     titles, co-directors the CSV lists as stars, a wrong year).
// The output is deterministic: running it twice gives the same bytes.
//
//   bun scripts/build-corpus.ts [--csv PATH] [--check]
//   --check  build in memory and fail if the committed files differ (used by the tests)
import { join } from 'node:path';
import type { CatalogEntry } from '../src/catalog/snapshot.ts';
import { type CorpusMovie, corpusId, readJsonLines } from '../src/search/corpus.ts';
import { parseCsvRecords } from '../src/search/csv.ts';

export interface EditorialRecord {
  /** The CSV row this record belongs to, as the CSV spells it. */
  source: { title: string; year: string };
  /** The English title where the CSV holds the original-language one. */
  english_title: string | null;
  /** Names people call the film by that are no title of it ("Harry Potter 3", "LOTR 2"); facts, not text. */
  known_as?: string[];
  year: number;
  directors: string[];
  cast: string[];
  plot: string;
  countries: string[];
  languages: string[];
  catalog_plot: string;
}

const root = join(import.meta.dir, '..');
export const DEFAULT_CSV = join(root, '..', 'shared', 'data', 'imdb-top-1000', 'imdb_top_1000.csv');
export const EDITORIAL = join(root, 'data', 'corpus', 'editorial.jsonl');
export const CORPUS_OUT = join(root, 'data', 'corpus', 'movies.jsonl');
export const SNAPSHOT_OUT = join(root, 'data', 'catalog', 'snapshot.jsonl');

const list = (text: string) => text.split(',').map((part) => part.trim()).filter(Boolean);
const runtime = (text: string) => (/^(\d+)\s*min$/.exec(text.trim()) ? Number.parseInt(text, 10) : null);
const number = (text: string) => (text.trim() === '' ? null : Number(text.replace(/,/g, '')));
const sourceKey = (title: string, year: string) => `${title}\u0000${year}`;

export interface BuiltData {
  corpus: CorpusMovie[];
  snapshot: CatalogEntry[];
}

export async function buildCorpus(csvPath: string): Promise<BuiltData> {
  const rows = parseCsvRecords(await Bun.file(csvPath).text());
  const editorial = new Map(
    (await readJsonLines<EditorialRecord>(EDITORIAL)).map((record) => [sourceKey(record.source.title, record.source.year), record]),
  );
  const corpus: CorpusMovie[] = [];
  const snapshot: CatalogEntry[] = [];
  rows.forEach((row, index) => {
    const title = row.Series_Title!;
    const text = editorial.get(sourceKey(title, row.Released_Year!));
    if (!text) throw new Error(`no editorial record for "${title}" (${row.Released_Year}): write one in ${EDITORIAL}`);
    const englishTitle = text.english_title ?? title;
    const genres = list(row.Genre!);
    const runtimeMinutes = runtime(row.Runtime!);
    corpus.push({
      id: corpusId(englishTitle, text.year),
      title: englishTitle,
      aliases: englishTitle === title ? [] : [title],
      ...(text.known_as ? { knownAs: text.known_as } : {}),
      year: text.year,
      directors: text.directors,
      genres,
      cast: text.cast,
      runtimeMinutes,
      plot: text.plot,
      logline: text.catalog_plot,
      countries: text.countries,
      languages: text.languages,
      votes: number(row.No_of_Votes!),
    });
    snapshot.push({
      id: `mdc${String(index + 1).padStart(7, '0')}`,
      title: englishTitle,
      originalTitle: title,
      year: text.year,
      rating: number(row.IMDB_Rating!),
      votes: number(row.No_of_Votes!),
      genres,
      directors: text.directors,
      stars: text.cast,
      posterUrl: row.Poster_Link?.startsWith('https://') ? row.Poster_Link : null,
      plot: text.catalog_plot,
      runtimeMinutes,
    });
  });
  return { corpus, snapshot };
}

export const toJsonLines = (records: unknown[]) => records.map((record) => JSON.stringify(record)).join('\n') + '\n';

async function main(argv: string[]) {
  const csvIndex = argv.indexOf('--csv');
  const csvPath = csvIndex >= 0 ? argv[csvIndex + 1]! : DEFAULT_CSV;
  const built = await buildCorpus(csvPath);
  const outputs: Array<[string, string]> = [
    [CORPUS_OUT, toJsonLines(built.corpus)],
    [SNAPSHOT_OUT, toJsonLines(built.snapshot)],
  ];
  if (argv.includes('--check')) {
    const stale = [];
    for (const [path, text] of outputs) if ((await Bun.file(path).text().catch(() => '')) !== text) stale.push(path);
    if (stale.length > 0) {
      console.error(`out of date: ${stale.join(', ')}; run bun scripts/build-corpus.ts`);
      process.exit(1);
    }
    console.log('corpus and catalog snapshot are up to date');
    return;
  }
  for (const [path, text] of outputs) await Bun.write(path, text);
  console.log(`wrote ${built.corpus.length} films to ${CORPUS_OUT} and ${built.snapshot.length} entries to ${SNAPSHOT_OUT}`);
}

if (import.meta.main) await main(process.argv.slice(2));
