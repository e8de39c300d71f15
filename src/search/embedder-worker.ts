// The embedding thread (threaded-embedder.ts): loads the model when told to, then embeds what
// it is sent, each reply carrying its request's id, and frees the model when told to close.
import { useEmbeddedAssets } from '../assets.ts';
import { type Embedder, loadEmbedder } from './embedder.ts';
import { type EmbedderReply, type EmbedderRequest, failureOf } from './threaded-embedder.ts';

declare const self: Worker;
let embedder: Embedder | null = null;

const reply = (message: EmbedderReply, transfer: Transferable[] = []) => self.postMessage(message, transfer);

self.onmessage = async ({ data: request }: MessageEvent<EmbedderRequest>) => {
  try {
    if (request.kind === 'open') {
      if (request.assets) useEmbeddedAssets(request.assets);
      embedder = await loadEmbedder(request.settings);
      reply({ kind: 'opened', modelId: embedder.modelId, dimensions: embedder.dimensions });
    } else if (request.kind === 'embed') {
      if (!embedder) throw new Error('the embedding model is not loaded');
      const vectors = request.as === 'query' ? [await embedder.embedQuery(request.texts[0]!)] : await embedder.embedDocuments(request.texts);
      reply({ kind: 'embedded', id: request.id, vectors }, [...new Set(vectors.map((vector) => vector.buffer as ArrayBuffer))]);
    } else {
      await embedder?.dispose();
      embedder = null;
      reply({ kind: 'closed' });
    }
  } catch (error) {
    reply({ kind: 'failed', id: request.kind === 'embed' ? request.id : null, failure: failureOf(error) });
  }
};
