// The searchable index of a corpus, as files in one directory:
//   <name>.usearch        HNSW graph and vectors (USearch), keys 0..n-1, opened memory-mapped
//   <name>.vectors.f32    the raw vectors, for exact search and benchmarks
//   <name>.docs.jsonl     the corpus records in key order
//   <name>.offsets.bin    where each record starts in docs.jsonl (n + 1 little-endian u64)
//   <name>.manifest.json  model, dimensions, count, corpus checksum: refuses a mismatch
// Opening maps the files instead of reading them, so start-up does not grow with the corpus.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Index, MetricKind, ScalarKind } from 'usearch';
import type { CorpusMovie } from './corpus.ts';

export const INDEX_FORMAT = 1;

export interface IndexManifest {
  format: number;
  modelId: string;
  dimensions: number;
  count: number;
  /** How each record was turned into the text that was embedded. */
  documentText: string;
  /** sha256 of the corpus file the index was built from. */
  corpusSha256: string;
  metric: 'cos';
  quantization: 'f32' | 'f16' | 'i8';
}

export interface IndexHit {
  key: number;
  /** Cosine similarity, clamped to [0, 1]. */
  similarity: number;
}

export class IndexMismatchError extends Error {}

const files = (dir: string, name: string) => ({
  index: join(dir, `${name}.usearch`),
  vectors: join(dir, `${name}.vectors.f32`),
  docs: join(dir, `${name}.docs.jsonl`),
  offsets: join(dir, `${name}.offsets.bin`),
  manifest: join(dir, `${name}.manifest.json`),
});

/** USearch's cosine distance is 1 - cos; negative similarity means unrelated: 0. */
const similarityOf = (distance: number) => Math.min(1, Math.max(0, 1 - distance));

/**
 * HNSW settings, measured on 34.5k films with text queries (bench/search-scale.ts): half-
 * precision vectors, 48 links per node and 256-wide beams reach recall@10 0.98 against exact
 * search while staying about 10x faster. (Narrower beams are faster but text queries, which
 * sit far from any film, lose recall quickly; i8 vectors lose too much.)
 */
const HNSW = { connectivity: 48, expansionAdd: 256, expansionSearch: 256 };
export const DEFAULT_QUANTIZATION: IndexManifest['quantization'] = 'f16';

export function readManifest(dir: string, name: string): IndexManifest | null {
  const path = files(dir, name).manifest;
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as IndexManifest) : null;
}

/** Writes every file of an index. Vectors are unit length; keys are their positions. */
export function writeIndex(dir: string, name: string, manifest: IndexManifest, movies: CorpusMovie[], vectors: Float32Array[]): void {
  const paths = files(dir, name);
  writeGraph(paths.index, manifest, vectors);

  const flat = new Float32Array(vectors.length * manifest.dimensions);
  vectors.forEach((vector, i) => flat.set(vector, i * manifest.dimensions));
  writeFileSync(paths.vectors, new Uint8Array(flat.buffer));

  const lines = movies.map((movie) => Buffer.from(`${JSON.stringify(movie)}\n`));
  const offsets = new BigUint64Array(lines.length + 1);
  lines.forEach((line, i) => (offsets[i + 1] = offsets[i]! + BigInt(line.length)));
  writeFileSync(paths.docs, Buffer.concat(lines));
  writeFileSync(paths.offsets, new Uint8Array(offsets.buffer));
  writeFileSync(paths.manifest, `${JSON.stringify(manifest, null, 2)}\n`);
}

function writeGraph(path: string, manifest: IndexManifest, vectors: Float32Array[]): void {
  const index = createUsearch(manifest.dimensions, manifest.quantization);
  if (vectors.length > 0) {
    const keys = BigUint64Array.from(vectors.map((_, i) => BigInt(i)));
    // One thread: the graph, and so the file, is the same on every run.
    index.add(keys, vectors, 1);
  }
  index.save(path);
}

