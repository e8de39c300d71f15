// BM25 over the films' text: catches the rare, exact words ("tarantula", "Gujarat") that a
// small sentence encoder blurs. Used with the vector index through reciprocal rank fusion.
import { foldAccents } from '../text.ts';
const STOPWORDS = new Set(
  ('a an and are as at be but by for from has have he her his i in into is it its of on or she so that the their them ' +
    'then there they this to was were where which who whom with about after again all also am any because been before ' +
    'being both can could did do does doing down during each few film films further had having him how if just me ' +
    'more most movie movies my no nor not now off once only other our out over own same should some such than thats ' +
    'these those through too under until up very what when while why will would you your one think something some guy').split(' '),
);

/** Lower-case word stems: punctuation dropped, a plural or possessive "s" trimmed. */
export function tokenize(text: string): string[] {
  return foldAccents(text)
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 1 && !STOPWORDS.has(word))
    .map((word) => (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word));
}

export interface LexicalHit {
  key: number;
  score: number;
}

const K1 = 1.2;
const B = 0.75;

export class LexicalIndex {
  private readonly postings = new Map<string, Array<[key: number, count: number]>>();
  private readonly lengths: Uint32Array;
  private averageLength = 0;
  private added = 0;

  /** An index of `documents`, built at once; see `buildInSlices` for large corpora. */
  constructor(documents: string[]);
  constructor(size: number);
  constructor(documentsOrSize: string[] | number) {
    const documents = typeof documentsOrSize === 'number' ? [] : documentsOrSize;
    this.lengths = new Uint32Array(typeof documentsOrSize === 'number' ? documentsOrSize : documents.length);
    documents.forEach((text) => this.add(text));
  }

  /**
   * Builds the index of `size` documents a slice at a time, yielding to the event loop between
   * slices, so a large corpus does not hold up requests.
   */
  static async buildInSlices(size: number, documentAt: (key: number) => string, slice = 2000): Promise<LexicalIndex> {
    const index = new LexicalIndex(size);
    for (let key = 0; key < size; key++) {
      index.add(documentAt(key));
      if (key % slice === slice - 1) await Bun.sleep(0);
    }
    return index;
  }

  /** Adds the next document (keys are given in order, from 0). */
  private add(text: string): void {
    const key = this.added++;
    const counts = new Map<string, number>();
    for (const term of tokenize(text)) counts.set(term, (counts.get(term) ?? 0) + 1);
    let length = 0;
    for (const count of counts.values()) length += count;
    this.lengths[key] = length;
    this.averageLength += (length - this.averageLength) / this.added;
    for (const [term, count] of counts) {
      let list = this.postings.get(term);
      if (!list) this.postings.set(term, (list = []));
      list.push([key, count]);
    }
  }

  /**
   * The score a film would get if it held every query word (each at saturation), words the
   * corpus never uses included: dividing by it tells how much of the query a film matches.
   */
  perfectScore(query: string): number {
    const n = this.lengths.length;
    let total = 0;
    for (const term of new Set(tokenize(query))) {
      const df = this.postings.get(term)?.length ?? 0;
      total += Math.log(1 + (n - df + 0.5) / (df + 0.5)) * (K1 + 1);
    }
    return total;
  }

  search(query: string, k: number): LexicalHit[] {
    const n = this.lengths.length;
    const scores = new Map<number, number>();
    for (const term of new Set(tokenize(query))) {
      const list = this.postings.get(term);
      if (!list) continue;
      const idf = Math.log(1 + (n - list.length + 0.5) / (list.length + 0.5));
      for (const [key, count] of list) {
        const norm = count + K1 * (1 - B + (B * this.lengths[key]!) / this.averageLength);
        scores.set(key, (scores.get(key) ?? 0) + (idf * count * (K1 + 1)) / norm);
      }
    }
    return [...scores]
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, k)
      .map(([key, score]) => ({ key, score }));
  }
}

/** Weighted reciprocal rank fusion of ranked key lists (k = 60, the usual constant). */
export function reciprocalRankFusion(rankings: number[][], weights: number[] = rankings.map(() => 1), k = 60): number[] {
  const scores = new Map<number, number>();
  rankings.forEach((ranking, r) => {
    const weight = weights[r] ?? 1;
    ranking.forEach((key, rank) => scores.set(key, (scores.get(key) ?? 0) + weight / (k + rank + 1)));
  });
  return [...scores].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([key]) => key);
}
