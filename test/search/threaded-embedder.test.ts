// The query embedder's own thread must answer exactly what the model answers in process, each
// caller its own vectors however many wait at once, and fail as loading in process fails.
import { afterAll, describe, expect, test } from 'bun:test';
import { ConfigError } from '../../src/config.ts';
import { defaultModelDir, ensureDefaultModel, loadEmbedder } from '../../src/search/embedder.ts';
import { startThreadedEmbedder } from '../../src/search/threaded-embedder.ts';
import { tempDirectory } from '../support/services.ts';

const QUERIES = ['a shark terrorises a beach town', 'a boy wizard at a school of magic', 'robots', 'two lovers on a sinking ship', 'a weatherman relives the same day'];

describe('threaded embedder', () => {
  ensureDefaultModel();
  const settings = { path: defaultModelDir(), queryPrefix: 'query: ', documentPrefix: 'passage: ', pooling: 'mean' as const, threads: 0 };
  const threaded = startThreadedEmbedder(settings);
  const inProcess = loadEmbedder(settings);
  afterAll(async () => {
    await (await threaded).dispose();
    await (await inProcess).dispose();
  });

  test('names the same model and gives the same vectors, queries and documents with their own prefixes', async () => {
    const [thread, local] = [await threaded, await inProcess];
    expect(thread.modelId).toBe(local.modelId);
    expect(thread.dimensions).toBe(local.dimensions);
    for (const query of QUERIES) expect(Array.from(await thread.embedQuery(query))).toEqual(Array.from(await local.embedQuery(query)));
    const documents = await thread.embedDocuments(QUERIES);
    expect(documents.map((vector) => Array.from(vector))).toEqual((await local.embedDocuments(QUERIES)).map((vector) => Array.from(vector)));
    // The prefixes differ, so a query's vector is not its document's.
    expect(Array.from(documents[0]!)).not.toEqual(Array.from(await thread.embedQuery(QUERIES[0]!)));
    expect(await thread.embedDocuments([])).toEqual([]);
  });

  test('answers every caller its own vector when many ask at once', async () => {
    const [thread, local] = [await threaded, await inProcess];
    const asked = [...QUERIES, ...QUERIES].map((query) => thread.embedQuery(query));
    const answered = await Promise.all(asked);
    for (const [i, vector] of answered.entries()) expect(Array.from(vector)).toEqual(Array.from(await local.embedQuery(QUERIES[i % QUERIES.length]!)));
  });

  test('a model folder that is not there fails as a configuration error, as in process', async () => {
    const missing = tempDirectory();
    try {
      const failure = await startThreadedEmbedder({ ...settings, path: missing.value }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ConfigError);
      expect((failure as ConfigError).problems[0]).toContain('EMBEDDING_MODEL');
    } finally {
      await missing.dispose();
    }
  });

  test('refuses to embed once closed', async () => {
    const closing = await startThreadedEmbedder(settings);
    await closing.dispose();
    await expect(closing.embedQuery('anything')).rejects.toThrow('closed');
  });
});
