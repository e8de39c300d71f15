// The benchmarks' own indexes, cached under $TMPDIR/movie-discovery-bench/ and shared between
// them (bench/retrieval-quality.ts, bench/search-scale.ts; bench/startup.ts and bench/binary.ts
// start the service on the 35k one): built with the service's ingest when missing or stale.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SearchSettings } from '../src/config.ts';
import type { Embedder } from '../src/search/embedder.ts';
import { allThreads, ingestCorpus } from '../src/search/ingest.ts';
import { followsAnotherCorpus, indexStaleReason, withIngestEmbedder } from '../src/search/open-search.ts';

export const BENCH_DIR = join(tmpdir(), 'movie-discovery-bench');
/** The 35k-film corpus (scripts/large-corpus.ts) and its index. */
export const LARGE_CORPUS_FILE = join(BENCH_DIR, '35k.jsonl');
export const LARGE_INDEX_DIR = join(BENCH_DIR, '35k');

export interface BenchIndex {
  /** True when this call ingested the corpus. */
  built: boolean;
  /** "34873 films, 90251 passages in 335.8 s: 104 films/s", from this build or the cached one's. */
  ingest: string | null;
}

/** The index of `corpusFile` in `dir`, built when missing or stale, or always with `force`. */
export async function ensureBenchIndex(settings: SearchSettings, embedder: Embedder, corpusFile: string, dir: string, force = false): Promise<BenchIndex> {
  const reportFile = join(dir, 'ingest-report.json');
  if (!force && (await indexStaleReason(dir, 'movies', corpusFile, embedder)) === null) {
    return { built: false, ingest: existsSync(reportFile) ? readFileSync(reportFile, 'utf8').trim() : null };
  }
  mkdirSync(dir, { recursive: true });
  const report = await withIngestEmbedder(settings, (ingester) =>
    ingestCorpus({ corpusPath: corpusFile, outDir: dir, name: 'movies', embedder: ingester, graphThreads: allThreads(), follow: followsAnotherCorpus(corpusFile, settings) }),
  );
  const ingest = `${report.indexed} films, ${report.passages} passages in ${report.seconds.toFixed(1)} s: ${(report.indexed / report.seconds).toFixed(0)} films/s`;
  writeFileSync(reportFile, ingest);
  return { built: true, ingest };
}