/** Rebuilds the HNSW graph of an existing index from its stored vectors (no re-embedding). */
export function rebuildGraph(dir: string, name: string, quantization?: IndexManifest['quantization']): void {
  const stored = readManifest(dir, name);
  if (!stored) throw new IndexMismatchError(`no index "${name}" in ${dir}`);
  const manifest = { ...stored, quantization: quantization ?? stored.quantization };
  const paths = files(dir, name);
  writeFileSync(paths.manifest, `${JSON.stringify(manifest, null, 2)}\n`);
  const bytes = readFileSync(paths.vectors);
  const all = new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
  const vectors = Array.from({ length: manifest.count }, (_, i) => all.subarray(i * manifest.dimensions, (i + 1) * manifest.dimensions));
  writeGraph(paths.index, manifest, vectors);
}

function createUsearch(dimensions: number, quantization: IndexManifest['quantization']): Index {
  const scalar = { f32: ScalarKind.F32, f16: ScalarKind.F16, i8: ScalarKind.I8 }[quantization];
  return new Index({
    dimensions,
    metric: MetricKind.Cos,
    quantization: scalar,
    connectivity: HNSW.connectivity,
    expansion_add: HNSW.expansionAdd,
    expansion_search: HNSW.expansionSearch,
    multi: false,
  });
}

/** A read-only index opened from disk. */
export class MovieIndex {
  private constructor(
    readonly manifest: IndexManifest,
    private readonly ann: Index,
    private readonly docs: Uint8Array,
    private readonly offsets: BigUint64Array,
    private readonly vectors: Float32Array,
  ) {}

  /** Opens the index memory-mapped; refuses one built by another model. */
  static open(dir: string, name: string, expectedModel?: { modelId: string; dimensions: number }): MovieIndex {
    const paths = files(dir, name);
    const manifest = readManifest(dir, name);
    if (!manifest) throw new IndexMismatchError(`no index "${name}" in ${dir}: run the ingest command`);
    if (manifest.format !== INDEX_FORMAT) throw new IndexMismatchError(`index ${paths.manifest} has format ${manifest.format}, expected ${INDEX_FORMAT}: rebuild it`);
    if (expectedModel && (manifest.modelId !== expectedModel.modelId || manifest.dimensions !== expectedModel.dimensions)) {
      throw new IndexMismatchError(
        `index ${paths.manifest} was built with ${manifest.modelId} (${manifest.dimensions} dimensions), ` +
          `but the embedding model is ${expectedModel.modelId} (${expectedModel.dimensions}): rebuild the index with this model`,
      );
    }
    const ann = createUsearch(manifest.dimensions, manifest.quantization);
    if (manifest.count > 0) ann.view(paths.index);
    // mmap refuses empty files; an empty index has nothing to map.
    const docs = manifest.count > 0 ? Bun.mmap(paths.docs) : new Uint8Array(0);
    const offsetBytes = readFileSync(paths.offsets);
    const offsets = new BigUint64Array(offsetBytes.buffer, offsetBytes.byteOffset, offsetBytes.byteLength / 8);
    const vectorBytes = manifest.count > 0 ? Bun.mmap(paths.vectors) : new Uint8Array(0);
    const vectors = new Float32Array(vectorBytes.buffer, vectorBytes.byteOffset, vectorBytes.byteLength / 4);
    return new MovieIndex(manifest, ann, docs, offsets, vectors);
  }

  get size(): number {
    return this.manifest.count;
  }

  /** Approximate nearest neighbours (HNSW). */
  search(query: Float32Array, k: number): IndexHit[] {
    if (this.size === 0 || k <= 0) return [];
    const matches = this.ann.search(query, Math.min(k, this.size), 1);
    return Array.from(matches.keys, (key, i) => ({ key: Number(key), similarity: similarityOf(matches.distances[i]!) }));
  }

  /** The record stored under `key`. */
  movie(key: number): CorpusMovie {
    const start = Number(this.offsets[key]!);
    const end = Number(this.offsets[key + 1]!);
    return JSON.parse(new TextDecoder().decode(this.docs.subarray(start, end))) as CorpusMovie;
  }

  /** Cosine similarity of a unit-length query with the film under `key`, clamped to [0, 1]. */
  similarity(query: Float32Array, key: number): number {
    const width = this.manifest.dimensions;
    let dot = 0;
    for (let d = 0, offset = key * width; d < width; d++) dot += query[d]! * this.vectors[offset + d]!;
    return Math.min(1, Math.max(0, dot));
  }

  /** All raw vectors, row after row (memory-mapped; for exact search and benchmarks). */
  allVectors(): Float32Array {
    return this.vectors;
  }

}
