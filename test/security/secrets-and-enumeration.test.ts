// Security properties over HTTP: no secret reaches the logs or a response, and login gives
// an attacker no way (status, body or time) to tell a registered e-mail from an unknown one.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { PASSWORD, parseEvents, randomEmail, startServer, type TestServer } from '../support/harness.ts';

const JWT_SECRET = 'log-secret-DO-NOT-LEAK-0123456789-abcdefghij';
const DB_PASSWORD = 'db-password-DO-NOT-LEAK';

describe('secrets and enumeration', () => {
  const logLines: string[] = [];
  let base: TestServer;
  let server: TestServer;
  beforeAll(async () => {
    base = await startServer({ env: { JWT_SECRET, RATE_LIMIT_LOGIN: '3/60' }, logLines });
    // The same database reached with a password in its URL (trust auth ignores it): it must never be logged.
    const url = new URL(base.env.DATABASE_URL!);
    url.password = DB_PASSWORD;
    server = await base.replica({ DATABASE_URL: url.toString() });
  });
  afterAll(async () => {
    await server.stop();
    await base.stop();
  });

  test('passwords, tokens and secrets appear in no log line and no error response', async () => {
    const email = randomEmail();
    const secrets: string[] = [PASSWORD, JWT_SECRET, DB_PASSWORD, 'wrong-password-123'];
    const responses: string[] = [];
    const call = async (method: string, path: string, options: Parameters<TestServer['request']>[2] = {}) => {
      const response = await server.request(method, path, options);
      if (response.status >= 400) responses.push(response.text);
      return response;
    };
    const registered = await call('POST', '/auth/register', { json: { email, password: PASSWORD } });
    secrets.push(registered.json.access_token, registered.json.refresh_token);
    const login = await call('POST', '/auth/login', { json: { email, password: PASSWORD } });
    secrets.push(login.json.access_token, login.json.refresh_token);
    for (let i = 0; i < 4; i++) await call('POST', '/auth/login', { json: { email, password: 'wrong-password-123' } }); // 401s, then 429
    const refreshed = await call('POST', '/auth/refresh', { json: { refresh_token: registered.json.refresh_token } });
    secrets.push(refreshed.json.refresh_token);
    await call('POST', '/auth/refresh', { json: { refresh_token: registered.json.refresh_token } }); // reuse: family revoked, warning logged
    await call('POST', '/auth/logout', { json: { refresh_token: login.json.refresh_token } });
    await call('POST', '/auth/register', { json: { email: 'not-an-email', password: PASSWORD } });
    await call('POST', '/auth/login', { body: `{"email": "${email}", "password": "${PASSWORD}"`, headers: { 'content-type': 'application/json' } });
    const turn = await call('POST', '/chat', { token: login.json.access_token, json: { session_id: crypto.randomUUID(), message: 'a shark' } });
    expect(parseEvents(turn.text).at(-1)!.type).toBe('done');
    await call('GET', '/chat/sessions', { token: `${login.json.access_token}tampered` });

    expect(logLines.length).toBeGreaterThan(10);
    expect(logLines.some((line) => line.includes('refresh token reuse detected'))).toBe(true);
    const everything = [...logLines, ...responses].join('\n');
    for (const secret of secrets) expect(everything.includes(secret)).toBe(false);
    expect(everything).not.toMatch(/eyJ[\w-]{10,}\.[\w-]{10,}\./); // nothing shaped like a JWT
  });

  test('login for an unknown e-mail: same status, same body, same time as a wrong password', async () => {
    const email = randomEmail();
    await server.request('POST', '/auth/register', { json: { email, password: PASSWORD } });
    const timed = async (body: { email: string; password: string }) => {
      const started = performance.now();
      const response = await server.request('POST', '/auth/login', { json: body, headers: { 'x-forwarded-for': crypto.randomUUID() } });
      return { ms: performance.now() - started, status: response.status, text: response.text };
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      // fresh e-mails each time: the per-e-mail rate limit (3/60 here) must not be what answers
      const wrong = await timed({ email, password: `wrong-password-${i}` });
      const missing = await timed({ email: randomEmail(), password: 'wrong-password' });
      expect(wrong.status).toBe(401);
      expect(missing.status).toBe(401);
      expect(missing.text).toBe(wrong.text);
      known.push(wrong.ms);
      unknown.push(missing.ms);
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[1]!;
    expect(median(unknown) / median(known)).toBeGreaterThan(0.5);
    expect(median(unknown) / median(known)).toBeLessThan(2);
  });
});
