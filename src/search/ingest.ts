// Builds an index from a corpus file: read (reporting bad rows), cut plots into passages, embed
// them in batches with progress, write every index file. Deterministic with one graph thread:
// the same file and model give the same index.
import { createHash } from 'node:crypto';
import { createReadStream, mkdirSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { storyTexts } from './corpus.ts';
import { readCorpusFile, type RowProblem } from './corpus-formats.ts';
import type { Embedder } from './embedder.ts';
import { DEFAULT_QUANTIZATION, INDEX_FORMAT, writeIndex } from './movie-index.ts';
import type { Quantization } from './passage-index.ts';
import { passagesOf } from './passages.ts';
import { whyUnreadable } from '../text.ts';

/**
 * Recorded in the manifest: how plots became passages and terms. A change to passages.ts,
 * tokens.ts or film-fields.ts must change it, so existing indexes are rebuilt.
 */
export const PASSAGE_TEXT = 'logline-and-plot-passages-v2, terms-v7';

export interface IngestOptions {
  corpusPath: string;
  outDir: string;
  name: string;
  embedder: Embedder;
  /** Passages per model call; 16 by default (DEFAULT_EMBEDDING_BATCH). */
  batchSize?: number;
  quantization?: Quantization;
  /** Threads for the HNSW graph; 1 (the default) makes the index byte-for-byte reproducible. */
  graphThreads?: number;
  /** Called after every batch with passages embedded so far and the total. */
  onProgress?: (done: number, total: number) => void;
  /** Record the corpus file in the manifest, for the index to follow it (IndexManifest.corpusFile). */
  follow?: boolean;
}

export interface IngestReport {
  format: string;
  indexed: number;
  passages: number;
  problems: RowProblem[];
  seconds: number;
}

/** Size and modification time: unchanged, the file is taken as the one hashed (as make does). */
export const fileStamp = (path: string) => {
  const { size, mtimeMs } = statSync(path);
  return `${size}:${Math.floor(mtimeMs)}`;
};

/** Streamed: the corpus may be tens of megabytes (210 ms to hash at 35k films). */
export async function fileSha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Passages embedded per model call. Larger batches are slower (64 against 16: 244-255 against
 * 325-353 passages/s in the server's session, bench/embedding.ts --batch): their activations
 * outgrow the CPU's caches. 16 against 32 is close, at most 15 % apart either way.
 */
export const DEFAULT_EMBEDDING_BATCH = 16;

export const allThreads = () => Math.max(1, availableParallelism());

/** A corpus file that gives no film (missing, unreadable, or without a valid row): the index is left as it was. */
export class CorpusError extends Error {
  constructor(
    message: string,
    readonly problems: RowProblem[] = [],
  ) {
    super(`${message}: the index was left as it was`);
  }
}

async function readCorpus(path: string) {
  try {
    return await readCorpusFile(path);
  } catch (error) {
    throw new CorpusError(`cannot read the corpus file ${path} (${whyUnreadable(error)})`);
  }
}

export async function ingestCorpus(options: IngestOptions): Promise<IngestReport> {
  const started = performance.now();
  const { format, movies, problems } = await readCorpus(options.corpusPath);
  // An empty index would serve nothing: a wrong or broken file must not replace a working one.
  if (movies.length === 0) {
    throw new CorpusError(`no film could be read from ${options.corpusPath} (${problems.length} ${problems.length === 1 ? 'row' : 'rows'} skipped)`, problems);
  }
  const texts: string[] = [];
  const films: number[] = [];
  movies.forEach((movie, key) => {
    for (const passage of storyTexts(movie).flatMap(passagesOf)) {
      texts.push(passage);
      films.push(key);
    }
  });
  const vectors = await embedByLength(options.embedder, texts, options.batchSize ?? DEFAULT_EMBEDDING_BATCH, options.onProgress);
  mkdirSync(options.outDir, { recursive: true });
  writeIndex(
    options.outDir,
    options.name,
    {
      format: INDEX_FORMAT,
      modelId: options.embedder.modelId,
      dimensions: options.embedder.dimensions,
      count: movies.length,
      passages: texts.length,
      documentText: PASSAGE_TEXT,
      corpusStamp: fileStamp(options.corpusPath),
      corpusSha256: await fileSha256(options.corpusPath),
      ...(options.follow ? { corpusFile: resolve(options.corpusPath) } : {}),
      metric: 'cos',
      quantization: options.quantization ?? DEFAULT_QUANTIZATION,
    },
    { movies, passageVectors: vectors, filmOfPassage: Uint32Array.from(films), graphThreads: options.graphThreads },
  );
  return { format, indexed: movies.length, passages: texts.length, problems, seconds: (performance.now() - started) / 1000 };
}

/**
 * Embeds texts in batches of similar length: a batch is padded to its longest text, so
 * sorting by length first more than doubles throughput. Vectors come back in input order.
 */
async function embedByLength(embedder: Embedder, texts: string[], batchSize: number, onProgress?: (done: number, total: number) => void) {
  const order = texts.map((_, i) => i).sort((a, b) => texts[a]!.length - texts[b]!.length || a - b);
  const vectors = new Array<Float32Array>(texts.length);
  onProgress?.(0, texts.length);
  for (let start = 0; start < order.length; start += batchSize) {
    const batch = order.slice(start, start + batchSize);
    const embedded = await embedder.embedDocuments(batch.map((i) => texts[i]!));
    batch.forEach((i, j) => (vectors[i] = embedded[j]!));
    onProgress?.(Math.min(start + batchSize, order.length), texts.length);
  }
  return vectors;
}
