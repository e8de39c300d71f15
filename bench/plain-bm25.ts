// The baseline every retrieval figure is reported beside: plain Okapi BM25 (k1 1.2, b 0.75)
// over each record of the same corpus file, all its text fields in one bag of words. Kept
// deliberately apart from src/search (its own tokenizer, no stemming, no fields), so a change
// to the service's search can never change the baseline it is measured against.
import type { CorpusMovie } from '../src/search/corpus.ts';

const K1 = 1.2;
const B = 0.75;
const STOPWORDS = new Set(
  ('a an and are as at be but by for from has have he her his i in into is it its of on or she that the their them ' +
    'they this to was were which who with you your').split(' '),
);

const tokenize = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word && !STOPWORDS.has(word));

const recordText = (movie: CorpusMovie) =>
  [movie.title, ...movie.aliases, String(movie.year), ...movie.directors, ...movie.cast, ...movie.genres, movie.logline ?? '', movie.plot].join(' ');

export class PlainBm25 {
  private readonly postings = new Map<string, Array<[number, number]>>();
  private readonly lengths: number[] = [];
  private readonly averageLength: number;

  constructor(movies: CorpusMovie[]) {
    movies.forEach((movie, key) => {
      const counts = new Map<string, number>();
      const tokens = tokenize(recordText(movie));
      for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
      this.lengths.push(tokens.length);
      for (const [token, count] of counts) {
        if (!this.postings.has(token)) this.postings.set(token, []);
        this.postings.get(token)!.push([key, count]);
      }
    });
    this.averageLength = this.lengths.reduce((a, b) => a + b, 0) / Math.max(1, this.lengths.length);
  }

  /** Keys of the best `k` records, best first. */
  search(query: string, k: number): number[] {
    const n = this.lengths.length;
    const scores = new Map<number, number>();
    for (const token of new Set(tokenize(query))) {
      const list = this.postings.get(token) ?? [];
      const idf = Math.log(1 + (n - list.length + 0.5) / (list.length + 0.5));
      for (const [key, tf] of list) {
        const norm = tf + K1 * (1 - B + (B * this.lengths[key]!) / this.averageLength);
        scores.set(key, (scores.get(key) ?? 0) + (idf * tf * (K1 + 1)) / norm);
      }
    }
    return [...scores].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, k).map(([key]) => key);
  }
}
