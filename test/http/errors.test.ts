import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createApp } from '../../src/app.ts';
import { createLogger } from '../../src/log.ts';
import { startServer, type TestServer } from '../support/harness.ts';

describe('error shapes', () => {
  let server: TestServer;
  beforeAll(async () => (server = await startServer({ backend: 'embedded', env: { MAX_BODY_BYTES: '2048' } })));
  afterAll(() => server.stop());

  test('unknown routes: 404 ErrorDetail', async () => {
    const response = await server.request('GET', '/no/such/route');
    expect(response.status).toBe(404);
    expect(response.json).toEqual({ detail: 'Not Found' });
    expect(response.headers.get('content-type')).toStartWith('application/json');
  });

  test('a body over the limit: 413 ErrorDetail, with or without Content-Length', async () => {
    const big = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(5000) });
    const declared = await server.request('POST', '/auth/login', { body: big, headers: { 'content-type': 'application/json' } });
    expect(declared.status).toBe(413);
    expect(declared.json).toEqual({ detail: 'Request body too large' });
    const chunks = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 5; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(1000)));
        controller.close();
      },
    });
    const streamed = await server.request('POST', '/auth/login', { body: chunks, headers: { 'content-type': 'application/json' } });
    expect(streamed.status).toBe(413);
    expect(streamed.json).toEqual({ detail: 'Request body too large' });
  });

  test('invalid JSON: 422 json_invalid', async () => {
    const response = await server.request('POST', '/auth/login', { body: '{"email": ', headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(422);
    expect(response.json.detail[0]).toMatchObject({ loc: ['body', 0], type: 'json_invalid' });
  });

  test('a body that is not an object, or not JSON at all: 422', async () => {
    for (const body of ['[1,2]', '"text"', 'null']) {
      const response = await server.request('POST', '/auth/login', { body, headers: { 'content-type': 'application/json' } });
      expect(response.status).toBe(422);
      expect(Array.isArray(response.json.detail)).toBe(true);
    }
    const plain = await server.request('POST', '/auth/login', { body: 'email=a', headers: { 'content-type': 'text/plain' } });
    expect(plain.status).toBe(422);
  });

  test('wrong types name the field', async () => {
    const response = await server.request('POST', '/auth/register', { json: { email: 42, password: ['x'] } });
    expect(response.status).toBe(422);
    expect(response.json.detail.map((d: { loc: unknown[]; type: string }) => [d.loc.join('.'), d.type])).toEqual([
      ['body.email', 'string_type'],
      ['body.password', 'string_type'],
    ]);
  });

  test('deeply nested input is echoed back bounded, not crashing the mapper', async () => {
    const deep = '{"email":' + '['.repeat(900) + ']'.repeat(900) + ',"password":"12345678"}';
    const response = await server.request('POST', '/auth/register', { body: deep, headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(422);
    expect(response.text.length).toBeLessThan(2048);
  });

  test('every response carries a request id; a sane caller id is kept', async () => {
    const response = await server.request('GET', '/health/live', { headers: { 'x-request-id': 'trace-123' } });
    expect(response.headers.get('x-request-id')).toBe('trace-123');
    const generated = await server.request('GET', '/health/live', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('an unexpected failure: 500 {"detail":"Internal server error"}, logged with the request id, nothing leaked', async () => {
    const lines: string[] = [];
    const services = { ...server.services, log: captureLog(lines) };
    const app = createApp(services)
      .get('/boom', () => {
        throw new Error('password=hunter2 at db.internal:5432');
      })
      .listen({ hostname: '127.0.0.1', port: 0 });
    try {
      const response = await fetch(`http://127.0.0.1:${app.server!.port}/boom`);
      const body = await response.text();
      expect(response.status).toBe(500);
      expect(JSON.parse(body)).toEqual({ detail: 'Internal server error' });
      expect(body).not.toContain('hunter2');
      const requestId = response.headers.get('x-request-id');
      const errorLine = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'unhandled error');
      expect(errorLine.requestId).toBe(requestId);
      // the access log is written once the response has gone out
      const accessLog = () => lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'request');
      for (let i = 0; i < 20 && !accessLog(); i++) await Bun.sleep(10);
      const accessLine = accessLog();
      expect(accessLine).toMatchObject({ method: 'GET', path: '/boom', status: 500, requestId });
      expect(typeof accessLine.durationMs).toBe('number');
    } finally {
      await app.stop(true);
    }
  });
});

const captureLog = (lines: string[]) => createLogger('info', (line) => lines.push(line.trim()));
