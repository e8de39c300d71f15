#!/usr/bin/env bun
// The 35k-film corpus of the scale benchmarks and of ranker training: the bundled corpus
// (data/corpus/movies.jsonl) first, then every film of the shared wikipedia-movie-data set
// that has a plot and is not already in it (same normalised title, or other name, and year), in
// the project's JSONL format, so the service and the BM25 baseline read the same file.
//
//   bun scripts/large-corpus.ts [OUT]     (default: $TMPDIR/movie-discovery-35k.jsonl)
import { existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { normaliseTitle } from '../src/catalog/matching.ts';
import { type CorpusMovie, corpusId, namesOf, readJsonLines } from '../src/search/corpus.ts';
import { readCorpusFile } from '../src/search/corpus-formats.ts';

const root = join(import.meta.dir, '..');
export const WIKIPEDIA_DIR = join(root, '..', 'shared', 'data', 'wikipedia-movie-data');
export const BUNDLED_CORPUS = join(root, 'data', 'corpus', 'movies.jsonl');
export const DEFAULT_LARGE_CORPUS = join(tmpdir(), 'movie-discovery-35k.jsonl');

const identity = (title: string, year: number) => `${normaliseTitle(title)}|${year}`;

export interface LargeCorpus {
  path: string;
  bundled: number;
  added: number;
}

/** Writes the merged corpus to `out` (the same bytes every time, so an index of it stays fresh). */
export async function buildLargeCorpus(out = DEFAULT_LARGE_CORPUS): Promise<LargeCorpus> {
  const bundled = await readJsonLines<CorpusMovie>(BUNDLED_CORPUS);
  const seen = new Set(bundled.flatMap((movie) => namesOf(movie).map((title) => identity(title, movie.year))));
  const ids = new Set(bundled.map((movie) => movie.id));
  const added: CorpusMovie[] = [];
  const files = readdirSync(WIKIPEDIA_DIR).filter((name) => /^movies-\d{4}s\.json$/.test(name)).sort();
  for (const name of files) {
    const { movies } = await readCorpusFile(join(WIKIPEDIA_DIR, name));
    for (const movie of movies) {
      const key = identity(movie.title, movie.year);
      if (seen.has(key)) continue;
      seen.add(key);
      const base = corpusId(movie.title, movie.year);
      let id = base;
      for (let n = 2; ids.has(id); n++) id = `${base}-${n}`;
      ids.add(id);
      added.push({ ...movie, id });
    }
  }
  const text = [...bundled, ...added].map((movie) => JSON.stringify(movie)).join('\n') + '\n';
  // Rewritten only when it changed: a new modification time makes the next start of the
  // service hash the whole file to learn that its index is still fresh (about 130 ms).
  if (!existsSync(out) || (await Bun.file(out).text()) !== text) await Bun.write(out, text);
  return { path: out, bundled: bundled.length, added: added.length };
}

if (import.meta.main) {
  const out = process.argv[2] ?? DEFAULT_LARGE_CORPUS;
  if (!existsSync(WIKIPEDIA_DIR)) throw new Error(`no wikipedia-movie-data at ${WIKIPEDIA_DIR}`);
  const built = await buildLargeCorpus(out);
  console.error(`wrote ${built.path}: ${built.bundled} bundled + ${built.added} Wikipedia films = ${built.bundled + built.added}`);
}
