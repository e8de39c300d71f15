#!/usr/bin/env bun
// Command-line entry of the one binary: serve (default) | migrate | --help | --version.
import { createApp, createServices, listenOptions, openDatabase, VERSION } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { ingestCommand, searchCommand, UsageError } from './cli/search-commands.ts';
import { CorpusError } from './search/ingest.ts';
import { IndexMismatchError } from './search/movie-index.ts';
import { RankerMismatchError } from './search/scorer.ts';
import { DataDirectoryLockedError } from './store/database.ts';
import { createLogger, describeError } from './log.ts';

const USAGE = `movie-discovery ${VERSION}

Usage: movie-discovery [command]

Commands:
  serve                 start the HTTP service (default)
  migrate               apply database migrations and exit
  ingest [FILE]         build the search index from a corpus file (default: the bundled corpus)
                        FILE: the project's JSONL, a wikipedia-movie-data JSON file, or the
                        IMDb top-1000 CSV layout. Options: --out DIR --name NAME
                        --quantization f32|f16|i8 --graph-threads N (default: every core;
                        1 gives a byte-for-byte reproducible index)
  search QUERY          print the best matches: --k N (default 5), --json
  health                exit 0 when the service on PORT answers /health/live (for HEALTHCHECK)
  --help                show this text
  --version             print the version

Settings come from environment variables; see README.md (Configuration).
With none set it runs on its embedded defaults: PGlite and an in-process store under ./var.`;

async function serve(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  const startedAt = performance.now();
  const services = await createServices(config, log);
  const app = createApp(services).listen({ hostname: config.host, port: config.port, ...listenOptions(config) });
  await services.engine.ready();
  services.readiness.markStarted();
  log.info('service ready', {
    url: `http://${config.host}:${app.server?.port}`,
    database: services.database.kind,
    kv: services.kv.kind,
    startupMs: Math.round(performance.now() - startedAt),
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info('shutting down', { signal });
    await app.stop();
    await services.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

async function migrate(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await database.migrate();
    console.log(`migrations applied (${database.kind})`);
  } finally {
    await database.close();
  }
}

/** For container health checks: the image has no curl. */
async function health(): Promise<void> {
  const port = Number(process.env.PORT ?? 8000);
  const ok = await fetch(`http://127.0.0.1:${port}/health/live`, { signal: AbortSignal.timeout(2000) }).then((r) => r.ok, () => false);
  if (!ok) process.exitCode = 1;
}

async function main(argv: string[]): Promise<void> {
  const command = argv[0] ?? 'serve';
  switch (command) {
    case 'serve':
      return serve();
    case 'migrate':
      return migrate();
    case 'ingest':
    case 'search': {
      const config = loadConfig();
      const log = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);
      process.exitCode = command === 'ingest' ? await ingestCommand(argv.slice(1), config) : await searchCommand(argv.slice(1), config, log);
      return;
    }
    case 'health':
      return health();
    case '--version':
    case '-v':
      console.log(VERSION);
      return;
    case '--help':
    case '-h':
    case 'help':
      console.log(USAGE);
      return;
    default:
      console.error(`unknown command "${command}"\n\n${USAGE}`);
      process.exit(2);
  }
}

try {
  await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
    console.error(`movie-discovery: ${(error as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (error instanceof ConfigError || error instanceof DataDirectoryLockedError || error instanceof IndexMismatchError || error instanceof CorpusError || error instanceof RankerMismatchError) {
    console.error(`movie-discovery: ${error.message}`);
  } else {
    console.error(JSON.stringify({ time: new Date().toISOString(), level: 'error', msg: 'start-up failed', ...describeError(error) }));
  }
  process.exit(1);
}
