import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { BACKENDS, startServer, type TestServer } from '../support/harness.ts';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.ts';

for (const backend of BACKENDS) {
  describe(`health probes (${backend})`, () => {
    let server: TestServer;
    beforeAll(async () => (server = await startServer({ backend })));
    afterAll(() => server.stop());

    for (const path of ['/health/live', '/health', '/health/ready']) {
      test(`GET ${path} answers 200 with a status`, async () => {
        const response = await server.request('GET', path);
        expect(response.status).toBe(200);
        expect(typeof response.json.status).toBe('string');
        expect(response.headers.get('content-type')).toStartWith('application/json');
      });
    }
  });
}

describe('readiness follows its dependencies (postgres+redis)', () => {
  let server: TestServer;
  let postgresProxy: TcpProxy;
  let redisProxy: TcpProxy;

  beforeAll(async () => {
    postgresProxy = startTcpProxy('127.0.0.1', 5432);
    redisProxy = startTcpProxy('127.0.0.1', 6379);
    const base = await startServer({ backend: 'postgres+redis' });
    // A replica of the same stores, reached through the proxies.
    const databaseUrl = new URL(base.env.DATABASE_URL!);
    databaseUrl.port = String(postgresProxy.port);
    server = await base.replica({
      DATABASE_URL: databaseUrl.toString(),
      REDIS_URL: `redis://127.0.0.1:${redisProxy.port}`,
    });
    const stopReplica = server.stop;
    server.stop = async () => {
      await stopReplica();
      await base.stop();
    };
  });
  // Connections the proxy cut can hold postgres.js's graceful close for its full timeout.
  afterAll(async () => {
    await server.stop();
    postgresProxy.close();
    redisProxy.close();
  }, 20_000);

  const ready = () => server.request('GET', '/health/ready');
  const eventually = async (status: number) => {
    for (let i = 0; i < 50; i++) {
      const response = await ready();
      if (response.status === status) return response;
      await Bun.sleep(100);
    }
    throw new Error(`readiness never answered ${status}`);
  };

  test('503 ErrorDetail while the database is unreachable, 200 again after', async () => {
    expect((await ready()).status).toBe(200);
    postgresProxy.cut();
    const down = await eventually(503);
    expect(down.json).toEqual({ detail: 'Database unavailable' });
    expect((await server.request('GET', '/health/live')).status).toBe(200);
    postgresProxy.restore();
    await eventually(200);
  });

  test('503 ErrorDetail while Redis is unreachable, 200 again after', async () => {
    redisProxy.cut();
    const down = await eventually(503);
    expect(down.json).toEqual({ detail: 'Key-value store unavailable' });
    redisProxy.restore();
    await eventually(200);
  });

  test('while Redis is down, login still works (rate limits fail open, revocations fall back to the database)', async () => {
    const email = `user-${crypto.randomUUID()}@example.com`;
    const registered = await server.request('POST', '/auth/register', { json: { email, password: 'correct-horse-battery' } });
    redisProxy.cut();
    try {
      const login = await server.request('POST', '/auth/login', { json: { email, password: 'correct-horse-battery' } });
      expect(login.status).toBe(200);
      const refreshed = await server.request('POST', '/auth/refresh', { json: { refresh_token: registered.json.refresh_token } });
      expect(refreshed.status).toBe(200);
      const reused = await server.request('POST', '/auth/refresh', { json: { refresh_token: registered.json.refresh_token } });
      expect(reused.status).toBe(401);
    } finally {
      redisProxy.restore();
    }
  });
});

describe('readiness during start-up', () => {
  test('503 "Service is starting" until start-up has finished', async () => {
    const server = await startServer({ backend: 'embedded' });
    try {
      // A fresh Readiness on the same stores has not been marked started.
      const { Readiness } = await import('../../src/readiness.ts');
      const fresh = new Readiness(server.services.database, server.services.kv);
      expect(await fresh.check()).toEqual({ ready: false, reason: 'Service is starting' });
      fresh.markStarted();
      expect(await fresh.check()).toEqual({ ready: true });
    } finally {
      await server.stop();
    }
  });
});
