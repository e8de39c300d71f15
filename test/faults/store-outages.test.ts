// Postgres and Redis going away and coming back under traffic, through TCP proxies that a
// test can cut: clean 503s (never a hang, never a 500 with internals), readiness follows,
// nothing half-written, and Redis's absence degrades without locking anyone out.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { type ProxiedServer, startBehindProxies } from '../support/behind-proxies.ts';
import { PASSWORD, parseEvents, randomEmail, type TestServer } from '../support/harness.ts';
import type { TcpProxy } from '../support/tcp-proxy.ts';

describe('store outages (postgres+redis behind cuttable proxies)', () => {
  let proxied: ProxiedServer;
  let server: TestServer;
  let postgresProxy: TcpProxy;
  let redisProxy: TcpProxy;
  let untilStatus: ProxiedServer['untilStatus'];
  let token: string;
  let email: string;

  beforeAll(async () => {
    proxied = await startBehindProxies({ env: { RATE_LIMIT_LOGIN: '100/60', RATE_LIMIT_CHAT: '100/60' } });
    ({ server, postgres: postgresProxy, redis: redisProxy, untilStatus } = proxied);
    email = randomEmail();
    token = (await server.request('POST', '/auth/register', { json: { email, password: PASSWORD } })).json.access_token;
  });
  afterAll(() => proxied.stop(), 30_000);

  test('Postgres down: 503 ErrorDetail with Retry-After, quickly; back by itself; no half-written turn', async () => {
    const sessionId = crypto.randomUUID();
    const before = await server.request('POST', '/chat', { token, json: { session_id: sessionId, message: 'a shark terrorises a beach town' } });
    expect(parseEvents(before.text).at(-1)!.type).toBe('done');

    postgresProxy.cut();
    await untilStatus('/health/ready', 503);
    const started = Date.now();
    const during = await Promise.all([
      server.request('GET', '/chat/sessions', { token }),
      server.request('GET', `/chat/${sessionId}/history`, { token }),
      server.request('POST', '/auth/login', { json: { email, password: PASSWORD } }),
      server.request('POST', '/auth/register', { json: { email: randomEmail(), password: PASSWORD } }),
      server.request('POST', '/chat', { token, json: { session_id: sessionId, message: 'yes the first' } }),
    ]);
    expect(Date.now() - started).toBeLessThan(8000);
    for (const response of during) {
      expect(response.status).toBe(503);
      expect(response.json).toEqual({ detail: 'Service temporarily unavailable' });
      expect(response.headers.get('retry-after')).toBe('5');
    }
    expect((await server.request('GET', '/health/live')).status).toBe(200);

    postgresProxy.restore();
    await untilStatus('/health/ready', 200);
    const history = await server.request('GET', `/chat/${sessionId}/history`, { token });
    expect(history.status).toBe(200);
    expect(history.json.messages).toHaveLength(2); // the first turn, and nothing of the refused one
    expect(history.json.phase).toBe('confirmation');
    const after = await server.request('POST', '/chat', { token, json: { session_id: sessionId, message: 'yes the first' } });
    expect(parseEvents(after.text).at(-1)).toMatchObject({ type: 'done', phase: 'qa' });
  }, 60_000);

  test('Postgres lost in the middle of a turn: an error event, and the turn is not committed', async () => {
    const sessionId = crypto.randomUUID();
    // The turn's checkpoint read succeeds; the cut lands before its commit.
    const pending = server.request('POST', '/chat', { token, json: { session_id: sessionId, message: 'two lovers on a sinking ocean liner' } });
    await Bun.sleep(5);
    postgresProxy.cut();
    const response = await pending;
    postgresProxy.restore();
    await untilStatus('/health/ready', 200);
    const history = await server.request('GET', `/chat/${sessionId}/history`, { token });
    if (response.status === 200) {
      const last = parseEvents(response.text).at(-1)!;
      // Either the commit won the race (done, two messages) or it lost (error, nothing stored).
      if (last.type === 'done') expect(history.json.messages).toHaveLength(2);
      else {
        expect(last.type).toBe('error');
        expect(history.status).toBe(404);
      }
    } else {
      expect(response.status).toBe(503);
      expect(history.status).toBe(404);
    }
  }, 60_000);

  test('Redis down: logins, refreshes and chat turns still work; a revoked token stays revoked; back by itself', async () => {
    const login = await server.request('POST', '/auth/login', { json: { email, password: PASSWORD } });
    await server.request('POST', '/auth/logout', { json: { refresh_token: login.json.refresh_token } });
    redisProxy.cut();
    await untilStatus('/health/ready', 503);
    try {
      expect((await server.request('POST', '/auth/login', { json: { email, password: PASSWORD } })).status).toBe(200);
      expect((await server.request('POST', '/auth/refresh', { json: { refresh_token: login.json.refresh_token } })).status).toBe(401);
      const turn = await server.request('POST', '/chat', { token, json: { session_id: crypto.randomUUID(), message: 'a boy wizard at a school of magic' } });
      expect(turn.status).toBe(200);
      expect(parseEvents(turn.text).at(-1)).toMatchObject({ type: 'done', phase: 'confirmation' });
    } finally {
      redisProxy.restore();
    }
    await untilStatus('/health/ready', 200);
  }, 60_000);
});
