// JSON bodies are read by the app itself, so an oversized body gets a proper 413 ErrorDetail
// (Bun's own limit answers with an empty body) and invalid JSON a 422, whether or not the
// client sent a Content-Length.
import { Elysia } from 'elysia';
import { InvalidJsonError, PayloadTooLargeError } from './errors.ts';

export const bodyParser = (maxBodyBytes: number) =>
  new Elysia({ name: 'body-parser' })
    .onRequest(({ request }) => {
      const declared = Number(request.headers.get('content-length') ?? 0);
      if (declared > maxBodyBytes) throw new PayloadTooLargeError();
    })
    .onParse({ as: 'global' }, async ({ request, contentType }) => {
      if (!request.body) return;
      const type = contentType?.toLowerCase() ?? '';
      // Other media types are read as text and then fail validation as "not an object".
      const text = await readLimited(request.body, maxBodyBytes);
      if (!type.startsWith('application/json') && !type.endsWith('+json')) return text;
      if (text.trim() === '') return undefined;
      try {
        return JSON.parse(text);
      } catch (error) {
        throw new InvalidJsonError((error as Error).message);
      }
    });

async function readLimited(stream: ReadableStream<Uint8Array>, limit: number): Promise<string> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new PayloadTooLargeError();
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}
