import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { BACKENDS, parseEvents, registerUser, startServer, type RegisteredUser, type TestServer } from '../support/harness.ts';
import { FailingEngine, SlowEchoEngine } from '../support/engines.ts';

const turn = (server: TestServer, user: RegisteredUser, sessionId: string, message: string) =>
  server.request('POST', '/chat', { token: user.access, json: { session_id: sessionId, message } });

const historyOf = async (server: TestServer, user: RegisteredUser, sessionId: string) =>
  (await server.request('GET', `/chat/${sessionId}/history`, { token: user.access })).json;

for (const backend of BACKENDS) {
  describe(`POST /chat transport (${backend})`, () => {
    let server: TestServer;
    let user: RegisteredUser;
    beforeAll(async () => {
      server = await startServer({ backend, env: { CHAT_MAX_MESSAGE_LENGTH: '50' } });
      user = await registerUser(server);
    });
    afterAll(() => server.stop());

    test('200 text/event-stream: data lines only, token events then exactly one done event last', async () => {
      const sessionId = crypto.randomUUID();
      const response = await turn(server, user, sessionId, 'a shark and a beach town');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toStartWith('text/event-stream');
      expect(response.text).toMatch(/^(data: [^\n]+\n\n)+$/);
      const events = parseEvents(response.text);
      const done = events.at(-1)!;
      expect(events.filter((e) => e.type === 'done')).toHaveLength(1);
      expect(events.slice(0, -1).every((e) => e.type === 'token' && typeof e.content === 'string')).toBe(true);
      expect(done).toMatchObject({ type: 'done', session_id: sessionId, phase: 'confirmation' });
      expect(done.reply).toBe(events.slice(0, -1).map((e) => e.content).join(''));
      expect(done.candidates.length).toBeGreaterThan(0);
      expect(done.confirmed_movie).toBeUndefined();
    });

    test('the turn is stored: session created, both messages in history', async () => {
      const sessionId = crypto.randomUUID();
      const events = parseEvents((await turn(server, user, sessionId, 'a robot in space')).text);
      const history = await historyOf(server, user, sessionId);
      expect(history.messages.map((m: { role: string; content: string }) => [m.role, m.content])).toEqual([
        ['user', 'a robot in space'],
        ['assistant', events.at(-1)!.reply],
      ]);
    });

    test('a message of exactly the maximum length is accepted; one more character is 422', async () => {
      expect((await turn(server, user, crypto.randomUUID(), 'x'.repeat(50))).status).toBe(200);
      const tooLong = await turn(server, user, crypto.randomUUID(), 'x'.repeat(51));
      expect(tooLong.status).toBe(422);
      expect(tooLong.json.detail[0]).toMatchObject({ loc: ['body', 'message'], type: 'string_too_long' });
    });

    test('422 for an empty message, a malformed session id, missing fields and invalid JSON', async () => {
      const empty = await turn(server, user, crypto.randomUUID(), '');
      expect(empty.json.detail[0]).toMatchObject({ loc: ['body', 'message'], type: 'string_too_short' });
      const malformed = await turn(server, user, 'not-a-uuid', 'hello');
      expect(malformed.json.detail[0]).toMatchObject({ loc: ['body', 'session_id'] });
      const missing = await server.request('POST', '/chat', { token: user.access, json: {} });
      expect(missing.json.detail.map((d: { loc: string[] }) => d.loc[1]).sort()).toEqual(['message', 'session_id']);
      const invalid = await server.request('POST', '/chat', {
        token: user.access,
        body: '{"session_id":',
        headers: { 'content-type': 'application/json' },
      });
      expect(invalid.status).toBe(422);
      expect(invalid.json.detail[0].type).toBe('json_invalid');
    });

    test('401 without a token or with an invalid one, before the body is looked at', async () => {
      const noToken = await server.request('POST', '/chat', { json: { session_id: 'bad', message: '' } });
      expect(noToken.status).toBe(401);
      expect(noToken.json).toEqual({ detail: 'Not authenticated' });
      const badToken = await server.request('POST', '/chat', { token: 'x.y.z', json: { session_id: crypto.randomUUID(), message: 'hi' } });
      expect(badToken.status).toBe(401);
    });

    test("403 on another user's session, which stays untouched", async () => {
      const sessionId = crypto.randomUUID();
      await turn(server, user, sessionId, 'mine');
      const stranger = await registerUser(server);
      const response = await turn(server, stranger, sessionId, 'let me in');
      expect(response.status).toBe(403);
      expect(response.json).toEqual({ detail: 'Session not found' });
      expect((await historyOf(server, user, sessionId)).messages).toHaveLength(2);
    });
  });
}

