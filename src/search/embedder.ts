// Sentence embeddings computed locally on CPU by a transformers.js feature-extraction model,
// never touching the network. The default is USE-lite converted from an npm package
// (use-lite/convert.ts); any local transformers.js model folder works (bge-small, e5-small,
// MiniLM, ...) with its own query/document prefixes and pooling.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { assetPath, isCompiledBinary } from '../assets.ts';
import { ConfigError } from '../config.ts';
import { defaultNativeEnv, releaseFreedNativeMemory } from '../native.ts';
import { poolTokens } from './pooling.ts';
import { convertUseLite, useLiteSourceDir } from './use-lite/convert.ts';

export interface EmbeddingModelSettings {
  /** Folder of a transformers.js model (config.json, tokenizer*.json, onnx/model.onnx). */
  path: string;
  queryPrefix: string;
  documentPrefix: string;
  pooling: 'mean' | 'cls';
  /** onnxruntime intra-op threads; 0: one for queries (QUERY_THREADS), every core for ingest. */
  threads: number;
  /**
   * What the session is for. `queries` (the server) keeps memory lean; `ingest` embeds a whole
   * corpus as fast as it can: onnxruntime's memory arena and every core, at the cost of buffers
   * it keeps (bench/embedding.ts: about 2.2x the queries session's throughput on a 2-CPU machine
   * where onnxruntime's default was one thread; about the same on one of two physical cores,
   * where its default already uses both).
   */
  purpose?: 'queries' | 'ingest';
}

export interface Embedder {
  /** Identifies the model, recorded in every index it builds. */
  readonly modelId: string;
  readonly dimensions: number;
  embedQuery(text: string): Promise<Float32Array>;
  embedDocuments(texts: string[]): Promise<Float32Array[]>;
  /** Frees the model's session (an ingest session's arena with it). */
  dispose(): Promise<void>;
}

/**
 * Where the default model is converted to, relative to the project (gitignored; rebuilt when
 * missing). Its folder name is the model's id in every index: a new conversion gets a new name.
 */
export const DEFAULT_MODEL_FOLDER = 'models/use-lite-int8';
export const defaultModelDir = () => assetPath(DEFAULT_MODEL_FOLDER);

/** Converts USE-lite into `dir` unless it is already there. */
export function ensureDefaultModel(dir: string = defaultModelDir()): void {
  if (existsSync(join(dir, 'onnx', 'model.onnx'))) return;
  convertUseLite(useLiteSourceDir(), dir);
}

/** What the tokenizer gives and the model takes and returns: transformers.js tensors. */
interface TensorLike {
  data: ArrayLike<number | bigint>;
  dims: number[];
}
type Tokenizer = (texts: string[], options: { padding: boolean; truncation: boolean }) => Record<string, TensorLike> & { attention_mask: TensorLike };
type Model = ((inputs: Record<string, TensorLike>) => Promise<Record<string, TensorLike | undefined>>) & { dispose(): Promise<unknown> };

class TransformersEmbedder implements Embedder {
  constructor(
    readonly modelId: string,
    readonly dimensions: number,
    private readonly tokenizer: Tokenizer,
    private readonly model: Model,
    private readonly settings: EmbeddingModelSettings,
  ) {}

  async embedQuery(text: string): Promise<Float32Array> {
    return (await this.run([this.settings.queryPrefix + text]))[0]!;
  }

  embedDocuments(texts: string[]): Promise<Float32Array[]> {
    return this.run(texts.map((text) => this.settings.documentPrefix + text));
  }

  async dispose(): Promise<void> {
    await this.model.dispose();
    releaseFreedNativeMemory();
  }

  private run(texts: string[]): Promise<Float32Array[]> {
    return embedTexts(this.tokenizer, this.model, this.settings.pooling, texts);
  }
}

/**
 * Tokenizer and model, then our own pooling: the feature-extraction pipeline pools in a loop
 * that converts every mask value from a BigInt: about a fifth of an ingest's time, now saved.
 */
