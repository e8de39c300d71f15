import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { BACKENDS, PASSWORD, randomEmail, registerUser, startServer, type TestServer } from '../support/harness.ts';

const decode = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString());

for (const backend of BACKENDS) {
  describe(`auth endpoints (${backend})`, () => {
    let server: TestServer;
    beforeAll(async () => (server = await startServer({ backend })));
    afterAll(() => server.stop());
    const post = (path: string, json: unknown) => server.request('POST', path, { json });

    test('register: 201 with a token pair', async () => {
      const response = await post('/auth/register', { email: randomEmail(), password: PASSWORD });
      expect(response.status).toBe(201);
      expect(response.json.token_type).toBe('bearer');
      const access = decode(response.json.access_token);
      const refresh = decode(response.json.refresh_token);
      expect(access.type).toBe('access');
      expect(refresh.type).toBe('refresh');
      expect(access.exp - access.iat).toBe(1800);
      expect(refresh.exp - refresh.iat).toBe(604800);
    });

    test('register: 409 for a taken e-mail, compared case-insensitively', async () => {
      const email = randomEmail();
      await registerUser(server, email);
      const again = await post('/auth/register', { email: email.toUpperCase(), password: PASSWORD });
      expect(again.status).toBe(409);
      expect(again.json).toEqual({ detail: 'Email already registered' });
    });

    test('register: 422 in the FastAPI shape for bad input', async () => {
      const response = await post('/auth/register', { email: 'not-an-email', password: 'short' });
      expect(response.status).toBe(422);
      const locs = response.json.detail.map((d: { loc: unknown[] }) => d.loc.join('.'));
      expect(locs).toEqual(['body.email', 'body.password']);
      for (const item of response.json.detail) expect(Object.keys(item).sort()).toEqual(['input', 'loc', 'msg', 'type']);
      const missing = await post('/auth/register', {});
      expect(missing.json.detail.map((d: { type: string }) => d.type)).toEqual(['missing', 'missing']);
    });

    test('login: 200 with the right password, any e-mail case', async () => {
      const email = randomEmail();
      await registerUser(server, email);
      const response = await post('/auth/login', { email: email.toUpperCase(), password: PASSWORD });
      expect(response.status).toBe(200);
      expect(decode(response.json.access_token).type).toBe('access');
    });

    test('login: 401 for a wrong password and for an unknown e-mail, same body', async () => {
      const { email } = await registerUser(server);
      const wrong = await post('/auth/login', { email, password: 'wrong-password' });
      const unknown = await post('/auth/login', { email: randomEmail(), password: PASSWORD });
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(wrong.json).toEqual({ detail: 'Invalid credentials' });
      expect(unknown.json).toEqual(wrong.json);
    });

    test('login: 422 for a malformed body', async () => {
      expect((await post('/auth/login', { email: 'x' })).status).toBe(422);
    });

    test('refresh: 200 with a new pair; the presented token is revoked', async () => {
      const user = await registerUser(server);
      const first = await post('/auth/refresh', { refresh_token: user.refresh });
      expect(first.status).toBe(200);
      expect(first.json.refresh_token).not.toBe(user.refresh);
      const access = await server.request('GET', '/chat/sessions', { token: first.json.access_token });
      expect(access.status).toBe(200);
      const second = await post('/auth/refresh', { refresh_token: first.json.refresh_token });
      expect(second.status).toBe(200);
    });

    test('refresh: reusing a rotated token answers 401 and revokes its whole family', async () => {
      const user = await registerUser(server);
      const rotated = await post('/auth/refresh', { refresh_token: user.refresh });
      expect(rotated.status).toBe(200);
      const reuse = await post('/auth/refresh', { refresh_token: user.refresh });
      expect(reuse.status).toBe(401);
      // The thief's successor token is dead too.
      const successor = await post('/auth/refresh', { refresh_token: rotated.json.refresh_token });
      expect(successor.status).toBe(401);
      // Other sessions of the same user (another login: another family) are untouched.
      const login = await post('/auth/login', { email: user.email, password: PASSWORD });
      expect((await post('/auth/refresh', { refresh_token: login.json.refresh_token })).status).toBe(200);
    });

    test('refresh: concurrent use of one token lets exactly one through', async () => {
      const user = await registerUser(server);
      const results = await Promise.all([1, 2, 3].map(() => post('/auth/refresh', { refresh_token: user.refresh })));
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    });

    test('refresh: 401 for an access token, garbage, and 422 without the field', async () => {
      const user = await registerUser(server);
      expect((await post('/auth/refresh', { refresh_token: user.access })).status).toBe(401);
      expect((await post('/auth/refresh', { refresh_token: 'garbage' })).status).toBe(401);
      const missing = await post('/auth/refresh', {});
      expect(missing.status).toBe(422);
      expect(missing.json.detail[0].loc).toEqual(['body', 'refresh_token']);
    });

    test('logout: 204 with no body; the refresh token is dead afterwards, the access token lives on', async () => {
      const user = await registerUser(server);
      const response = await post('/auth/logout', { refresh_token: user.refresh });
      expect(response.status).toBe(204);
      expect(response.text).toBe('');
      expect((await post('/auth/refresh', { refresh_token: user.refresh })).status).toBe(401);
      expect((await server.request('GET', '/chat/sessions', { token: user.access })).status).toBe(200);
    });

    test('logout: 401 for an access token or garbage, 422 without the field', async () => {
      const user = await registerUser(server);
      expect((await post('/auth/logout', { refresh_token: user.access })).status).toBe(401);
      expect((await post('/auth/logout', { refresh_token: 'x.y.z' })).status).toBe(401);
      expect((await post('/auth/logout', { token: user.refresh })).status).toBe(422);
    });

    test('a revocation survives a restart of the service', async () => {
      const user = await registerUser(server);
      await post('/auth/logout', { refresh_token: user.refresh });
      server = await server.restart();
      expect((await post('/auth/refresh', { refresh_token: user.refresh })).status).toBe(401);
      // and tokens issued before the restart still work (the signing key persisted)
      expect((await server.request('GET', '/chat/sessions', { token: user.access })).status).toBe(200);
    });
  });
}

