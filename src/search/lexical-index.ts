// The fielded lexical index (BM25F), built at ingest and opened memory-mapped: the first search
// after start-up is the same search as the thousandth, whatever the corpus size.
//
// File sections: the sorted term dictionary (UTF-8 bytes + offsets), each term's postings
// (film keys and one term frequency per field) and each film's field lengths.
import { BinaryFile, writeBinaryFile } from './binary-file.ts';
import { FIELD_COUNT, type Field, FIELDS } from './film-fields.ts';
import { isWordPair } from './tokens.ts';

export interface Bm25fParameters {
  k1: number;
  /** How much a term occurrence in each field counts. */
  weights: Record<Field, number>;
  /** Length normalisation of each field, 0 (none) to 1 (full). */
  b: Record<Field, number>;
}

interface LexicalMeta {
  documents: number;
  averageLengths: number[];
}

const encoder = new TextEncoder();

/** Writes the index of `documents` (each a list of terms per field, in FIELDS order). */
export function writeLexicalIndex(path: string, documents: Array<Record<Field, string[]>>): void {
  const postings = new Map<string, number[]>(); // term -> [key, tf0..tfN, key, ...]
  const lengths = new Uint16Array(documents.length * FIELD_COUNT);
  const totals = new Array<number>(FIELD_COUNT).fill(0);
  documents.forEach((fields, key) => {
    const counts = new Map<string, number[]>();
    FIELDS.forEach((field, f) => {
      const terms = fields[field];
      lengths[key * FIELD_COUNT + f] = Math.min(terms.length, 0xffff);
      totals[f]! += terms.length;
      for (const term of terms) {
        let tf = counts.get(term);
        if (!tf) counts.set(term, (tf = new Array<number>(FIELD_COUNT).fill(0)));
        tf[f] = Math.min(tf[f]! + 1, 255);
      }
    });
    for (const [term, tf] of counts) {
      let list = postings.get(term);
      if (!list) postings.set(term, (list = []));
      list.push(key, ...tf);
    }
  });
  const terms = [...postings.keys()].map((term) => ({ term, bytes: encoder.encode(term) })).sort((a, b) => compareBytes(a.bytes, 0, a.bytes.length, b.bytes, b.bytes.length));
  const termStart = new Uint32Array(terms.length + 1);
  const postStart = new Uint32Array(terms.length + 1);
  terms.forEach(({ term, bytes }, t) => {
    termStart[t + 1] = termStart[t]! + bytes.length;
    postStart[t + 1] = postStart[t]! + postings.get(term)!.length / (FIELD_COUNT + 1);
  });
  const termBytes = new Uint8Array(termStart[terms.length]!);
  const postKey = new Uint32Array(postStart[terms.length]!);
  const postTf = new Uint8Array(postStart[terms.length]! * FIELD_COUNT);
  terms.forEach(({ term, bytes }, t) => {
    termBytes.set(bytes, termStart[t]!);
    const list = postings.get(term)!;
    for (let i = 0, p = postStart[t]!; i < list.length; i += FIELD_COUNT + 1, p++) {
      postKey[p] = list[i]!;
      for (let f = 0; f < FIELD_COUNT; f++) postTf[p * FIELD_COUNT + f] = list[i + 1 + f]!;
    }
  });
  const meta: LexicalMeta = { documents: documents.length, averageLengths: totals.map((total) => total / Math.max(1, documents.length)) };
  writeBinaryFile(path, meta, { termStart, termBytes, postStart, postKey, postTf, lengths });
}

/** Byte order of `a[aStart, aStart + aLength)` against the first `bLength` bytes of `b`, without copying either. */
function compareBytes(a: Uint8Array, aStart: number, aLength: number, b: Uint8Array, bLength: number): number {
  const n = Math.min(aLength, bLength);
  for (let i = 0; i < n; i++) {
    const difference = a[aStart + i]! - b[i]!;
    if (difference !== 0) return difference;
  }
  return aLength - bLength;
}

/** Per-film lexical evidence for one query, over the films that share at least one term. */
export interface LexicalScores {
  /** Keys of the films that share a term with the query. */
  keys: number[];
  /** BM25F score by key (0 for films not in `keys`). */
  total: Float32Array;
  /** Per field BM25 by key: fieldScores[f][key]. */
  fieldScores: Float32Array[];
  /** Sum of the idf of the query terms each film holds, in any field. */
  matchedIdf: Float32Array;
  /** Of the query's rare words (RARE_SHARE of films or fewer; not pairs), the idf mass each film holds. */
  matchedRareIdf: Float32Array;
  /** Per film, the idf of the query's single words it holds (its pairs of words left out). */
  matchedWordIdf: Float32Array;
  /** Of the query's name-like terms (mostly found in credits), the idf mass each film credits. */
  matchedNameIdf: Float32Array;
  /** The query's own idf mass and its BM25F ceiling (every term at saturation in the best field). */
  queryIdf: number;
  queryRareIdf: number;
  queryNameIdf: number;
  /** The query's terms read as names (held mostly in credits), as the query spelled them. */
  nameTerms: string[];
  perfect: number;
}

