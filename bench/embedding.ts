#!/usr/bin/env bun
// Embedding throughput of the two sessions the service opens: the server's (lean: no memory
// arena, onnxruntime's default threads) and ingest's (arena, every core), on the passages of
// the first 200 bundled films in batches of similar length, as ingest embeds them.
//
//   bun bench/embedding.ts [--films N]
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config.ts';
import { readJsonLines, type CorpusMovie } from '../src/search/corpus.ts';
import { openEmbedder } from '../src/search/open-search.ts';
import { passagesOf } from '../src/search/passages.ts';

const { values } = parseArgs({ options: { films: { type: 'string', default: '200' } } });
const config = loadConfig();
const movies = await readJsonLines<CorpusMovie>(config.search.corpusFile);
const texts = movies.slice(0, Number(values.films)).flatMap((movie) => passagesOf(movie.plot)).sort((a, b) => a.length - b.length);

console.log('| session | passages | seconds | passages/s |\n| --- | --- | --- | --- |');
for (const purpose of ['queries', 'ingest'] as const) {
  const embedder = await openEmbedder(config.search, purpose);
  await embedder.embedDocuments(texts.slice(0, 32)); // warm-up
  const started = performance.now();
  for (let i = 0; i < texts.length; i += 32) await embedder.embedDocuments(texts.slice(i, i + 32));
  const seconds = (performance.now() - started) / 1000;
  console.log(`| ${purpose} | ${texts.length} | ${seconds.toFixed(1)} | ${(texts.length / seconds).toFixed(0)} |`);
  await embedder.dispose();
}
