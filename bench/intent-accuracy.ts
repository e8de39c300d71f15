#!/usr/bin/env bun
// Accuracy of the offline engine's confirmation-intent classifier on the team's labelled
// replies (data/eval/intents.jsonl): confirm (which candidate) versus refine.
//
//   bun bench/intent-accuracy.ts [--verbose]
import { join } from 'node:path';
import { type MovieCandidate, toMovieCandidate } from '../src/catalog/candidates.ts';
import { loadConfig } from '../src/config.ts';
import { IntentClassifier } from '../src/llm/offline/intent.ts';
import { type CorpusMovie, readJsonLines } from '../src/search/corpus.ts';
import { openEmbedder } from '../src/search/open-search.ts';

interface Labelled {
  candidates: string[];
  message: string;
  intent: 'confirm' | 'refine';
  index?: number;
}

const config = loadConfig();
const labelled = await readJsonLines<Labelled>(join(import.meta.dir, '..', 'data', 'eval', 'intents.jsonl'));
const corpus = await readJsonLines<CorpusMovie>(config.search.corpusFile);
const byLabel = new Map(corpus.map((movie) => [`${movie.title} (${movie.year})`, movie]));
const candidatesOf = (labels: string[]): MovieCandidate[] =>
  labels.map((label) => {
    const movie = byLabel.get(label);
    if (!movie) throw new Error(`not in the corpus: ${label}`);
    return toMovieCandidate(movie, null, 0.5);
  });

const classifier = new IntentClassifier(await openEmbedder(config.search));
let right = 0;
let rulesDecided = 0;
const confusion = { confirm: { right: 0, total: 0 }, refine: { right: 0, total: 0 } };
const misses: string[] = [];
for (const item of labelled) {
  const candidates = candidatesOf(item.candidates);
  if (classifier.byRules(item.message, candidates)) rulesDecided++;
  const intent = await classifier.classify(item.message, candidates);
  const ok = intent.kind === item.intent && (intent.kind !== 'confirm' || intent.index === item.index);
  confusion[item.intent].total++;
  if (ok) {
    right++;
    confusion[item.intent].right++;
  } else {
    misses.push(`  expected ${item.intent}${item.index ?? ''}, got ${intent.kind}${intent.kind === 'confirm' ? intent.index : ''}: "${item.message}"`);
  }
}
console.log(`intent classification (offline engine) on ${labelled.length} labelled replies`);
console.log(`accuracy ${(right / labelled.length).toFixed(3)} (${right}/${labelled.length}); decided by rules ${rulesDecided}, by examples ${labelled.length - rulesDecided}`);
console.log(`confirm (right candidate) ${confusion.confirm.right}/${confusion.confirm.total}, refine ${confusion.refine.right}/${confusion.refine.total}`);
if (process.argv.includes('--verbose')) console.log(misses.join('\n'));
process.exit(0);