/** A term held by at most this share of films (and at least by one) is rare: it singles films out. */
const RARE_SHARE = 0.003;
/** What an occurrence of a synonym counts for, against one of the word the description used. */
const SYNONYM_WEIGHT = 0.8;
/** A term whose films hold it mostly in their credits, not their story, is a name. */
const NAME_SHARE = 0.6;
const PEOPLE = FIELDS.indexOf('people');
const PLOT = FIELDS.indexOf('plot');

export class LexicalIndex {
  readonly size: number;
  private readonly averageLengths: number[];
  private readonly termStart: Uint32Array;
  private readonly termBytes: Uint8Array;
  private readonly postStart: Uint32Array;
  private readonly postKey: Uint32Array;
  private readonly postTf: Uint8Array;
  private readonly lengths: Uint16Array;
  // Accumulators reused by every query (searches are synchronous, so never shared).
  private readonly total: Float32Array;
  private readonly fieldScores: Float32Array[];
  private readonly matchedIdf: Float32Array;
  private readonly matchedRareIdf: Float32Array;
  private readonly matchedWordIdf: Float32Array;
  private readonly matchedNameIdf: Float32Array;
  private readonly seen: Uint8Array;
  /** One query term's frequencies per film and field, summed over its forms. */
  private readonly frequencies: Float32Array;
  private readonly credited: number[] = [];
  /** A term being looked up, as UTF-8 (grown when a longer one comes). */
  private lookup = new Uint8Array(64);

  private constructor(file: BinaryFile<LexicalMeta>) {
    this.size = file.meta.documents;
    this.averageLengths = file.meta.averageLengths;
    this.termStart = file.section('termStart', Uint32Array);
    this.termBytes = file.section('termBytes', Uint8Array);
    this.postStart = file.section('postStart', Uint32Array);
    this.postKey = file.section('postKey', Uint32Array);
    this.postTf = file.section('postTf', Uint8Array);
    this.lengths = file.section('lengths', Uint16Array);
    this.total = new Float32Array(this.size);
    this.fieldScores = FIELDS.map(() => new Float32Array(this.size));
    this.matchedIdf = new Float32Array(this.size);
    this.matchedRareIdf = new Float32Array(this.size);
    this.matchedWordIdf = new Float32Array(this.size);
    this.matchedNameIdf = new Float32Array(this.size);
    this.seen = new Uint8Array(this.size);
    this.frequencies = new Float32Array(this.size * FIELD_COUNT);
  }

  static open(path: string): LexicalIndex {
    return new LexicalIndex(BinaryFile.open<LexicalMeta>(path));
  }

