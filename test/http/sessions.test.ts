import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { SlowEchoEngine } from '../support/engines.ts';
import { BACKENDS, parseEvents, registerUser, startServer, type RegisteredUser, type TestServer } from '../support/harness.ts';

for (const backend of BACKENDS) {
  describe(`sessions, history and delete (${backend})`, () => {
    let server: TestServer;
    let owner: RegisteredUser;
    let stranger: RegisteredUser;
    const created: string[] = []; // oldest first

    const chat = async (user: RegisteredUser, sessionId: string, message: string) => {
      const response = await server.request('POST', '/chat', { token: user.access, json: { session_id: sessionId, message } });
      expect(response.status).toBe(200);
      return parseEvents(response.text);
    };

    beforeAll(async () => {
      // Session storage is under test here, not the pipeline: a plain echo engine keeps phases fixed.
      server = await startServer({ backend, overrides: { engine: new SlowEchoEngine(0) } });
      [owner, stranger] = await Promise.all([registerUser(server), registerUser(server)]);
      for (const message of ['first film', 'second film', 'third film']) {
        const id = crypto.randomUUID();
        await chat(owner, id, message);
        created.push(id);
      }
      await chat(owner, created[0]!, 'a follow-up in the oldest session');
    });
    afterAll(() => server.stop());

    const list = (user: RegisteredUser, query = '') => server.request('GET', `/chat/sessions${query}`, { token: user.access });

    test('lists the owner\'s sessions newest first by creation, with total, limit and offset', async () => {
      const page = await list(owner);
      expect(page.status).toBe(200);
      expect(page.json.total).toBe(3);
      expect(page.json.limit).toBe(20);
      expect(page.json.offset).toBe(0);
      expect(page.json.items.map((item: { session_id: string }) => item.session_id)).toEqual([...created].reverse());
    });

    test('summaries carry phase, updated_at, first_message and confirmed_movie', async () => {
      const page = await list(owner);
      const oldest = page.json.items.at(-1);
      expect(oldest.first_message).toBe('first film');
      expect(oldest.phase).toBe('discovery');
      expect(oldest.confirmed_movie).toBeNull();
      expect(Number.isNaN(Date.parse(oldest.updated_at))).toBe(false);
      // the follow-up made the oldest session the most recently updated
      const updated = page.json.items.map((item: { updated_at: string }) => Date.parse(item.updated_at));
      expect(updated.at(-1)).toBeGreaterThan(updated[0]);
    });

    test('pages through with limit and offset, total unchanged', async () => {
      const newestFirst = [...created].reverse();
      for (let offset = 0; offset <= 3; offset++) {
        const page = await list(owner, `?limit=1&offset=${offset}`);
        expect(page.json.total).toBe(3);
        expect(page.json.items.map((item: { session_id: string }) => item.session_id)).toEqual(newestFirst.slice(offset, offset + 1));
      }
      expect((await list(owner, '?limit=100')).json.limit).toBe(100);
    });

    test('422 names the bad query parameter', async () => {
      for (const [query, field] of [['limit=0', 'limit'], ['limit=101', 'limit'], ['offset=-1', 'offset'], ['limit=abc', 'limit']]) {
        const response = await list(owner, `?${query}`);
        expect(response.status).toBe(422);
        expect(response.json.detail[0].loc).toEqual(['query', field]);
      }
    });

    test('another user sees no sessions', async () => {
      const page = await list(stranger);
      expect(page.json).toEqual({ total: 0, limit: 20, offset: 0, items: [] });
    });

    test('history: messages in order, alternating user and assistant', async () => {
      const response = await server.request('GET', `/chat/${created[0]}/history`, { token: owner.access });
      expect(response.status).toBe(200);
      expect(response.json.session_id).toBe(created[0]);
      expect(response.json.phase).toBe('discovery');
      expect(response.json.confirmed_movie).toBeNull();
      const messages = response.json.messages;
      expect(messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
      expect(messages[0].content).toBe('first film');
      expect(messages[2].content).toBe('a follow-up in the oldest session');
      const times = messages.map((m: { created_at: string }) => Date.parse(m.created_at));
      expect([...times].sort((a, b) => a - b)).toEqual(times);
      expect(new Set(messages.map((m: { id: string }) => m.id)).size).toBe(4);
    });

    test('history: 404 for a missing or foreign session, 422 for a malformed id, 401 without a token', async () => {
      const missing = await server.request('GET', `/chat/${crypto.randomUUID()}/history`, { token: owner.access });
      expect(missing.status).toBe(404);
      expect(missing.json).toEqual({ detail: 'Session not found' });
      expect((await server.request('GET', `/chat/${created[0]}/history`, { token: stranger.access })).status).toBe(404);
      const malformed = await server.request('GET', '/chat/not-a-uuid/history', { token: owner.access });
      expect(malformed.status).toBe(422);
      expect(malformed.json.detail[0].loc).toEqual(['path', 'session_id']);
      expect((await server.request('GET', `/chat/${created[0]}/history`)).status).toBe(401);
    });

    test('delete: 422 for a malformed session id', async () => {
      const response = await server.request('DELETE', '/chat/not-a-uuid', { token: owner.access });
      expect(response.status).toBe(422);
      expect(response.json.detail[0].loc).toEqual(['path', 'session_id']);
    });

    test('delete: 404 for a foreign session, which survives', async () => {
      expect((await server.request('DELETE', `/chat/${created[1]}`, { token: stranger.access })).status).toBe(404);
      expect((await server.request('GET', `/chat/${created[1]}/history`, { token: owner.access })).status).toBe(200);
    });

    test('delete: 204 with no body; history, listing and messages are gone', async () => {
      const target = created[2]!;
      const response = await server.request('DELETE', `/chat/${target}`, { token: owner.access });
      expect(response.status).toBe(204);
      expect(response.text).toBe('');
      expect((await server.request('GET', `/chat/${target}/history`, { token: owner.access })).status).toBe(404);
      expect((await server.request('DELETE', `/chat/${target}`, { token: owner.access })).status).toBe(404);
      const page = await list(owner);
      expect(page.json.total).toBe(2);
      expect(page.json.items.map((item: { session_id: string }) => item.session_id)).not.toContain(target);
      // the same id can be started afresh by its owner, with no old messages
      await chat(owner, target, 'starting over');
      const history = await server.request('GET', `/chat/${target}/history`, { token: owner.access });
      expect(history.json.messages).toHaveLength(2);
    });

    test('401 on every sessions endpoint without a valid token', async () => {
      const id = crypto.randomUUID();
      for (const [method, path] of [['GET', '/chat/sessions'], ['GET', `/chat/${id}/history`], ['DELETE', `/chat/${id}`]] as const) {
        expect((await server.request(method, path)).status).toBe(401);
        const bad = await server.request(method, path, { token: 'not-a-token' });
        expect(bad.status).toBe(401);
        expect(typeof bad.json.detail).toBe('string');
      }
    });
  });
}
