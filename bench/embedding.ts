#!/usr/bin/env bun
// Embedding throughput of the two sessions the service opens: the server's (lean: no memory
// arena, onnxruntime's default threads) and ingest's (arena, every core), on the passages of
// the first 200 bundled films in batches of similar length, as ingest embeds them.
//
//   bun bench/embedding.ts [--films N] [--batch N[,N...]]   (batch: ingest's default, 16)
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config.ts';
import { readJsonLines, type CorpusMovie } from '../src/search/corpus.ts';
import { DEFAULT_EMBEDDING_BATCH } from '../src/search/ingest.ts';
import { openEmbedder } from '../src/search/open-search.ts';
import { passagesOf } from '../src/search/passages.ts';

const { values } = parseArgs({ options: { films: { type: 'string', default: '200' }, batch: { type: 'string', default: String(DEFAULT_EMBEDDING_BATCH) } } });
const batches = values.batch.split(',').map(Number);
if (batches.some((size) => !Number.isInteger(size) || size < 1)) throw new Error('--batch: whole numbers from 1, separated by commas');
const config = loadConfig();
const movies = await readJsonLines<CorpusMovie>(config.search.corpusFile);
const texts = movies.slice(0, Number(values.films)).flatMap((movie) => passagesOf(movie.plot)).sort((a, b) => a.length - b.length);

console.log('| session | batch | passages | seconds | passages/s |\n| --- | --- | --- | --- | --- |');
for (const purpose of ['queries', 'ingest'] as const) {
  const embedder = await openEmbedder(config.search, purpose);
  await embedder.embedDocuments(texts.slice(0, 32)); // warm-up
  for (const batch of batches) {
    const started = performance.now();
    for (let i = 0; i < texts.length; i += batch) await embedder.embedDocuments(texts.slice(i, i + batch));
    const seconds = (performance.now() - started) / 1000;
    console.log(`| ${purpose} | ${batch} | ${texts.length} | ${seconds.toFixed(1)} | ${(texts.length / seconds).toFixed(0)} |`);
  }
  await embedder.dispose();
}
process.exit(0);
