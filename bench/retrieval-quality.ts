#!/usr/bin/env bun
// Retrieval quality on the team's tip-of-the-tongue set (data/eval/retrieval.jsonl) over the
// bundled corpus: hit@1, hit@5 and MRR for each document-text variant and each method
// (vector, BM25, hybrid by reciprocal rank fusion).
//
//   bun bench/retrieval-quality.ts [--variants plot,plot-facts,facts-plot]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/config.ts';
import { type CorpusMovie, readJsonLines } from '../src/search/corpus.ts';
import { type DocumentTextVariant, documentText } from '../src/search/document-text.ts';
import { ingestCorpus } from '../src/search/ingest.ts';
import { LexicalIndex, reciprocalRankFusion } from '../src/search/lexical-index.ts';
import { MovieIndex } from '../src/search/movie-index.ts';
import { openEmbedder } from '../src/search/open-search.ts';

interface EvalQuery {
  id: string;
  query: string;
  difficulty: 'easy' | 'medium' | 'hard';
}

const DEPTH = 50;
const config = loadConfig();
const queries = await readJsonLines<EvalQuery>(join(import.meta.dir, '..', 'data', 'eval', 'retrieval.jsonl'));
const corpus = await readJsonLines<CorpusMovie>(config.search.corpusFile);
const variantsArg = process.argv.indexOf('--variants');
const variants = (variantsArg > 0 ? process.argv[variantsArg + 1]!.split(',') : Object.keys(documentText)) as DocumentTextVariant[];

const embedder = await openEmbedder(config.search);
const queryVectors = await Promise.all(queries.map((q) => embedder.embedQuery(q.query)));
const keyOf = new Map(corpus.map((movie, key) => [movie.id, key]));
const missing = queries.filter((q) => !keyOf.has(q.id));
if (missing.length) throw new Error(`eval ids not in the corpus: ${missing.map((q) => q.id).join(', ')}`);

interface Scores {
  hit1: number;
  hit5: number;
  mrr: number;
}

function score(rankings: number[][], subset: number[]): Scores {
  let hit1 = 0;
  let hit5 = 0;
  let mrr = 0;
  for (const i of subset) {
    const rank = rankings[i]!.indexOf(keyOf.get(queries[i]!.id)!);
    if (rank === 0) hit1++;
    if (rank >= 0 && rank < 5) hit5++;
    if (rank >= 0) mrr += 1 / (rank + 1);
  }
  return { hit1: hit1 / subset.length, hit5: hit5 / subset.length, mrr: mrr / subset.length };
}

const rows: string[] = [];
const all = queries.map((_, i) => i);
const byDifficulty = (d: EvalQuery['difficulty']) => all.filter((i) => queries[i]!.difficulty === d);
const fmt = (n: number) => n.toFixed(3);

for (const variant of variants) {
  const dir = mkdtempSync(join(tmpdir(), 'md-eval-'));
  try {
    await ingestCorpus({ corpusPath: config.search.corpusFile, outDir: dir, name: 'eval', embedder, documentText: variant });
    const index = MovieIndex.open(dir, 'eval', embedder);
    const lexical = new LexicalIndex(corpus.map(documentText['plot-facts']));
    const vector = queryVectors.map((v) => index.search(v, DEPTH).map((hit) => hit.key));
    const bm25 = queries.map((q) => lexical.search(q.query, DEPTH).map((hit) => hit.key));
    const fused = (lexicalWeight: number) => vector.map((ranking, i) => reciprocalRankFusion([ranking, bm25[i]!], [1, lexicalWeight]));
    const methods: Array<[string, number[][]]> = [
      ['vector', vector],
      ['hybrid (RRF)', fused(1)],
      ['hybrid (RRF, BM25 ×2)', fused(2)],
      ['hybrid (RRF, BM25 ×4)', fused(4)],
    ];
    if (variant === variants[0]) methods.push(['BM25 only', bm25]);
    for (const [method, rankings] of methods) {
      const overall = score(rankings, all);
      const [easy, medium, hard] = (['easy', 'medium', 'hard'] as const).map((d) => score(rankings, byDifficulty(d)).hit5);
      rows.push(
        `| ${method === 'BM25 only' ? '—' : variant} | ${method} | ${fmt(overall.hit1)} | ${fmt(overall.hit5)} | ${fmt(overall.mrr)} | ${fmt(easy!)} / ${fmt(medium!)} / ${fmt(hard!)} |`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(`retrieval quality: ${queries.length} queries over ${corpus.length} films, model ${embedder.modelId}\n`);
console.log('| document text | method | hit@1 | hit@5 | MRR | hit@5 easy / medium / hard |');
console.log('| --- | --- | --- | --- | --- | --- |');
for (const row of rows) console.log(row);
