// The searchable index of a corpus, as files in one directory, every one of them built at
// ingest and opened memory-mapped, so start-up does not grow with the corpus and the first
// search is the same search as the thousandth:
//   <name>.manifest.json   model, dimensions, counts, corpus checksum: refuses a mismatch
//   <name>.docs.jsonl      the corpus records in key order
//   <name>.offsets.bin     where each record starts in docs.jsonl (n + 1 little-endian u64)
//   <name>.passages.usearch  HNSW graph over the plot passages' vectors (USearch)
//   <name>.passages.bin    the passages' vectors (8-bit) and which film each belongs to
//   <name>.lexical.bin     the fielded lexical index (BM25F)
//   <name>.films.bin       per-film facts for ranking (year, votes, genres, origins)
// A new index is written beside the old one and renamed into place: a server that has the old
// one open keeps reading the files it mapped until it restarts.
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CorpusMovie } from './corpus.ts';
import { filmFields } from './film-fields.ts';
import { FilmTable, writeFilmTable } from './film-table.ts';
import { LexicalIndex, writeLexicalIndex } from './lexical-index.ts';
import { PassageIndex, type Quantization, writePassageIndex } from './passage-index.ts';

export const INDEX_FORMAT = 2;

export interface IndexManifest {
  format: number;
  modelId: string;
  dimensions: number;
  /** Films. */
  count: number;
  passages: number;
  /** How plots were cut into the passages that were embedded. */
  documentText: string;
  /** sha256 of the corpus file the index was built from. */
  corpusSha256: string;
  /** The corpus file's size and modification time when it was hashed: while both hold, start-up skips the hash. */
  corpusStamp?: string;
  /**
   * The corpus file, when `ingest FILE` built the index from another file than the configured
   * corpus: while CORPUS_FILE is unset, the index follows this file (open-search.ts).
   */
  corpusFile?: string;
  metric: 'cos';
  quantization: Quantization;
}

export class IndexMismatchError extends Error {}

export const indexFiles = (dir: string, name: string) => ({
  manifest: join(dir, `${name}.manifest.json`),
  docs: join(dir, `${name}.docs.jsonl`),
  offsets: join(dir, `${name}.offsets.bin`),
  graph: join(dir, `${name}.passages.usearch`),
  vectors: join(dir, `${name}.passages.bin`),
  lexical: join(dir, `${name}.lexical.bin`),
  films: join(dir, `${name}.films.bin`),
});

export const DEFAULT_QUANTIZATION: Quantization = 'f16';

export function readManifest(dir: string, name: string): IndexManifest | null {
  const path = indexFiles(dir, name).manifest;
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as IndexManifest) : null;
}

/** Rewrites the manifest alone (the rest of the index stays as it is), whole or not at all. */
export function writeManifest(dir: string, name: string, manifest: IndexManifest): void {
  const path = indexFiles(dir, name).manifest;
  const partial = partialPath(path);
  writeFileSync(partial, `${JSON.stringify(manifest, null, 2)}\n`);
  renameSync(partial, path);
}

/** Where a file is written before it is renamed into place (unique: two writers never share one). */
const partialPath = (path: string) => `${path}.partial-${process.pid}-${crypto.randomUUID().slice(0, 8)}`;

export interface IndexContents {
  movies: CorpusMovie[];
  /** Unit-length vectors of every passage, films' passages contiguous and in key order. */
  passageVectors: Float32Array[];
  /** The film (key) of each passage. */
  filmOfPassage: Uint32Array;
  /** Threads for the HNSW graph (1: the same bytes on every run). */
  graphThreads?: number;
}

/**
 * Writes every file of an index. Each is written beside its place and renamed into it once all
 * are written, so a crash while writing leaves the old index whole, and a server reading the
 * old files (memory-mapped: rewriting them in place crashed it) keeps them. The old manifest
 * goes before the renames and the new one comes last: no mix of the two ever looks whole.
 */
