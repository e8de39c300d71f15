// Composition root: picks each port's adapter once from the configuration, wires the
// services, and builds the HTTP app from its controllers. Used by main.ts and by tests.
import { join } from 'node:path';
import { Elysia } from 'elysia';
import { AuthService } from './auth/auth-service.ts';
import { PasswordHasher } from './auth/passwords.ts';
import { RateLimiter } from './auth/rate-limiter.ts';
import { loadOrCreateSigningSecret } from './auth/signing-secret.ts';
import { TokenService } from './auth/tokens.ts';
import type { CatalogProvider } from './catalog/catalog.ts';
import { Enricher } from './catalog/enrichment.ts';
import { openCatalog } from './catalog/open-catalog.ts';
import type { Config } from './config.ts';
import { ChatService } from './conversation/chat-service.ts';
import type { TurnEngine } from './conversation/engine.ts';
import { DiscoveryPipeline } from './conversation/discovery-pipeline.ts';
import type { LanguageModel } from './llm/language-model.ts';
import { openLanguageModel } from './llm/open-language-model.ts';
import { authRoutes } from './http/auth.routes.ts';
import { bodyParser } from './http/body-parser.ts';
import { chatRoutes } from './http/chat.routes.ts';
import { docsRoutes } from './http/docs.routes.ts';
import { errorHandling } from './http/errors.ts';
import { healthRoutes } from './http/health.routes.ts';
import { observability } from './http/observability.ts';
import { sessionsRoutes } from './http/sessions.routes.ts';
import { webRoutes } from './http/web.routes.ts';
import type { Logger } from './log.ts';
import { Readiness } from './readiness.ts';
import type { MovieSearch } from './search/movie-search.ts';
import { openMovieSearch } from './search/open-search.ts';
import { type Database, openPglite } from './store/database.ts';
import type { KeyValueStore } from './store/kv/kv.ts';
import { MemoryKeyValueStore } from './store/kv/memory-kv.ts';
import { RefreshTokensRepository } from './store/refresh-tokens.repo.ts';
import { SessionsRepository } from './store/sessions.repo.ts';
import { UsersRepository } from './store/users.repo.ts';
import packageJson from '../package.json' with { type: 'json' };

export const VERSION = packageJson.version;

export interface Services {
  config: Config;
  log: Logger;
  database: Database;
  kv: KeyValueStore;
  auth: AuthService;
  rateLimiter: RateLimiter;
  sessions: SessionsRepository;
  chat: ChatService;
  engine: TurnEngine;
  search: MovieSearch;
  enricher: Enricher;
  readiness: Readiness;
  /** Waits for turns in progress, then closes connections. */
  close(): Promise<void>;
}

// The server adapters (postgres.js, ioredis, the OpenAI client) are imported only when chosen:
// together they take about 150 ms to load, which an embedded start would spend for nothing.

export async function openDatabase(config: Config): Promise<Database> {
  if (!config.databaseUrl) return openPglite(join(config.dataDir, 'pglite'));
  const { connectPostgres } = await import('./store/postgres-database.ts');
  return connectPostgres(config.databaseUrl, config.databasePoolSize);
}

export async function openKeyValueStore(config: Config): Promise<KeyValueStore> {
  if (!config.redisUrl) return new MemoryKeyValueStore();
  const { RedisKeyValueStore } = await import('./store/kv/redis-kv.ts');
  const redis = new RedisKeyValueStore(config.redisUrl, config.redisKeyPrefix);
  await redis.connect();
  return redis;
}

/** host:port/database of a Postgres URL, without its credentials (messages and logs never carry them). */
function postgresEndpoint(url: string): string {
  const { hostname, port, pathname } = new URL(url);
  return `${hostname}:${port || '5432'}${pathname}`;
}

/** Parts a caller may supply instead of the configured ones (tests, embedding). */
export interface ServiceOverrides {
  engine?: TurnEngine;
  /** A search already loaded (tests share one model between many app instances). */
  search?: MovieSearch;
  catalog?: CatalogProvider;
  language?: LanguageModel;
}

