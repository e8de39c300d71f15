// The dense half of the index: one vector per plot passage. An HNSW graph (USearch, memory-
// mapped) finds the passages nearest a description; the same vectors, stored as 8-bit
// integers beside it, score every passage of any candidate film, however it was found.
import { Index, MetricKind, ScalarKind } from 'usearch';
import { BinaryFile, writeBinaryFile } from './binary-file.ts';

export type Quantization = 'f32' | 'f16' | 'i8';

/**
 * HNSW settings, measured at 35k films (90k passages, bench/search-scale.ts): half-precision
 * vectors, 32 links per node and 128-wide beams give recall@10 0.967 against exact search at
 * about a fortieth of its time; the ranker re-scores every passage of every short-listed
 * film exactly, so a passage the graph misses costs little.
 */
export const HNSW = { connectivity: 32, expansionAdd: 128, expansionSearch: 128 };

interface PassageMeta {
  dimensions: number;
  passages: number;
  films: number;
}

export interface PassageHit {
  passage: number;
  film: number;
  similarity: number;
}

/** USearch's cosine distance is 1 - cos. */
const similarityOf = (distance: number) => 1 - distance;

function createUsearch(dimensions: number, quantization: Quantization): Index {
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

/**
 * Writes the graph and the quantised vectors. `filmOfPassage` must be non-decreasing (a
 * film's passages are contiguous). `threads` above 1 builds the graph faster, but then the
 * graph (not the results' quality) differs from run to run.
 */
export function writePassageIndex(
  paths: { graph: string; vectors: string },
  vectors: Float32Array[],
  filmOfPassage: Uint32Array,
  films: number,
  options: { dimensions: number; quantization: Quantization; threads: number },
): void {
  const index = createUsearch(options.dimensions, options.quantization);
  if (vectors.length > 0) index.add(BigUint64Array.from(vectors.map((_, i) => BigInt(i))), vectors, options.threads);
  index.save(paths.graph);

  const quantised = new Int8Array(vectors.length * options.dimensions);
  const scales = new Float32Array(vectors.length);
  vectors.forEach((vector, p) => {
    let max = 0;
    for (const v of vector) max = Math.max(max, Math.abs(v));
    const scale = max > 0 ? 127 / max : 1;
    scales[p] = 1 / scale;
    for (let d = 0; d < options.dimensions; d++) quantised[p * options.dimensions + d] = Math.round(vector[d]! * scale);
  });
  const filmStart = new Uint32Array(films + 1);
  for (const film of filmOfPassage) filmStart[film + 1]!++;
  for (let f = 0; f < films; f++) filmStart[f + 1]! += filmStart[f]!;
  const meta: PassageMeta = { dimensions: options.dimensions, passages: vectors.length, films };
  writeBinaryFile(paths.vectors, meta, { vectors: quantised, scales, filmOfPassage, filmStart });
}

export class PassageIndex {
  private constructor(
    private readonly ann: Index,
    readonly dimensions: number,
    readonly size: number,
    private readonly vectors: Int8Array,
    private readonly scales: Float32Array,
    private readonly filmOfPassage: Uint32Array,
    private readonly filmStart: Uint32Array,
  ) {}

  static open(paths: { graph: string; vectors: string }, quantization: Quantization): PassageIndex {
    const file = BinaryFile.open<PassageMeta>(paths.vectors);
    const ann = createUsearch(file.meta.dimensions, quantization);
    if (file.meta.passages > 0) ann.view(paths.graph);
    return new PassageIndex(
      ann,
      file.meta.dimensions,
      file.meta.passages,
      file.section('vectors', Int8Array),
      file.section('scales', Float32Array),
      file.section('filmOfPassage', Uint32Array),
      file.section('filmStart', Uint32Array),
    );
  }

  /** The passages nearest the query (approximate, HNSW). */
  nearest(query: Float32Array, k: number): PassageHit[] {
    if (this.size === 0 || k <= 0) return [];
    const found = this.ann.search(query, Math.min(k, this.size), 1);
    return Array.from(found.keys, (key, i) => {
      const passage = Number(key);
      return { passage, film: this.filmOfPassage[passage]!, similarity: similarityOf(found.distances[i]!) };
    });
  }

  /** Cosine similarity of a unit-length query with each passage of a film, in plot order. */
  filmSimilarities(query: Float32Array, film: number): number[] {
    const similarities: number[] = [];
    const width = this.dimensions;
    for (let p = this.filmStart[film]!; p < this.filmStart[film + 1]!; p++) {
      let dot = 0;
      for (let d = 0, offset = p * width; d < width; d++) dot += query[d]! * this.vectors[offset + d]!;
      similarities.push(dot * this.scales[p]!);
    }
    return similarities;
  }

  /** A passage's vector, restored from its 8-bit copy (for exact search in benchmarks). */
  vectorOf(passage: number): Float32Array {
    const width = this.dimensions;
    return Float32Array.from(this.vectors.subarray(passage * width, (passage + 1) * width), (v) => v * this.scales[passage]!);
  }

  /** A film's passages as one unit vector, their mean: what the film is about as a whole (for films like it). */
  filmVector(film: number): Float32Array {
    const mean = new Float32Array(this.dimensions);
    for (let p = this.filmStart[film]!; p < this.filmStart[film + 1]!; p++) {
      const scale = this.scales[p]!;
      for (let d = 0, offset = p * this.dimensions; d < this.dimensions; d++) mean[d]! += this.vectors[offset + d]! * scale;
    }
    const length = Math.hypot(...mean) || 1;
    return mean.map((value) => value / length);
  }

  passageCount(film: number): number {
    return this.filmStart[film + 1]! - this.filmStart[film]!;
  }
}
