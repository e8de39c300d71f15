import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { clientIp } from '../../src/http/client-ip.ts';
import { PASSWORD, randomEmail, registerUser, startServer, type TestServer } from '../support/harness.ts';

describe('auth rate limits (postgres+redis)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({
      env: { RATE_LIMIT_LOGIN: '3/60', RATE_LIMIT_REGISTER: '4/3600', RATE_LIMIT_REFRESH: '2/60', TRUST_PROXY: '1' },
    });
  });
  afterAll(() => server.stop());

  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  const login = (email: string, ip: string) =>
    server.request('POST', '/auth/login', { json: { email, password: 'wrong-password' }, headers: from(ip) });

  test('login: 429 with Retry-After after the limit, per IP and e-mail', async () => {
    const email = randomEmail();
    for (let i = 0; i < 3; i++) expect((await login(email, '10.0.0.1')).status).toBe(401);
    const limited = await login(email.toUpperCase(), '10.0.0.1');
    expect(limited.status).toBe(429);
    expect(limited.json).toEqual({ detail: 'Rate limit exceeded' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(20);
    // another address, or another e-mail from the same address, is not affected
    expect((await login(email, '10.0.0.2')).status).toBe(401);
    expect((await login(randomEmail(), '10.0.0.1')).status).toBe(401);
  });

  test('login: the limit is shared by replicas', async () => {
    const email = randomEmail();
    const replica = await server.replica();
    try {
      const viaReplica = (ip: string) =>
        replica.request('POST', '/auth/login', { json: { email, password: 'wrong-password' }, headers: from(ip) });
      expect((await login(email, '10.0.1.1')).status).toBe(401);
      expect((await viaReplica('10.0.1.1')).status).toBe(401);
      expect((await login(email, '10.0.1.1')).status).toBe(401);
      expect((await viaReplica('10.0.1.1')).status).toBe(429);
    } finally {
      await replica.stop();
    }
  });

  test('register: per IP', async () => {
    const register = (ip: string) =>
      server.request('POST', '/auth/register', { json: { email: randomEmail(), password: PASSWORD }, headers: from(ip) });
    for (let i = 0; i < 4; i++) expect((await register('10.0.2.1')).status).toBe(201);
    const limited = await register('10.0.2.1');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await register('10.0.2.2')).status).toBe(201);
  });

  test('refresh: per IP', async () => {
    const user = await registerUser(server, randomEmail());
    const refresh = (token: string, ip: string) =>
      server.request('POST', '/auth/refresh', { json: { refresh_token: token }, headers: from(ip) });
    expect((await refresh('garbage', '10.0.3.1')).status).toBe(401);
    expect((await refresh('garbage', '10.0.3.1')).status).toBe(401);
    expect((await refresh(user.refresh, '10.0.3.1')).status).toBe(429);
    expect((await refresh(user.refresh, '10.0.3.2')).status).toBe(200);
  });
});

describe('clientIp', () => {
  const request = (forwarded?: string) =>
    new Request('http://x/', { headers: forwarded ? { 'x-forwarded-for': forwarded } : {} });

  test('ignores X-Forwarded-For unless proxies are trusted', () => {
    expect(clientIp(request('1.2.3.4'), '127.0.0.1', 0)).toBe('127.0.0.1');
  });

  test('takes the entry added by the outermost trusted proxy, not what the client wrote', () => {
    expect(clientIp(request('6.6.6.6, 1.2.3.4'), '10.0.0.1', 1)).toBe('1.2.3.4');
    expect(clientIp(request('6.6.6.6, 1.2.3.4, 10.0.0.5'), '10.0.0.1', 2)).toBe('1.2.3.4');
    expect(clientIp(request(), '10.0.0.1', 1)).toBe('10.0.0.1');
  });
});
