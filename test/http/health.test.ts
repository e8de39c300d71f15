import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { BACKENDS, startServer, type TestServer } from '../support/harness.ts';
import { type ProxiedServer, startBehindProxies } from '../support/behind-proxies.ts';

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
  let proxied: ProxiedServer;
  beforeAll(async () => (proxied = await startBehindProxies()));
  // Connections the proxy cut can hold postgres.js's graceful close for its full timeout.
  afterAll(() => proxied.stop(), 20_000);

  const ready = () => proxied.server.request('GET', '/health/ready');

  test('503 ErrorDetail while the database is unreachable, 200 again after', async () => {
    expect((await ready()).status).toBe(200);
    proxied.postgres.cut();
    await proxied.untilStatus('/health/ready', 503);
    expect((await ready()).json).toEqual({ detail: 'Database unavailable' });
    expect((await proxied.server.request('GET', '/health/live')).status).toBe(200);
    proxied.postgres.restore();
    await proxied.untilStatus('/health/ready', 200);
  });

  test('503 ErrorDetail while Redis is unreachable, 200 again after', async () => {
    proxied.redis.cut();
    await proxied.untilStatus('/health/ready', 503);
    expect((await ready()).json).toEqual({ detail: 'Key-value store unavailable' });
    proxied.redis.restore();
    await proxied.untilStatus('/health/ready', 200);
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
