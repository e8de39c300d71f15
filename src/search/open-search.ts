// Loads the embedding model, the ranker and the index, building the index first when it is
// missing or stale (another model or format, or a corpus file that changed since it was built).
// The corpus an index follows is CORPUS_FILE when set; otherwise the file `ingest FILE` built
// it from, so that a start after `ingest FILE` serves FILE's films instead of rebuilding the
// index from the bundled corpus; otherwise the bundled corpus.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { SearchSettings } from '../config.ts';
import type { Logger } from '../log.ts';
import { defaultModelDir, type Embedder, ensureDefaultModel, loadEmbedder } from './embedder.ts';
import { fileSha256, fileStamp, ingestCorpus, PASSAGE_TEXT } from './ingest.ts';
import { INDEX_FORMAT, type IndexManifest, MovieIndex, readManifest, writeManifest } from './movie-index.ts';
import { MovieSearch } from './movie-search.ts';
import { Scorer } from './scorer.ts';
import { startThreadedEmbedder } from './threaded-embedder.ts';

/**
 * The embedding model, its session tuned for answering queries (on a thread of its own,
 * threaded-embedder.ts) or for ingesting a corpus (in process: it has every core to itself).
 */
export async function openEmbedder(settings: SearchSettings, purpose: 'queries' | 'ingest' = 'queries'): Promise<Embedder> {
  if (settings.embeddingModel === null) ensureDefaultModel();
  const model = {
    path: settings.embeddingModel ?? defaultModelDir(),
    queryPrefix: settings.queryPrefix,
    documentPrefix: settings.documentPrefix,
    pooling: settings.pooling,
    threads: settings.threads,
    purpose,
  };
  return purpose === 'queries' ? startThreadedEmbedder(model) : loadEmbedder(model);
}

/** Runs `work` with an ingest session of the model, freed afterwards (its arena is large). */
export async function withIngestEmbedder<T>(settings: SearchSettings, work: (embedder: Embedder) => Promise<T>): Promise<T> {
  const embedder = await openEmbedder(settings, 'ingest');
  try {
    return await work(embedder);
  } finally {
    await embedder.dispose();
  }
}

/** The corpus file the configured index follows (see the top of this file). */
export function followedCorpus(settings: SearchSettings): { path: string; ingested: boolean } {
  const ingested = settings.corpusFileSet ? undefined : readManifest(settings.indexDir, settings.indexName)?.corpusFile;
  return ingested ? { path: ingested, ingested: true } : { path: settings.corpusFile, ingested: false };
}

/** Whether an index built from `corpusPath` should follow it: a file other than the configured corpus. */
export const followsAnotherCorpus = (corpusPath: string, settings: SearchSettings) => resolve(corpusPath) !== resolve(settings.corpusFile);

/** Why an index must be (re)built, or null when it is fresh (the benchmarks keep theirs apart). */
export async function indexStaleReason(dir: string, name: string, corpusFile: string, embedder: Embedder): Promise<string | null> {
  const manifest = readManifest(dir, name);
  if (!manifest) return 'no index yet';
  if (manifest.format !== INDEX_FORMAT || manifest.documentText !== PASSAGE_TEXT) return `the index format changed (${manifest.format}, ${manifest.documentText})`;
  if (manifest.modelId !== embedder.modelId) return `built with ${manifest.modelId}, the model is now ${embedder.modelId}`;
  if (!existsSync(corpusFile)) return null; // nothing to compare with: use what is there
  const corpusStamp = fileStamp(corpusFile);
  if (manifest.corpusStamp === corpusStamp) return null;
  if (manifest.corpusSha256 !== (await fileSha256(corpusFile))) return `${corpusFile} changed since the index was built`;
  rememberCorpusStamp(dir, name, { ...manifest, corpusStamp });
  return null;
}

/**
 * The corpus was touched, copied or checked out again but holds the same films: its new stamp
 * goes into the manifest, so the next start does not read the whole file again. Best effort:
 * an index on a read-only volume is simply hashed at every start.
 */
function rememberCorpusStamp(dir: string, name: string, manifest: IndexManifest): void {
  try {
    writeManifest(dir, name, manifest);
  } catch {
    // read-only: nothing lost but the time of one hash
  }
}

export async function openMovieSearch(settings: SearchSettings, log: Logger, embedder?: Embedder): Promise<MovieSearch> {
  const model = embedder ?? (await openEmbedder(settings));
  const corpus = followedCorpus(settings);
  const reason = await indexStaleReason(settings.indexDir, settings.indexName, corpus.path, model);
  if (reason) {
    log.info('building the search index', { reason, corpus: corpus.path });
    const report = await withIngestEmbedder(settings, (ingester) =>
      ingestCorpus({ corpusPath: corpus.path, outDir: settings.indexDir, name: settings.indexName, embedder: ingester, follow: corpus.ingested }),
    );
    log.info('search index built', { films: report.indexed, skipped: report.problems.length, seconds: Math.round(report.seconds) });
  }
  return new MovieSearch(model, MovieIndex.open(settings.indexDir, settings.indexName, model), loadScorer(settings));
}

/** The configured ranker: its file, with the abstain threshold of the settings when one is set. */
export function loadScorer(settings: SearchSettings): Scorer {
  return Scorer.load(settings.rankerFile, settings.abstainBelow === null ? {} : { abstainBelow: settings.abstainBelow });
}
