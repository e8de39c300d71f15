// The query embedder on a thread of its own (embedder-worker.ts). onnxruntime runs a model on
// the thread that asks for it: in process, under Bun, its asynchronous run holds the JavaScript
// thread, so a search waited for its embedding before it scored a word, and the server's other
// requests waited with it. On its own thread the embedding runs while the search scores the
// query's words (movie-search.ts, candidates) and while other requests are answered.
import { type EmbeddedAssets, embeddedAssets, workerScript } from '../assets.ts';
import { ConfigError } from '../config.ts';
import type { Embedder, EmbeddingModelSettings } from './embedder.ts';

/** The worker's module, repository-relative (the binary's build compiles it in as an entry point). */
export const EMBEDDER_WORKER = 'src/search/embedder-worker.ts';

export type EmbedderRequest =
  | { kind: 'open'; settings: EmbeddingModelSettings; assets: EmbeddedAssets | null }
  | { kind: 'embed'; id: number; texts: string[]; as: 'query' | 'documents' }
  | { kind: 'close' };

export interface WorkerFailure {
  name: string;
  message: string;
  /** A ConfigError's list, so that it is thrown again as one. */
  problems?: string[];
}

export type EmbedderReply =
  | { kind: 'opened'; modelId: string; dimensions: number }
  | { kind: 'embedded'; id: number; vectors: Float32Array[] }
  | { kind: 'failed'; id: number | null; failure: WorkerFailure }
  | { kind: 'closed' };

type Waiting = { resolve: (vectors: Float32Array[]) => void; reject: (error: Error) => void };

class ThreadedEmbedder implements Embedder {
  private nextId = 0;
  private readonly waiting = new Map<number, Waiting>();
  private closed: (() => void) | null = null;
  private disposed = false;

  constructor(
    private readonly worker: Worker,
    readonly modelId: string,
    readonly dimensions: number,
  ) {
    worker.onmessage = ({ data }: MessageEvent<EmbedderReply>) => this.receive(data);
    worker.onerror = (event) => this.failAll(new Error(`the embedding thread failed: ${event.message}`));
    this.holdProcess();
  }

  async embedQuery(text: string): Promise<Float32Array> {
    return (await this.ask([text], 'query'))[0]!;
  }

  embedDocuments(texts: string[]): Promise<Float32Array[]> {
    return texts.length === 0 ? Promise.resolve([]) : this.ask(texts, 'documents');
  }

  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    await new Promise<void>((resolve) => {
      this.closed = resolve;
      this.post({ kind: 'close' });
    });
    this.worker.terminate();
  }

  private ask(texts: string[], as: 'query' | 'documents'): Promise<Float32Array[]> {
    if (this.disposed) return Promise.reject(new Error('the embedding model was closed'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.holdProcess();
      this.post({ kind: 'embed', id, texts, as });
    });
  }

  private post(request: EmbedderRequest): void {
    this.worker.postMessage(request);
  }

  private receive(reply: EmbedderReply): void {
    if (reply.kind === 'closed') return this.closed?.();
    if (reply.kind === 'opened') return;
    const id = reply.id;
    const waiting = id === null ? undefined : this.waiting.get(id);
    if (!waiting) return;
    this.waiting.delete(id!);
    this.holdProcess();
    if (reply.kind === 'embedded') waiting.resolve(reply.vectors);
    else waiting.reject(errorOf(reply.failure));
  }

  private failAll(error: Error): void {
    for (const waiting of this.waiting.values()) waiting.reject(error);
    this.waiting.clear();
    this.holdProcess();
  }

  /**
   * The thread keeps the process alive only while a caller waits on it, so that a finished
   * command or test run exits. It is not left unreferenced while it works: Bun then runs its
   * model at half speed (measured: 3.1 ms a query in process, 8-9 ms on an unreferenced thread).
   */
  private holdProcess(): void {
    // The DOM's Worker type (tsconfig's lib) lacks Bun's ref and unref.
    const worker = this.worker as unknown as Bun.Worker;
    if (this.waiting.size > 0) worker.ref();
    else worker.unref();
  }
}

/** Starts the embedding thread and loads the model there; fails as loading in process would. */
export async function startThreadedEmbedder(settings: EmbeddingModelSettings): Promise<Embedder> {
  const worker = new Worker(workerScript(EMBEDDER_WORKER));
  try {
    const opened = await new Promise<{ modelId: string; dimensions: number }>((resolve, reject) => {
      worker.onmessage = ({ data }: MessageEvent<EmbedderReply>) => {
        if (data.kind === 'opened') resolve(data);
        else if (data.kind === 'failed') reject(errorOf(data.failure));
      };
      worker.onerror = (event) => reject(new Error(`the embedding thread failed to start: ${event.message}`));
      worker.postMessage({ kind: 'open', settings, assets: embeddedAssets() } satisfies EmbedderRequest);
    });
    return new ThreadedEmbedder(worker, opened.modelId, opened.dimensions);
  } catch (error) {
    worker.terminate();
    throw error;
  }
}

/** What crosses from the thread as a failure, from an error thrown there. */
export function failureOf(error: unknown): WorkerFailure {
  if (error instanceof ConfigError) return { name: 'ConfigError', message: error.message, problems: error.problems };
  return error instanceof Error ? { name: error.name, message: error.message } : { name: 'Error', message: String(error) };
}

function errorOf(failure: WorkerFailure): Error {
  if (failure.problems) return new ConfigError(failure.problems);
  const error = new Error(failure.message);
  error.name = failure.name;
  return error;
}
