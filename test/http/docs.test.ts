import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startServer, type TestServer } from '../support/harness.ts';

const SPEC_ENDPOINTS: Array<[string, string, string[]]> = [
  ['post', '/auth/register', ['201', '409', '422']],
  ['post', '/auth/login', ['200', '401', '422', '429']],
  ['post', '/auth/refresh', ['200', '401', '422']],
  ['post', '/auth/logout', ['204', '401', '422']],
  ['post', '/chat', ['200', '401', '403', '422', '429']],
  ['get', '/chat/sessions', ['200', '401']],
  ['get', '/chat/{session_id}/history', ['200', '401', '404', '422']],
  ['delete', '/chat/{session_id}', ['204', '401', '404']],
  ['get', '/health/live', ['200']],
  ['get', '/health/ready', ['200', '503']],
];

describe('API documentation', () => {
  let server: TestServer;
  beforeAll(async () => (server = await startServer({ backend: 'embedded' })));
  afterAll(() => server.stop());

  test('/openapi.json documents every endpoint and response code of the spec, version 1.0.0', async () => {
    const response = await server.request('GET', '/openapi.json');
    expect(response.status).toBe(200);
    const document = response.json;
    expect(document.info.version).toBe('1.0.0');
    for (const [method, path, codes] of SPEC_ENDPOINTS) {
      const operation = document.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      for (const code of codes) expect(Object.keys(operation.responses), `${method} ${path}`).toContain(code);
    }
  });

  test('/docs renders Swagger UI from local assets, no CDN', async () => {
    const page = await server.request('GET', '/docs');
    expect(page.status).toBe(200);
    expect(page.text).not.toMatch(/https?:\/\//);
    const assets = [...page.text.matchAll(/(?:href|src)="([^"]+)"/g)].map((match) => match[1]!);
    expect(assets.length).toBe(2);
    for (const asset of assets) {
      const response = await fetch(server.baseUrl + asset);
      expect(response.status).toBe(200);
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    }
  });
});
