// Two replicas on one Postgres and Redis; one is killed (SIGKILL) in the middle of a streamed
// turn. Nothing committed is lost or duplicated, and the other replica serves the session's
// next turn.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { type FakeOpenAi, startFakeOpenAi } from '../support/fake-openai.ts';
import { PASSWORD, parseEvents, randomEmail, send } from '../support/harness.ts';
import { spawnService, type ServiceProcess } from '../support/processes.ts';
import { REDIS_URL, type TempResource, tempDirectory, tempPostgresDatabase, tempRedisPrefix } from '../support/services.ts';

describe('a replica killed mid-stream', () => {
  let database: TempResource<string>;
  let prefix: TempResource<string>;
  let llm: FakeOpenAi;
  const dirs: TempResource<string>[] = [];
  const replicas: ServiceProcess[] = [];

  beforeAll(async () => {
    database = await tempPostgresDatabase();
    prefix = tempRedisPrefix();
    llm = startFakeOpenAi();
    const env = {
      DATABASE_URL: database.value,
      REDIS_URL,
      REDIS_KEY_PREFIX: prefix.value,
      JWT_SECRET: 'a-shared-secret-for-both-replicas-0123456789',
      LLM_BASE_URL: llm.baseUrl,
      LLM_TIMEOUT_MS: '20000',
      RATE_LIMIT_REGISTER: 'off',
      RATE_LIMIT_CHAT: 'off',
    };
    for (let i = 0; i < 2; i++) {
      const dir = tempDirectory();
      dirs.push(dir);
      replicas.push(await spawnService({ ...env, DATA_DIR: dir.value }));
    }
  }, 120_000);
  afterAll(async () => {
    for (const replica of replicas) await replica.kill('SIGKILL');
    llm.stop();
    await prefix.dispose();
    await database.dispose();
    for (const dir of dirs) await dir.dispose();
  });

  test('no committed data lost or duplicated; the other replica takes the next turn', async () => {
    const [doomed, survivor] = replicas as [ServiceProcess, ServiceProcess];
    const registered = await send(survivor.baseUrl, 'POST', '/auth/register', { json: { email: randomEmail(), password: PASSWORD } });
    const token = registered.json.access_token as string;
    const sessionId = crypto.randomUUID();
    const chat = (replica: ServiceProcess, message: string) =>
      send(replica.baseUrl, 'POST', '/chat', { token, json: { session_id: sessionId, message } });

    // A first turn that completes: the data that must survive.
    llm.fallback = (request) => (request.stream ? { kind: 'text', content: 'Here are some films: 1. Jaws. Which one?' } : { kind: 'error', status: 500 });
    const first = await chat(survivor, 'a great white shark terrorizes a summer beach town');
    expect(parseEvents(first.text).at(-1)).toMatchObject({ type: 'done', phase: 'confirmation' });

    // The second turn's presentation stalls after a few words; the replica dies while streaming it.
    llm.script.push({ kind: 'broken_stream', content: 'Let me look again at films' });
    llm.fallback = (request) => (request.stream ? { kind: 'text', content: 'New films: 1. Jaws 2. Heat.' } : { kind: 'text', content: '{"intent": "refine", "details": "with a fisherman"}' });
    const response = await fetch(`${doomed.baseUrl}/chat`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ session_id: sessionId, message: 'none of these, there was an old fisherman' }),
    });
    const reader = response.body!.getReader();
    const firstChunk = new TextDecoder().decode((await reader.read()).value);
    expect(firstChunk).toContain('"type":"token"');
    await doomed.kill('SIGKILL');
    await reader.read().catch(() => {}); // the stream ends with the process

    // Exactly the first turn is stored: nothing of the killed turn, nothing twice.
    const history = await send(survivor.baseUrl, 'GET', `/chat/${sessionId}/history`, { token });
    expect(history.json.messages.map((m: { role: string; content: string }) => [m.role, m.content])).toEqual([
      ['user', 'a great white shark terrorizes a summer beach town'],
      ['assistant', 'Here are some films: 1. Jaws. Which one?'],
    ]);
    expect(history.json.phase).toBe('confirmation');

    // The survivor takes the next turn (waiting out the dead replica's session lock at most).
    llm.fallback = (request) =>
      request.tools ? { kind: 'text', content: 'It is Jaws, by Steven Spielberg.' } : { kind: 'text', content: '{"intent": "confirm", "index": 1}' };
    const started = Date.now();
    const next = await chat(survivor, 'yes, the first one');
    const done = parseEvents(next.text).at(-1)!;
    expect(done).toMatchObject({ type: 'done', phase: 'qa' });
    expect(done.confirmed_movie.rag_title).toBe('Jaws');
    expect(Date.now() - started).toBeLessThan(20_000);
    const after = await send(survivor.baseUrl, 'GET', `/chat/${sessionId}/history`, { token });
    expect(after.json.messages).toHaveLength(4);
  }, 60_000);
});
