// Every setting of the service, read from the environment once and validated at start.
// A bad value stops the process with a message naming the variable, never a stack trace.
import { resolve } from 'node:path';
import { assetPath } from './assets.ts';

export interface RateLimit {
  /** Requests allowed per period. */
  count: number;
  periodSeconds: number;
}

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

export interface Config {
  environment: 'production' | 'development' | 'test';
  host: string;
  port: number;
  /** Where the embedded database and the generated JWT secret live. */
  dataDir: string;
  /** Postgres when set; embedded PGlite in `dataDir` otherwise. */
  databaseUrl: string | null;
  databasePoolSize: number;
  /** Redis when set; an in-process store otherwise. */
  redisUrl: string | null;
  redisKeyPrefix: string;
  /** null: generate one and keep it in `dataDir` (refused in production). */
  jwtSecret: string | null;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  chatMaxMessageLength: number;
  /** null disables that limit. */
  rateLimits: {
    login: RateLimit | null;
    register: RateLimit | null;
    refresh: RateLimit | null;
    chat: RateLimit | null;
  };
  /** How many proxies in front of the service append to X-Forwarded-For; 0 trusts none. */
  trustedProxyHops: number;
  maxBodyBytes: number;
  /** Bun closes connections idle this long; POST /chat turns are exempt. */
  httpIdleTimeoutSeconds: number;
  logLevel: LogLevel;
  search: SearchSettings;
  catalog: CatalogSettings;
  llm: LlmSettings;
}

export interface LlmSettings {
  /** OpenAI-compatible endpoint; null: the offline engine. */
  baseUrl: string | null;
  apiKey: string | null;
  model: string;
  timeoutMs: number;
  maxToolIterations: number;
}

export interface CatalogSettings {
  provider: 'offline' | 'imdbapi';
  baseUrl: string;
  /** The offline provider's snapshot. */
  snapshotFile: string;
  timeoutMs: number;
  maxRetries: number;
  backoffMs: number;
  /** Catalog calls in flight at once within one turn (title searches and details batches). */
  concurrency: number;
  cacheTtlSeconds: number;
  missTtlSeconds: number;
  breakerThreshold: number;
  breakerCooldownSeconds: number;
  /** Candidates under this confidence are dropped (bench/calibration.ts). */
  confidenceThreshold: number;
  /** Time the catalog may take within one chat turn, retries and waits included. */
  turnBudgetMs: number;
}

export interface SearchSettings {
  /** transformers.js model folder; null: the bundled USE-lite model (converted on first use). */
  embeddingModel: string | null;
  queryPrefix: string;
  documentPrefix: string;
  pooling: 'mean' | 'cls';
  /** onnxruntime threads for embeddings; 0: one for queries, every core for ingest. */
  threads: number;
  /** Directory of the vector index files. */
  indexDir: string;
  indexName: string;
  /** Corpus the index is built from when it is missing or stale (CORPUS_FILE, else the bundled one). */
  corpusFile: string;
  /**
   * Whether CORPUS_FILE was set. When it was not, an index built by `ingest FILE` keeps
   * following FILE instead of being rebuilt from the bundled corpus at the next start.
   */
  corpusFileSet: boolean;
  /** The learned ranker's weights and calibration. */
  rankerFile: string;
  /** When set, the abstain threshold at every corpus size, instead of the ranker file's (its `abstainBelow`). */
  abstainBelow: number | null;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

type Env = Record<string, string | undefined>;

/** Reads the environment; throws ConfigError listing every bad variable at once. */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const read = new EnvReader(env, problems);

  const environment = read.oneOf('NODE_ENV', ['production', 'development', 'test'] as const, 'development');
  const jwtSecret = read.string('JWT_SECRET');
  if (jwtSecret !== null && jwtSecret.length < 32) problems.push('JWT_SECRET must be at least 32 characters long');
  if (jwtSecret === null && environment === 'production') {
    problems.push('JWT_SECRET is required when NODE_ENV=production (replicas must share one signing key)');
  }