export function writeIndex(dir: string, name: string, manifest: IndexManifest, contents: IndexContents): void {
  const { manifest: manifestPath, ...finalPaths } = indexFiles(dir, name);
  const paths = Object.fromEntries(Object.entries(finalPaths).map(([file, path]) => [file, partialPath(path)])) as typeof finalPaths;
  try {
    const { movies, passageVectors, filmOfPassage } = contents;
    writePassageIndex(paths, passageVectors, filmOfPassage, movies.length, {
      dimensions: manifest.dimensions,
      quantization: manifest.quantization,
      threads: contents.graphThreads ?? 1,
    });
    writeLexicalIndex(paths.lexical, movies.map(filmFields));
    writeFilmTable(paths.films, movies);
    const lines = movies.map((movie) => Buffer.from(`${JSON.stringify(movie)}\n`));
    const offsets = new BigUint64Array(lines.length + 1);
    lines.forEach((line, i) => (offsets[i + 1] = offsets[i]! + BigInt(line.length)));
    writeFileSync(paths.docs, Buffer.concat(lines));
    writeFileSync(paths.offsets, new Uint8Array(offsets.buffer));
    rmSync(manifestPath, { force: true });
    for (const file of Object.keys(finalPaths) as Array<keyof typeof finalPaths>) renameSync(paths[file], finalPaths[file]);
    writeManifest(dir, name, manifest);
  } finally {
    for (const path of Object.values(paths)) rmSync(path, { force: true });
  }
}

/** A read-only index opened from disk. */
export class MovieIndex {
  private readonly decoder = new TextDecoder();

  private constructor(
    readonly manifest: IndexManifest,
    readonly passages: PassageIndex,
    readonly lexical: LexicalIndex,
    readonly films: FilmTable,
    private readonly docs: Uint8Array,
    private readonly offsets: BigUint64Array,
  ) {}

  /** Opens the index memory-mapped; refuses one of another format or built by another model. */
  static open(dir: string, name: string, expectedModel?: { modelId: string; dimensions: number }): MovieIndex {
    const paths = indexFiles(dir, name);
    const manifest = readManifest(dir, name);
    if (!manifest) throw new IndexMismatchError(`no index "${name}" in ${dir}: run the ingest command`);
    if (manifest.format !== INDEX_FORMAT) throw new IndexMismatchError(`index ${paths.manifest} has format ${manifest.format}, expected ${INDEX_FORMAT}: rebuild it`);
    if (expectedModel && (manifest.modelId !== expectedModel.modelId || manifest.dimensions !== expectedModel.dimensions)) {
      throw new IndexMismatchError(
        `index ${paths.manifest} was built with ${manifest.modelId} (${manifest.dimensions} dimensions), ` +
          `but the embedding model is ${expectedModel.modelId} (${expectedModel.dimensions}): rebuild the index with this model`,
      );
    }
    // mmap refuses empty files; an empty index has no records to map.
    const docs = manifest.count > 0 ? Bun.mmap(paths.docs, { shared: false }) : new Uint8Array(0);
    const offsetBytes = Bun.mmap(paths.offsets, { shared: false }); // n + 1 entries: never empty
    const offsets = new BigUint64Array(offsetBytes.buffer, offsetBytes.byteOffset, offsetBytes.byteLength / 8);
    return new MovieIndex(
      manifest,
      PassageIndex.open(paths, manifest.quantization),
      LexicalIndex.open(paths.lexical),
      FilmTable.open(paths.films),
      docs,
      offsets,
    );
  }

  get size(): number {
    return this.manifest.count;
  }

  /** The record stored under `key`. */
  movie(key: number): CorpusMovie {
    const start = Number(this.offsets[key]!);
    const end = Number(this.offsets[key + 1]!);
    return JSON.parse(this.decoder.decode(this.docs.subarray(start, end))) as CorpusMovie;
  }
}
