// The `ingest` and `search` commands of the binary.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Config } from '../config.ts';
import type { Logger } from '../log.ts';
import type { RowProblem } from '../search/corpus-formats.ts';
import { allThreads, ingestCorpus, CorpusError } from '../search/ingest.ts';
import { DEFAULT_QUANTIZATION } from '../search/movie-index.ts';
import { followsAnotherCorpus, openMovieSearch, withIngestEmbedder } from '../search/open-search.ts';
import { createProgress } from './progress.ts';

export async function ingestCommand(args: string[], config: Config): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      out: { type: 'string' },
      name: { type: 'string' },
      quantization: { type: 'string' },
      'graph-threads': { type: 'string' },
    },
  });
  const quantization = (values.quantization ?? DEFAULT_QUANTIZATION) as 'f32' | 'f16' | 'i8';
  if (!['f32', 'f16', 'i8'].includes(quantization)) throw new UsageError('--quantization must be f32, f16 or i8');
  const graphThreads = Number(values['graph-threads'] ?? allThreads());
  if (!Number.isInteger(graphThreads) || graphThreads < 1 || graphThreads > 256) throw new UsageError('--graph-threads must be a whole number from 1 to 256');
  const corpusPath = positionals[0] ?? config.search.corpusFile;
  const follow = followsAnotherCorpus(corpusPath, config.search);
  const progress = createProgress('embedding', 'passages');
  const printProblems = (problems: RowProblem[]) => {
    for (const problem of problems.slice(0, 50)) console.error(`${corpusPath}:${problem.line}: skipped: ${problem.reason}`);
    if (problems.length > 50) console.error(`... and ${problems.length - 50} more skipped rows`);
  };
  const ingested = withIngestEmbedder(config.search, (embedder) =>
    ingestCorpus({
      corpusPath,
      outDir: values.out ?? config.search.indexDir,
      name: values.name ?? config.search.indexName,
      embedder,
      quantization,
      graphThreads,
      onProgress: (done, total) => progress.update(done, total),
      follow,
    }),
  );
  const report = await ingested.catch((error: unknown) => {
    if (!(error instanceof CorpusError)) throw error;
    printProblems(error.problems);
    console.error(error.message);
    return null;
  });
  if (!report) return 1;
  progress.finish();
  printProblems(report.problems);
  console.error(
    `indexed ${report.indexed} films (${report.passages} passages) from ${corpusPath} (${report.format}) in ${report.seconds.toFixed(1)} s ` +
      `(${(report.indexed / Math.max(report.seconds, 1e-3)).toFixed(0)} films/s); ` +
      `${report.problems.length} rows skipped`,
  );
  const intoServedIndex = resolve(values.out ?? config.search.indexDir) === resolve(config.search.indexDir) && (values.name ?? config.search.indexName) === config.search.indexName;
  if (config.search.corpusFileSet && follow && intoServedIndex) {
    console.error(`note: CORPUS_FILE is ${config.search.corpusFile}, so the next start rebuilds this index from it; unset CORPUS_FILE to keep ${corpusPath}`);
  }
  return 0;
}

export async function searchCommand(args: string[], config: Config, log: Logger): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { k: { type: 'string', default: '5' }, json: { type: 'boolean', default: false } },
  });
  const query = positionals.join(' ').trim();
  const k = Number(values.k);
  if (!query) throw new UsageError('search needs a query, e.g. search "a shark terrorises a beach town"');
  if (!Number.isInteger(k) || k < 1 || k > 100) throw new UsageError('--k must be a whole number from 1 to 100');
  const search = await openMovieSearch(config.search, log);
  const result = await search.search(query, { k });
  const rows = result.hits.map(({ movie, relevance }) => ({ title: movie.title, year: movie.year, score: Number(relevance.toFixed(4)), id: movie.id }));
  if (values.json) console.log(JSON.stringify(rows, null, 2));
  else {
    for (const row of rows) console.log(`${row.score.toFixed(3)}  ${row.title} (${row.year})  ${row.id}`);
    if (result.abstain) console.error(`(no film is likely enough to offer: the best scores ${result.topRelevance.toFixed(3)}; the chat would say it was not found)`);
  }
  return 0;
}

export class UsageError extends Error {}