  const config: Config = {
    environment,
    host: read.string('HOST') ?? '0.0.0.0',
    port: read.integer('PORT', 8000, 0, 65535),
    dataDir: resolve(read.string('DATA_DIR') ?? 'var'),
    databaseUrl: read.url('DATABASE_URL', ['postgres:', 'postgresql:']),
    databasePoolSize: read.integer('DATABASE_POOL_SIZE', 10, 1, 1000),
    redisUrl: read.url('REDIS_URL', ['redis:', 'rediss:']),
    redisKeyPrefix: read.string('REDIS_KEY_PREFIX') ?? 'movie-discovery:',
    jwtSecret,
    accessTokenTtlSeconds: read.integer('ACCESS_TOKEN_TTL_SECONDS', 30 * 60, 10, 24 * 3600),
    refreshTokenTtlSeconds: read.integer('REFRESH_TOKEN_TTL_SECONDS', 7 * 24 * 3600, 60, 365 * 24 * 3600),
    chatMaxMessageLength: read.integer('CHAT_MAX_MESSAGE_LENGTH', 2000, 1, 1_000_000),
    rateLimits: {
      login: read.rateLimit('RATE_LIMIT_LOGIN', '10/60'),
      register: read.rateLimit('RATE_LIMIT_REGISTER', '20/3600'),
      refresh: read.rateLimit('RATE_LIMIT_REFRESH', '30/60'),
      chat: read.rateLimit('RATE_LIMIT_CHAT', '30/60'),
    },
    trustedProxyHops: read.proxyHops('TRUST_PROXY'),
    maxBodyBytes: read.integer('MAX_BODY_BYTES', 64 * 1024, 1024, 64 * 1024 * 1024),
    httpIdleTimeoutSeconds: read.integer('HTTP_IDLE_TIMEOUT_SECONDS', 30, 1, 255),
    logLevel: read.oneOf('LOG_LEVEL', ['debug', 'info', 'warn', 'error', 'silent'] as const, 'info'),
    search: {
      embeddingModel: read.path('EMBEDDING_MODEL'),
      queryPrefix: env.EMBEDDING_QUERY_PREFIX ?? '',
      documentPrefix: env.EMBEDDING_DOCUMENT_PREFIX ?? '',
      pooling: read.oneOf('EMBEDDING_POOLING', ['mean', 'cls'] as const, 'mean'),
      threads: read.integer('EMBEDDING_THREADS', 0, 0, 256),
      indexDir: read.path('INDEX_DIR') ?? assetPath('data/index'),
      indexName: read.string('INDEX_NAME') ?? 'movies',
      corpusFile: read.path('CORPUS_FILE') ?? assetPath('data/corpus/movies.jsonl'),
      corpusFileSet: read.path('CORPUS_FILE') !== null,
      rankerFile: read.path('RANKER_FILE') ?? assetPath('data/ranker/ranker.json'),
      abstainBelow: read.string('ABSTAIN_BELOW') === null ? null : read.fraction('ABSTAIN_BELOW', 0),
    },
    catalog: {
      provider: read.oneOf('CATALOG_PROVIDER', ['offline', 'imdbapi'] as const, 'offline'),
      baseUrl: (read.url('CATALOG_BASE_URL', ['http:', 'https:']) ?? 'https://api.imdbapi.dev').replace(/\/+$/, ''),
      snapshotFile: read.path('CATALOG_SNAPSHOT') ?? assetPath('data/catalog/snapshot.jsonl'),
      timeoutMs: read.integer('CATALOG_TIMEOUT_MS', 2500, 50, 60_000),
      maxRetries: read.integer('CATALOG_RETRIES', 2, 0, 10),
      backoffMs: read.integer('CATALOG_BACKOFF_MS', 100, 1, 10_000),
      concurrency: read.integer('CATALOG_CONCURRENCY', 16, 1, 64),
      cacheTtlSeconds: read.integer('CATALOG_CACHE_TTL_SECONDS', 24 * 3600, 1, 30 * 24 * 3600),
      missTtlSeconds: read.integer('CATALOG_MISS_TTL_SECONDS', 3600, 1, 30 * 24 * 3600),
      breakerThreshold: read.integer('CATALOG_BREAKER_THRESHOLD', 5, 1, 1000),
      breakerCooldownSeconds: read.integer('CATALOG_BREAKER_COOLDOWN_SECONDS', 30, 1, 3600),
      confidenceThreshold: read.fraction('CONFIDENCE_THRESHOLD', 0.02),
      turnBudgetMs: read.integer('CATALOG_TURN_BUDGET_MS', 8000, 100, 120_000),
    },
    llm: {
      baseUrl: read.url('LLM_BASE_URL', ['http:', 'https:'])?.replace(/\/+$/, '') ?? null,
      apiKey: read.string('LLM_API_KEY'),
      model: read.string('LLM_MODEL') ?? 'gpt-4o-mini',
      timeoutMs: read.integer('LLM_TIMEOUT_MS', 20_000, 100, 300_000),
      maxToolIterations: read.integer('LLM_MAX_TOOL_ITERATIONS', 4, 1, 20),
    },
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

class EnvReader {
  constructor(private readonly env: Env, private readonly problems: string[]) {}

  string(name: string): string | null {
    const value = this.env[name]?.trim();
    return value ? value : null;
  }

  /** A file or folder path, resolved against the working directory. */
  path(name: string): string | null {
    const raw = this.string(name);
    return raw === null ? null : resolve(raw);
  }

  integer(name: string, fallback: number, min: number, max: number): number {
    const raw = this.string(name);
    if (raw === null) return fallback;
    const value = Number(raw);
    if (!/^-?\d+$/.test(raw) || value < min || value > max) {
      this.problems.push(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
      return fallback;
    }
    return value;
  }

  fraction(name: string, fallback: number): number {
    const raw = this.string(name);
    if (raw === null) return fallback;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < 0 || value > 1) {
      this.problems.push(`${name} must be a number from 0 to 1, got "${raw}"`);
      return fallback;
    }
    return value;
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
    const raw = this.string(name);
    if (raw === null) return fallback;
    if ((allowed as readonly string[]).includes(raw)) return raw as T;
    this.problems.push(`${name} must be one of ${allowed.join(', ')}, got "${raw}"`);
    return fallback;
  }

  url(name: string, protocols: string[]): string | null {
    const raw = this.string(name);
    if (raw === null) return null;
    let protocol = '';
    try {
      protocol = new URL(raw).protocol;
    } catch {
      // reported below; the value itself may hold a password, so it is not echoed
    }
    if (!protocols.includes(protocol)) {
      this.problems.push(`${name} must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`);
      return null;
    }
    return raw;
  }

  /** `<count>/<seconds>`, or `off`. */
  rateLimit(name: string, fallback: string): RateLimit | null {
    const raw = this.string(name) ?? fallback;
    if (raw === 'off') return null;
    const match = /^(\d+)\s*\/\s*(\d+)$/.exec(raw);
    const count = Number(match?.[1]);
    const periodSeconds = Number(match?.[2]);
    if (!match || count < 1 || periodSeconds < 1) {
      this.problems.push(`${name} must look like <count>/<seconds> (e.g. 10/60) or be "off", got "${raw}"`);
      return null;
    }
    return { count, periodSeconds };
  }

  /** false/0: X-Forwarded-For ignored; true: one proxy; N: N proxies. */
  proxyHops(name: string): number {
    const raw = this.string(name)?.toLowerCase() ?? 'false';
    if (raw === 'false' || raw === 'no') return 0;
    if (raw === 'true' || raw === 'yes') return 1;
    if (/^\d+$/.test(raw) && Number(raw) <= 10) return Number(raw);
    this.problems.push(`${name} must be true, false or a number of proxy hops (0-10), got "${raw}"`);
    return 0;
  }
}
