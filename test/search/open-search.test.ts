import { afterAll, describe, expect, test } from 'bun:test';
import { statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Embedder } from '../../src/search/embedder.ts';
import { fileSha256, fileStamp, PASSAGE_TEXT } from '../../src/search/ingest.ts';
import { INDEX_FORMAT, indexFiles, readManifest } from '../../src/search/movie-index.ts';
import { indexStaleReason } from '../../src/search/open-search.ts';
import { tempDirectory } from '../support/services.ts';

describe('indexStaleReason', () => {
  const dir = tempDirectory();
  afterAll(() => dir.dispose());
  const corpus = join(dir.value, 'corpus.jsonl');
  const model = { modelId: 'test-model:4:mean', dimensions: 4 } as Embedder;
  const recordBuild = async () => {
    const manifest = { format: INDEX_FORMAT, modelId: model.modelId, dimensions: 4, count: 1, passages: 1, documentText: PASSAGE_TEXT, corpusStamp: fileStamp(corpus), corpusSha256: await fileSha256(corpus), metric: 'cos', quantization: 'f32' };
    writeFileSync(indexFiles(dir.value, 'm').manifest, JSON.stringify(manifest));
  };
  const setModified = (ms: number) => utimesSync(corpus, new Date(ms), new Date(ms));

  test('an index is fresh while its corpus is the file it was built from', async () => {
    writeFileSync(corpus, '{"title":"One"}\n');
    await recordBuild();
    expect(await indexStaleReason(dir.value, 'm', corpus, model)).toBeNull();
  });

  test('a corpus touched but not changed is read again, found the same, and its new stamp remembered', async () => {
    setModified(Date.now() + 60_000);
    expect(readManifest(dir.value, 'm')!.corpusStamp).not.toBe(fileStamp(corpus));
    expect(await indexStaleReason(dir.value, 'm', corpus, model)).toBeNull();
    expect(readManifest(dir.value, 'm')!.corpusStamp).toBe(fileStamp(corpus));
  });

  test('a changed corpus makes the index stale', async () => {
    writeFileSync(corpus, '{"title":"Two"}\n');
    setModified(Date.now() + 120_000);
    expect(await indexStaleReason(dir.value, 'm', corpus, model)).toMatch(/changed since the index was built/);
  });

  test('the hash is skipped while size and modification time hold (as make does)', async () => {
    writeFileSync(corpus, '{"title":"One"}\n');
    await recordBuild();
    const { mtimeMs } = statSync(corpus);
    writeFileSync(corpus, '{"title":"Six"}\n'); // same size
    setModified(mtimeMs);
    expect(await indexStaleReason(dir.value, 'm', corpus, model)).toBeNull();
    setModified(mtimeMs + 1000);
    expect(await indexStaleReason(dir.value, 'm', corpus, model)).toMatch(/changed since/);
  });
});
