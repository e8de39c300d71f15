// Bodies over MAX_BODY_BYTES, on the listener settings production uses (listenOptions): every
// one answers 413 {"detail":"Request body too large"} as JSON, however it is framed and however
// large, and the service answers without reading the rest.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { registerUser, startServer, type RegisteredUser, type TestServer } from '../support/harness.ts';
import { rawRequest } from '../support/raw-http.ts';

const MAX_BODY_BYTES = 64 * 1024; // the default
const TOO_LARGE = { detail: 'Request body too large' };
const JSON_TYPE = { 'content-type': 'application/json' };

describe('bodies over the size limit', () => {
  let server: TestServer;
  let user: RegisteredUser;
  beforeAll(async () => {
    server = await startServer({ backend: 'embedded' });
    user = await registerUser(server);
  });
  afterAll(() => server.stop());

  const expectTooLarge = (response: { status: number; text: string; headers: Headers | Record<string, string> }, what: string) => {
    const type = response.headers instanceof Headers ? response.headers.get('content-type') : response.headers['content-type'];
    expect([what, response.status, type?.split(';')[0], response.text]).toEqual([what, 413, 'application/json', JSON.stringify(TOO_LARGE)]);
  };

  test('a 5 MB chat message', async () => {
    const body = JSON.stringify({ session_id: crypto.randomUUID(), message: 'a'.repeat(5_000_000) });
    expectTooLarge(await server.request('POST', '/chat', { token: user.access, body, headers: JSON_TYPE }), 'chat');
  });

  test('a 1 MB password, on register and on login', async () => {
    const body = JSON.stringify({ email: user.email, password: 'x'.repeat(1_000_000) });
    for (const path of ['/auth/register', '/auth/login']) expectTooLarge(await server.request('POST', path, { body, headers: JSON_TYPE }), path);
  });

  test('a 1 MB refresh token, on refresh and on logout', async () => {
    const body = JSON.stringify({ refresh_token: 'x'.repeat(1_000_000) });
    for (const path of ['/auth/refresh', '/auth/logout']) expectTooLarge(await server.request('POST', path, { body, headers: JSON_TYPE }), path);
  });

  test('one byte over the limit on every endpoint with a body; exactly at the limit is read', async () => {
    const padded = (size: number) => {
      const start = '{"email":"a@example.com","password":"';
      return `${start}${'x'.repeat(size - start.length - 2)}"}`;
    };
    for (const path of ['/auth/register', '/auth/login', '/auth/refresh', '/auth/logout', '/chat']) {
      const token = path === '/chat' ? user.access : undefined;
      expectTooLarge(await server.request('POST', path, { token, body: padded(MAX_BODY_BYTES + 1), headers: JSON_TYPE }), path);
      const atLimit = await server.request('POST', path, { token, body: padded(MAX_BODY_BYTES), headers: JSON_TYPE });
      expect([path, atLimit.status]).not.toEqual([path, 413]);
      expect(atLimit.status).toBeLessThan(500);
    }
  });

  test('a chunked body without a Content-Length', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    let left = 80; // 5 MB
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (left-- > 0) controller.enqueue(chunk);
        else controller.close();
      },
    });
    expectTooLarge(await server.request('POST', '/chat', { token: user.access, body, headers: JSON_TYPE }), 'chunked');
  });

  test('a declared length far beyond the limit: answered at once, before any body arrives', async () => {
    // Bun's parser itself refuses a Content-Length of 18 digits or more as malformed (400).
    for (const declared of [MAX_BODY_BYTES + 1, 5_000_000, 10 * 1024 ** 3, 2 ** 53 + 1, '99999999999999999']) {
      const response = await rawRequest(server.baseUrl, {
        method: 'POST', path: '/auth/login', headers: JSON_TYPE, body: '{"email":', declaredLength: declared,
      });
      expectTooLarge(response, `content-length ${declared}`);
    }
  });

  test('a 64 MiB body, with a Content-Length or chunked: refused long before its end', async () => {
    const total = 64 * 1024 * 1024;
    for (const framing of ['content-length', 'chunked'] as const) {
      const response = await rawRequest(server.baseUrl, { method: 'POST', path: '/auth/register', headers: JSON_TYPE, bodyBytes: total, framing });
      expectTooLarge(response, framing);
      expect(response.sent).toBeLessThan(total / 4);
    }
  });

  test('a large body on a route that takes none', async () => {
    const response = await rawRequest(server.baseUrl, {
      method: 'GET', path: '/chat/sessions', headers: { authorization: `Bearer ${user.access}` }, bodyBytes: 5_000_000,
    });
    expectTooLarge(response, 'GET with a body');
  });
});