/** Connects the stores, applies migrations and wires every service. */
export async function createServices(config: Config, log: Logger, overrides: ServiceOverrides = {}): Promise<Services> {
  // The database starts first (PGlite's compile then runs off the main thread), and the model
  // and index load while it does.
  const databaseOpening = openDatabase(config);
  const searchLoading = overrides.search ? Promise.resolve(overrides.search) : openMovieSearch(config.search, log);
  searchLoading.catch(() => {}); // awaited below; a failure there closes the database first
  const database = await databaseOpening;
  let kv: KeyValueStore | undefined;
  let search: MovieSearch;
  try {
    await database.migrate().catch((error: Error) => {
      throw config.databaseUrl ? new Error(`Postgres at ${postgresEndpoint(config.databaseUrl)}: ${error.message}`, { cause: error }) : error;
    });
    kv = await openKeyValueStore(config);
    search = await searchLoading;
  } catch (error) {
    await kv?.close();
    await database.close();
    throw error;
  }
  const secret = config.jwtSecret ?? loadOrCreateSigningSecret(config.dataDir);
  const tokens = new TokenService(secret, { access: config.accessTokenTtlSeconds, refresh: config.refreshTokenTtlSeconds });
  const auth = new AuthService(
    new UsersRepository(database.db),
    new RefreshTokensRepository(database.db),
    tokens,
    new PasswordHasher(),
    kv,
    log,
  );
  const catalog = overrides.catalog ?? (await openCatalog(config.catalog));
  const enricher = new Enricher(
    catalog,
    kv,
    { concurrency: config.catalog.concurrency, cacheTtlSeconds: config.catalog.cacheTtlSeconds, missTtlSeconds: config.catalog.missTtlSeconds },
    log,
  );
  const sessions = new SessionsRepository(database.db);
  const engine: TurnEngine =
    overrides.engine ??
    new DiscoveryPipeline(
      { search, enricher, catalog, language: overrides.language ?? (await openLanguageModel(config.llm, search, log)) },
      {
        validation: { minConfidence: config.catalog.confidenceThreshold },
        catalogBudgetMs: config.catalog.turnBudgetMs,
      },
    );
  const chat = new ChatService(sessions, kv, engine, log);
  const store = kv;
  return {
    config,
    log,
    database,
    kv,
    auth,
    rateLimiter: new RateLimiter(config.rateLimits, kv, log),
    sessions,
    chat,
    engine,
    search,
    enricher,
    readiness: new Readiness(database, kv),
    async close() {
      await chat.drain();
      await Promise.allSettled([store.close(), database.close()]);
    },
  };
}

export function createApp(services: Services) {
  const { config, log } = services;
  return new Elysia()
    .use(observability(log))
    .use(errorHandling(log))
    .use(bodyParser(config.maxBodyBytes))
    .use(docsRoutes())
    .use(webRoutes())
    .use(healthRoutes(services.readiness))
    .use(authRoutes(services.auth, services.rateLimiter, config.trustedProxyHops))
    .use(sessionsRoutes(services.auth, services.sessions))
    .use(chatRoutes(services.auth, services.rateLimiter, services.chat, config.chatMaxMessageLength));
}

export type App = ReturnType<typeof createApp>;

/** Bun.serve settings of the HTTP listener; the test harness uses them too, so tests meet the limits production has. */
export function listenOptions(config: Config) {
  return {
    // Bun refuses a body over its own limit with an empty 413 before the app sees the request,
    // so that limit is lifted and MAX_BODY_BYTES is enforced by the body parser alone, in the
    // spec's JSON shape. Memory stays bounded without it: the parser refuses a declared length
    // at once and stops reading a streamed body at the limit, and Bun reads no further into a
    // body nobody reads than the socket buffers hold (it then skips the rest unbuffered).
    maxRequestBodySize: Number.POSITIVE_INFINITY,
    idleTimeout: config.httpIdleTimeoutSeconds,
  };
}
