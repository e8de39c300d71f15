// An app whose Postgres and Redis connections go through TCP proxies a test can cut, to
// watch the service lose a store and get it back.
import { type StartOptions, startServer, type TestServer } from './harness.ts';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.ts';

export interface ProxiedServer {
  server: TestServer;
  postgres: TcpProxy;
  redis: TcpProxy;
  /** Polls `path` until it answers `status` (5 s at most). */
  untilStatus(path: string, status: number): Promise<void>;
  stop(): Promise<void>;
}

export async function startBehindProxies(options: StartOptions = {}): Promise<ProxiedServer> {
  const postgres = startTcpProxy('127.0.0.1', 5432);
  const redis = startTcpProxy('127.0.0.1', 6379);
  // The stores are created by a first app; a replica reaches the same ones through the proxies.
  const base = await startServer({ ...options, backend: 'postgres+redis' });
  const databaseUrl = new URL(base.env.DATABASE_URL!);
  databaseUrl.port = String(postgres.port);
  const server = await base.replica({ DATABASE_URL: databaseUrl.toString(), REDIS_URL: `redis://127.0.0.1:${redis.port}` });
  return {
    server,
    postgres,
    redis,
    async untilStatus(path, status) {
      for (let i = 0; i < 50; i++) {
        if ((await server.request('GET', path)).status === status) return;
        await Bun.sleep(100);
      }
      throw new Error(`${path} never answered ${status}`);
    },
    async stop() {
      await server.stop();
      await base.stop();
      postgres.close();
      redis.close();
    },
  };
}