  /** The term's position in the dictionary, or -1 (binary search over the sorted bytes). */
  private find(term: string): number {
    // Spelling correction looks up hundreds of near words a search: no allocation per lookup.
    if (term.length * 3 > this.lookup.length) this.lookup = new Uint8Array(term.length * 3);
    const length = encoder.encodeInto(term, this.lookup).written;
    let low = 0;
    let high = this.termStart.length - 2;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      const start = this.termStart[mid]!;
      const order = compareBytes(this.termBytes, start, this.termStart[mid + 1]! - start, this.lookup, length);
      if (order === 0) return mid;
      if (order < 0) low = mid + 1;
      else high = mid - 1;
    }
    return -1;
  }

  /** How many films hold `term` in any field. */
  documentFrequency(term: string): number {
    return this.postingCount(this.find(term));
  }

  /** Postings of the term at dictionary position `t` (0 for a term the corpus lacks, t = -1). */
  private postingCount(t: number): number {
    return t < 0 ? 0 : this.postStart[t + 1]! - this.postStart[t]!;
  }

  idf(documentFrequency: number): number {
    return Math.log(1 + (this.size - documentFrequency + 0.5) / (documentFrequency + 0.5));
  }

  /**
   * Scores every film sharing a query term. `terms` may repeat a term to weigh it more.
   * `alternativesOf` gives a term's synonyms: a film holding any of them holds the term, its
   * occurrences counted as the term's at SYNONYM_WEIGHT each, and the term is as common as its
   * commonest form. The returned arrays are reused by the next call: read them before
   * searching again.
   */
  score(terms: string[], parameters: Bm25fParameters, alternativesOf: (term: string) => readonly string[] = () => []): LexicalScores {
    for (const array of [this.total, this.matchedIdf, this.matchedRareIdf, this.matchedWordIdf, this.matchedNameIdf, ...this.fieldScores]) array.fill(0);
    this.seen.fill(0);
    const keys: number[] = [];
    const weights = FIELDS.map((field) => parameters.weights[field]);
    const bs = FIELDS.map((field) => parameters.b[field]);
    const maxWeight = Math.max(...weights);
    const k1 = parameters.k1;
    let queryIdf = 0;
    let queryRareIdf = 0;
    let queryNameIdf = 0;
    const nameTerms: string[] = [];
    let perfect = 0;
    const rareDf = Math.max(3, Math.round(RARE_SHARE * this.size));
    const counts = new Map<string, number>();
    for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
    for (const [term, repeats] of counts) {
      const forms = [{ t: this.find(term), weight: 1 }];
      for (const alternative of alternativesOf(term)) forms.push({ t: this.find(alternative), weight: SYNONYM_WEIGHT });
      const present = forms.filter((form) => form.t >= 0);
      const df = Math.max(0, ...present.map((form) => this.postingCount(form.t)));
      const idf = this.idf(df) * repeats;
      queryIdf += idf;
      perfect += idf * (k1 + 1) * (maxWeight > 0 ? 1 : 0);
      // A word no film holds is the rarest of all: a film the corpus lacks is described in its
      // own words ("sheepdog"), and training takes such a film out of the race, not its words
      // out of the index. Pairs of words are never rare words: most pairs are held by a film or
      // two, so one shared phrase ("short term", "title shot") would count as all the rare
      // words of a short description, and the phrase field already weighs it.
      const pair = isWordPair(term);
      const rare = df <= rareDf && !pair;
      if (rare) queryRareIdf += idf;
      if (present.length === 0) continue;
      const holders = this.gatherFrequencies(present);
      // Whether the term is a name is known only once all its films are seen: the films that
      // name it are kept aside and counted afterwards.
      let inCredits = 0;
      this.credited.length = 0;
      for (const key of holders) {
        if (!this.seen[key]) {
          this.seen[key] = 1;
          keys.push(key);
        }
        let pseudo = 0;
        const at = key * FIELD_COUNT;
        for (let f = 0; f < FIELD_COUNT; f++) {
          const tf = this.frequencies[at + f]!;
          if (tf === 0) continue;
          const norm = 1 - bs[f]! + (bs[f]! * this.lengths[at + f]!) / (this.averageLengths[f]! || 1);
          const weighted = tf / norm;
          pseudo += weights[f]! * weighted;
          this.fieldScores[f]![key]! += (idf * weighted * (k1 + 1)) / (k1 + weighted);
        }
        this.total[key]! += (idf * pseudo * (k1 + 1)) / (k1 + pseudo);
        this.matchedIdf[key]! += idf;
        if (rare) this.matchedRareIdf[key]! += idf;
        if (!pair) this.matchedWordIdf[key]! += idf;
        if (this.frequencies[at + PEOPLE]! > 0) {
          this.credited.push(key);
          // The people field holds the credits and the capitalised words of the story, so it
          // outnumbers the story only when the credits hold the term. Not "absent from the
          // story": a Wikipedia lead names the stars it credits ("starring Kevin Bacon").
          if (this.frequencies[at + PEOPLE]! > this.frequencies[at + PLOT]!) inCredits++;
        }
      }
      if (inCredits / holders.length >= NAME_SHARE) {
        queryNameIdf += idf;
        nameTerms.push(term);
        for (const key of this.credited) this.matchedNameIdf[key]! += idf;
      }
      for (const key of holders) this.frequencies.fill(0, key * FIELD_COUNT, (key + 1) * FIELD_COUNT);
    }
    return {
      keys,
      total: this.total,
      fieldScores: this.fieldScores,
      matchedIdf: this.matchedIdf,
      matchedRareIdf: this.matchedRareIdf,
      matchedWordIdf: this.matchedWordIdf,
      matchedNameIdf: this.matchedNameIdf,
      queryIdf,
      queryRareIdf,
      queryNameIdf,
      nameTerms,
      perfect,
    };
  }

  /**
   * Each film holding any of the forms, with its per-field frequencies (weighted) summed into
   * `frequencies`, which the caller clears after reading.
   */
  private gatherFrequencies(forms: Array<{ t: number; weight: number }>): number[] {
    const holders: number[] = [];
    for (const { t, weight } of forms) {
      for (let p = this.postStart[t]!; p < this.postStart[t + 1]!; p++) {
        const key = this.postKey[p]!;
        const at = key * FIELD_COUNT;
        let held = false;
        for (let f = 0; f < FIELD_COUNT; f++) held ||= this.frequencies[at + f]! > 0;
        if (!held) holders.push(key);
        for (let f = 0; f < FIELD_COUNT; f++) this.frequencies[at + f]! += weight * this.postTf[p * FIELD_COUNT + f]!;
      }
    }
    return holders;
  }
}
