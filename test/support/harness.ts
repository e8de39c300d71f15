// The one test harness: builds the real app (createServices + createApp) on real backing
// services and serves it over HTTP on a free port, so tests go through the same code path
// as production, sockets included.
import { createApp, createServices, listenOptions, type ServiceOverrides, type Services } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import type { MovieSearch } from '../../src/search/movie-search.ts';
import { openMovieSearch } from '../../src/search/open-search.ts';
import { createLogger } from '../../src/log.ts';
import { REDIS_URL, type TempResource, tempDirectory, tempPostgresDatabase, tempRedisPrefix } from './services.ts';

export type Backend = 'postgres+redis' | 'embedded';

/** Integration suites run on both: the scaled-out stack and the single-binary defaults. */
export const BACKENDS: Backend[] = ['postgres+redis', 'embedded'];

export interface TestServer {
  baseUrl: string;
  services: Services;
  env: Record<string, string>;
  request(method: string, path: string, options?: RequestOptions): Promise<TestResponse>;
  /** Stops this process's app and starts a new one on the same stores (a restart). */
  restart(): Promise<TestServer>;
  /** Another instance on the same stores, as a second replica; stopped by its own stop(). */
  replica(env?: Record<string, string>): Promise<TestServer>;
  stop(): Promise<void>;
}

export interface RequestOptions {
  json?: unknown;
  body?: BodyInit;
  token?: string;
  headers?: Record<string, string>;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  text: string;
  json: any;
}

export interface StartOptions {
  backend?: Backend;
  /** Environment overrides (rate limits are off unless set here). */
  env?: Record<string, string>;
  overrides?: ServiceOverrides;
  /** Collects the service's log lines (JSON) instead of printing them. */
  logLines?: string[];
}

export async function startServer(options: StartOptions = {}): Promise<TestServer> {
  const resources: TempResource<string>[] = [];
  const env = { ...(await backendEnv(options.backend ?? 'postgres+redis', resources)), ...options.env };
  return launch(env, resources, { search: await sharedSearch(), ...options.overrides }, options.logLines);
}

let search: Promise<MovieSearch> | undefined;

/** One model and index for the whole test run: loading them per app would cost seconds and memory. */
export function sharedSearch(): Promise<MovieSearch> {
  search ??= openMovieSearch(loadConfig({}).search, createLogger('silent'));
  return search;
}

/** Starts the app on `env`; `resources` are disposed when this server stops for good. */
async function launch(
  env: Record<string, string>,
  resources: TempResource<string>[],
  overrides: ServiceOverrides = {},
  logLines?: string[],
): Promise<TestServer> {
  const config = loadConfig(env);
  const log = logLines ? createLogger('debug', (line) => logLines.push(line)) : createLogger(config.logLevel);
  const services = await createServices(config, log, overrides);
  const app = createApp(services).listen({ hostname: '127.0.0.1', port: 0, ...listenOptions(config) });
  await services.engine.ready();
  services.readiness.markStarted();
  const baseUrl = `http://127.0.0.1:${app.server!.port}`;
  const shutDown = async () => {
    await app.stop(true);
    await services.close();
  };
  return {
    baseUrl,
    services,
    env,
    request: (method, path, opts) => send(baseUrl, method, path, opts),
    async restart() {
      await shutDown();
      return launch(env, resources, overrides, logLines);
    },
    replica: (envOverrides = {}) => launch({ ...env, ...envOverrides }, [], overrides, logLines),
    async stop() {
      await shutDown();
      for (const resource of resources.reverse()) await resource.dispose();
    },
  };
}

async function backendEnv(backend: Backend, resources: TempResource<string>[]): Promise<Record<string, string>> {
  const dataDir = tempDirectory();
  resources.push(dataDir);
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir.value,
    RATE_LIMIT_LOGIN: 'off',
    RATE_LIMIT_REGISTER: 'off',
    RATE_LIMIT_REFRESH: 'off',
    RATE_LIMIT_CHAT: 'off',
  };
  if (backend === 'postgres+redis') {
    const database = await tempPostgresDatabase();
    const prefix = tempRedisPrefix();
    resources.push(database, prefix);
    Object.assign(env, { DATABASE_URL: database.value, REDIS_URL, REDIS_KEY_PREFIX: prefix.value });
  }
  return env;
}

export async function send(baseUrl: string, method: string, path: string, options: RequestOptions = {}): Promise<TestResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body = options.body;
  if (options.json !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(options.json);
  }
  const response = await fetch(baseUrl + path, { method, headers, body });
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

export const randomEmail = () => `user-${crypto.randomUUID()}@example.com`;
export const PASSWORD = 'correct-horse-battery';

export interface RegisteredUser {
  email: string;
  access: string;
  refresh: string;
}

export async function registerUser(server: TestServer, email = randomEmail()): Promise<RegisteredUser> {
  const response = await server.request('POST', '/auth/register', { json: { email, password: PASSWORD } });
  if (response.status !== 201) throw new Error(`register failed: ${response.status} ${response.text}`);
  return { email, access: response.json.access_token, refresh: response.json.refresh_token };
}

/** Parses an SSE body the way the spec's clients do; throws on any other line. */
export function parseEvents(body: string): Array<Record<string, any>> {
  const events: Array<Record<string, any>> = [];
  for (const line of body.split('\n')) {
    if (line === '') continue;
    if (!line.startsWith('data: ')) throw new Error(`not a data line: ${line}`);
    events.push(JSON.parse(line.slice(6)));
  }
  return events;
}
