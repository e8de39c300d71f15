// Builds an index from a corpus file: read (reporting bad rows), embed in batches with
// progress, write the index files. Deterministic: the same file and model give the same index.
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readCorpusFile, type RowProblem } from './corpus-formats.ts';
import { type DocumentTextVariant, documentText } from './document-text.ts';
import type { Embedder } from './embedder.ts';
import { DEFAULT_QUANTIZATION, INDEX_FORMAT, type IndexManifest, writeIndex } from './movie-index.ts';

export interface IngestOptions {
  corpusPath: string;
  outDir: string;
  name: string;
  embedder: Embedder;
  documentText: DocumentTextVariant;
  batchSize?: number;
  quantization?: IndexManifest['quantization'];
  /** Called after every batch with films embedded so far and the total. */
  onProgress?: (done: number, total: number) => void;
}

export interface IngestReport {
  format: string;
  indexed: number;
  problems: RowProblem[];
  seconds: number;
}

export async function fileSha256(path: string): Promise<string> {
  return createHash('sha256').update(new Uint8Array(await Bun.file(path).arrayBuffer())).digest('hex');
}

export async function ingestCorpus(options: IngestOptions): Promise<IngestReport> {
  const started = performance.now();
  const { format, movies, problems } = await readCorpusFile(options.corpusPath);
  const toText = documentText[options.documentText];
  const batchSize = options.batchSize ?? 16;
  const vectors: Float32Array[] = [];
  options.onProgress?.(0, movies.length);
  for (let start = 0; start < movies.length; start += batchSize) {
    const batch = movies.slice(start, start + batchSize);
    vectors.push(...(await options.embedder.embedDocuments(batch.map(toText))));
    options.onProgress?.(vectors.length, movies.length);
  }
  mkdirSync(options.outDir, { recursive: true });
  writeIndex(
    options.outDir,
    options.name,
    {
      format: INDEX_FORMAT,
      modelId: options.embedder.modelId,
      dimensions: options.embedder.dimensions,
      count: movies.length,
      documentText: options.documentText,
      corpusSha256: await fileSha256(options.corpusPath),
      metric: 'cos',
      quantization: options.quantization ?? DEFAULT_QUANTIZATION,
    },
    movies,
    vectors,
  );
  return { format, indexed: movies.length, problems, seconds: (performance.now() - started) / 1000 };
}
