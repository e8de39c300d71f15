// Length limits of JSON fields count characters, as the spec and pydantic do, not UTF-16
// units; e-mail addresses have RFC 5321's lengths, as pydantic's EmailStr enforces.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { registerUser, startServer, type RegisteredUser, type TestServer } from '../support/harness.ts';

const MAX_MESSAGE = 50;
const ASTRAL = '\u{1d578}'; // one character, two UTF-16 units

describe('field lengths', () => {
  let server: TestServer;
  let user: RegisteredUser;
  beforeAll(async () => {
    server = await startServer({ backend: 'embedded', env: { CHAT_MAX_MESSAGE_LENGTH: String(MAX_MESSAGE) } });
    user = await registerUser(server);
  });
  afterAll(() => server.stop());

  const issues = (json: { detail: Array<{ loc: string[]; type: string }> }) => json.detail.map((issue) => [issue.loc.join('.'), issue.type]);
  const chat = (message: string) => server.request('POST', '/chat', { token: user.access, json: { session_id: crypto.randomUUID(), message } });
  const register = (email: string, password = 'correct-horse') => server.request('POST', '/auth/register', { json: { email, password } });

  test('a chat message of the maximum length in characters outside the BMP is accepted; one more is 422', async () => {
    expect((await chat(ASTRAL.repeat(MAX_MESSAGE))).status).toBe(200);
    expect((await chat(`${'a'.repeat(MAX_MESSAGE - 1)}\u{1f600}`)).status).toBe(200);
    const tooLong = await chat(ASTRAL.repeat(MAX_MESSAGE + 1));
    expect(tooLong.status).toBe(422);
    expect(issues(tooLong.json)).toEqual([['body.message', 'string_too_long']]);
    expect(tooLong.json.detail[0].msg).toBe(`String should have at most ${MAX_MESSAGE} characters`);
  });

  test('a password of four characters outside the BMP is four characters: 422; eight are enough', async () => {
    const short = await register(`short-${crypto.randomUUID()}@example.com`, ASTRAL.repeat(4));
    expect(short.status).toBe(422);
    expect(issues(short.json)).toEqual([['body.password', 'string_too_short']]);
    expect(short.json.detail[0].msg).toBe('String should have at least 8 characters');
    expect((await register(`long-${crypto.randomUUID()}@example.com`, ASTRAL.repeat(8))).status).toBe(201);
  });

  test('a lone surrogate counts as one character', async () => {
    expect((await chat('\ud800'.repeat(MAX_MESSAGE))).status).toBe(200);
    expect((await chat('\ud800'.repeat(MAX_MESSAGE + 1))).status).toBe(422);
  });

  test('e-mail addresses: at most 64 characters before the @, 254 in all, 63 in a domain label', async () => {
    const label = (length: number) => 'd'.repeat(length);
    const ok = [
      `${'a'.repeat(64)}@example.com`,
      `a@${label(63)}.com`,
      `${'a'.repeat(64)}@${[label(63), label(63), label(61)].join('.')}`, // 254 characters
    ];
    const refused = [
      `${'a'.repeat(65)}@example.com`,
      `a@${label(64)}.com`,
      `${'a'.repeat(64)}@${[label(63), label(63), label(62)].join('.')}`, // 255 characters
      `${'a'.repeat(5000)}@example.com`,
    ];
    expect(ok[2]!.length).toBe(254);
    for (const email of ok) expect([email.length, (await register(email)).status]).toEqual([email.length, 201]);
    for (const email of refused) {
      const response = await register(email);
      expect([email.length, response.status]).toEqual([email.length, 422]);
      expect(response.json.detail[0]).toMatchObject({ loc: ['body', 'email'], type: 'value_error', msg: 'value is not a valid email address' });
    }
    const login = await server.request('POST', '/auth/login', { json: { email: refused[0], password: 'correct-horse' } });
    expect(login.status).toBe(422);
  });
});