async function embedTexts(tokenizer: Tokenizer, model: Model, pooling: EmbeddingModelSettings['pooling'], texts: string[]): Promise<Float32Array[]> {
  if (texts.length === 0) return [];
  const inputs = tokenizer(texts, { padding: true, truncation: true });
  const outputs = await model(inputs);
  const tokens = outputs.last_hidden_state ?? outputs.token_embeddings;
  if (!tokens) throw new Error('the embedding model returns neither last_hidden_state nor token_embeddings');
  return poolTokens(tokens.data as Float32Array, tokens.dims, inputs.attention_mask.data, pooling);
}

let imagesStubbed = false;

/**
 * transformers.js imports sharp (libvips) for its image pipelines, about 9 MB resident that a
 * text model never uses: it gets a stand-in that throws. The binary's build does the same.
 */
function withoutImageProcessing(): void {
  if (imagesStubbed || isCompiledBinary()) return;
  imagesStubbed = true;
  Bun.plugin({
    name: 'no-sharp',
    setup(build) {
      const sharp = () => {
        throw new Error('image processing is not part of this service');
      };
      build.module('sharp', () => ({ exports: { default: sharp }, loader: 'object' }));
    },
  });
}

/**
 * A query is a sentence: split over two cores it took as long as on one (4.5-5 ms), and the
 * second core's onnxruntime thread, spinning while it waited, slowed the search's own work
 * running beside the embedding (threaded-embedder.ts): a search took 19 ms with one thread,
 * 22 ms with onnxruntime's default of one per core (35k films; docs/experiments.md, eighteenth session).
 */
const QUERY_THREADS = 1;

function sessionOptions({ threads, purpose = 'queries' }: EmbeddingModelSettings) {
  const ingest = purpose === 'ingest';
  const intraOpNumThreads = threads > 0 ? threads : ingest ? availableParallelism() : QUERY_THREADS;
  return {
    // onnxruntime's arena keeps the buffers of the longest input it ever saw and never gives
    // them back, nor do memory patterns: the server's queries take a few milliseconds without
    // them, while an ingest spends almost half its time allocating without them.
    enableCpuMemArena: ingest,
    enableMemPattern: ingest,
    intraOpNumThreads,
    interOpNumThreads: 1,
  };
}

/** Loads the model from its local folder (remote models disabled) and probes its dimension. */
export async function loadEmbedder(settings: EmbeddingModelSettings): Promise<Embedder> {
  if (!existsSync(join(settings.path, 'config.json'))) {
    throw new ConfigError([`EMBEDDING_MODEL: no transformers.js model folder at ${settings.path} (config.json missing)`]);
  }
  // onnxruntime (1.30) sends usage telemetry and keeps a device id, an event database
  // (~/.cache/Microsoft/DeveloperTools/.onnxruntime/) and a debug log (mat-debug-<pid>.log in
  // the temporary directory) unless this is set before it initialises.
  defaultNativeEnv('ORT_DISABLE_TELEMETRY', '1');
  withoutImageProcessing();
  const { AutoModel, AutoTokenizer, env } = await import('@huggingface/transformers');
  env.allowRemoteModels = false;
  env.allowLocalModels = true;
  env.localModelPath = dirname(settings.path) + '/';
  const name = basename(settings.path);
  const [tokenizer, model] = (await Promise.all([
    AutoTokenizer.from_pretrained(name),
    AutoModel.from_pretrained(name, { dtype: 'fp32', device: 'cpu', session_options: sessionOptions(settings) }),
  ])) as unknown as [Tokenizer, Model];
  const dimensions = (await embedTexts(tokenizer, model, settings.pooling, ['dimension probe']))[0]!.length;
  // Loading parsed the model file into buffers it has freed since (about 15 MB).
  releaseFreedNativeMemory();
  const modelId = `${name}:${dimensions}:${settings.pooling}`;
  return new TransformersEmbedder(modelId, dimensions, tokenizer, model, settings);
}