describe('POST /chat rate limit (postgres+redis)', () => {
  let server: TestServer;
  beforeAll(async () => (server = await startServer({ env: { RATE_LIMIT_CHAT: '2/60' } })));
  afterAll(() => server.stop());

  test('429 with an integer Retry-After past the limit, per user, shared by replicas', async () => {
    const [user, other] = await Promise.all([registerUser(server), registerUser(server)]);
    const replica = await server.replica();
    try {
      expect((await turn(server, user, crypto.randomUUID(), 'one')).status).toBe(200);
      expect((await turn(replica, user, crypto.randomUUID(), 'two')).status).toBe(200);
      const limited = await turn(replica, user, crypto.randomUUID(), 'three');
      expect(limited.status).toBe(429);
      expect(limited.json).toEqual({ detail: 'Rate limit exceeded' });
      expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await turn(server, other, crypto.randomUUID(), 'another user')).status).toBe(200);
    } finally {
      await replica.stop();
    }
  });
});

describe('turn semantics (postgres+redis, two replicas)', () => {
  const engine = new SlowEchoEngine(20);
  let first: TestServer;
  let second: TestServer;
  let user: RegisteredUser;
  beforeAll(async () => {
    first = await startServer({ overrides: { engine } });
    second = await first.replica();
    user = await registerUser(first);
  });
  afterAll(async () => {
    await second.stop();
    await first.stop();
  });

  test('concurrent turns on one session, on two replicas, run one after the other', async () => {
    const sessionId = crypto.randomUUID();
    engine.maxConcurrent = 0;
    const [a, b] = await Promise.all([
      turn(first, user, sessionId, 'first description'),
      turn(second, user, sessionId, 'second description'),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(engine.maxConcurrent).toBe(1);
    const messages = (await historyOf(first, user, sessionId)).messages;
    expect(messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    // each reply follows its own question: the turns did not interleave
    expect(messages[1].content).toBe(`You said: ${messages[0].content}`);
    expect(messages[3].content).toBe(`You said: ${messages[2].content}`);
  });

  test('a client that disconnects mid-stream still gets its turn committed', async () => {
    const sessionId = crypto.randomUUID();
    const controller = new AbortController();
    const response = await fetch(`${first.baseUrl}/chat`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.access}`, 'content-type': 'application/json' },
      body: JSON.stringify({ session_id: sessionId, message: 'leaving early with many words to stream slowly' }),
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    await reader.read(); // the first token arrived
    controller.abort();
    let messages = [];
    for (let i = 0; i < 50 && messages.length < 2; i++) {
      await Bun.sleep(50);
      messages = (await historyOf(first, user, sessionId))?.messages ?? [];
    }
    expect(messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
    expect(messages[1].content).toBe('You said: leaving early with many words to stream slowly');
  });

  test('another replica takes the next turn from the stored checkpoint', async () => {
    const sessionId = crypto.randomUUID();
    await turn(first, user, sessionId, 'part one');
    await turn(second, user, sessionId, 'part two');
    const checkpoint = await second.services.sessions.checkpoint(sessionId);
    expect(checkpoint.version).toBe(2);
    expect((checkpoint.state as { query: string }).query).toBe('part one part two');
  });
});

describe('a long silent turn', () => {
  // Bun checks idle connections every few seconds: five silent seconds against a 1 s limit are
  // cut without the exemption (measured: at about 3.7 s).
  test('is not cut by the idle timeout that closes other connections', async () => {
    const server = await startServer({ env: { HTTP_IDLE_TIMEOUT_SECONDS: '1' }, overrides: { engine: new SlowEchoEngine(0, 5000) } });
    try {
      const user = await registerUser(server);
      const response = await turn(server, user, crypto.randomUUID(), 'take your time');
      expect(response.status).toBe(200);
      expect(parseEvents(response.text).at(-1)).toMatchObject({ type: 'done', reply: 'You said: take your time' });
    } finally {
      await server.stop();
    }
  }, 20_000);
});

describe('a turn that fails mid-stream', () => {
  let server: TestServer;
  let user: RegisteredUser;
  beforeAll(async () => {
    server = await startServer({ overrides: { engine: new FailingEngine() } });
    user = await registerUser(server);
  });
  afterAll(() => server.stop());

  test('ends with one error event instead of done, leaks nothing, and commits nothing', async () => {
    const sessionId = crypto.randomUUID();
    const response = await turn(server, user, sessionId, 'this will fail');
    expect(response.status).toBe(200);
    const events = parseEvents(response.text);
    expect(events[0]).toEqual({ type: 'token', content: 'Let me think ' });
    expect(events.at(-1)!.type).toBe('error');
    expect(typeof events.at(-1)!.detail).toBe('string');
    expect(events.some((e) => e.type === 'done')).toBe(false);
    expect(response.text).not.toContain('secret-internal-detail');
    expect((await server.request('GET', `/chat/${sessionId}/history`, { token: user.access })).status).toBe(404);
    expect((await server.request('GET', '/chat/sessions', { token: user.access })).json.total).toBe(0);
  });
});
