// HTTP/1.1 over a plain socket, for what fetch cannot send: a Content-Length that does not
// match the body, a body on a GET, a body streamed from a generator without holding it.
// It writes and reads at once and ignores write errors, as careful clients (curl, httpcore)
// do, so a server that answers before the body is done is seen answering.
import net from 'node:net';

export interface RawRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** Body bytes; `bodyBytes` instead streams that many bytes of 'a' without holding them. */
  body?: string | Uint8Array;
  bodyBytes?: number;
  /** How the body is framed: a Content-Length (`declaredLength` overrides it) or chunked. */
  framing?: 'content-length' | 'chunked';
  declaredLength?: number | string;
  timeoutMs?: number;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
  /** Body bytes the server accepted before it answered or closed. */
  sent: number;
}

const CHUNK = 64 * 1024;

export async function rawRequest(baseUrl: string, request: RawRequest): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  const body = typeof request.body === 'string' ? new TextEncoder().encode(request.body) : request.body;
  const total = body?.byteLength ?? request.bodyBytes ?? 0;
  const framing = request.framing ?? 'content-length';
  const head = [`${request.method} ${request.path} HTTP/1.1`, `host: ${hostname}:${port}`];
  for (const [name, value] of Object.entries(request.headers ?? {})) head.push(`${name}: ${value}`);
  if (framing === 'chunked') head.push('transfer-encoding: chunked');
  else if (total > 0 || request.declaredLength !== undefined) head.push(`content-length: ${request.declaredLength ?? total}`);
  head.push('', '');

  const socket = net.connect(Number(port), hostname);
  socket.on('error', () => {}); // EPIPE / ECONNRESET once the server has answered: expected
  const received: Buffer[] = [];
  let answered = false;
  const done = new Promise<void>((resolve, reject) => {
    const timeoutMs = request.timeoutMs ?? 10_000;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no complete answer within ${timeoutMs} ms`));
    }, timeoutMs);
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve();
    };
    socket.on('data', (data: Buffer) => {
      received.push(data);
      answered = true;
      if (isComplete(Buffer.concat(received))) finish();
    });
    socket.on('close', finish);
  });
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));

  let sent = 0;
  const write = (data: Uint8Array | string) =>
    new Promise<void>((resolve) => {
      if (socket.destroyed || !socket.write(data)) socket.once('drain', resolve).once('close', resolve);
      else resolve();
    });
  await write(head.join('\r\n'));
  const filler = new Uint8Array(CHUNK).fill(0x61);
  while (sent < total && !answered && !socket.destroyed) {
    const size = Math.min(CHUNK, total - sent);
    const piece = body ? body.subarray(sent, sent + size) : filler.subarray(0, size);
    await write(framing === 'chunked' ? Buffer.concat([Buffer.from(`${size.toString(16)}\r\n`), piece, Buffer.from('\r\n')]) : piece);
    sent += size;
  }
  if (framing === 'chunked' && !answered && !socket.destroyed) await write('0\r\n\r\n');
  await done;

  const raw = Buffer.concat(received);
  const split = raw.indexOf('\r\n\r\n');
  if (split < 0) throw new Error(`no HTTP answer (got ${JSON.stringify(raw.toString('latin1', 0, 80))}, sent ${sent} of ${total} bytes)`);
  const [statusLine, ...lines] = raw.toString('latin1', 0, split).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let payload: Buffer = raw.subarray(split + 4);
  if (headers['transfer-encoding'] === 'chunked') payload = unchunk(payload);
  else if (headers['content-length'] !== undefined) payload = payload.subarray(0, Number(headers['content-length']));
  return { status: Number(statusLine!.split(' ')[1]), headers, text: payload.toString('utf8'), sent };
}

/** A whole response with a Content-Length (the only kind these tests wait for) has arrived. */
function isComplete(raw: Buffer): boolean {
  const split = raw.indexOf('\r\n\r\n');
  if (split < 0) return false;
  const length = /^content-length:\s*(\d+)/im.exec(raw.toString('latin1', 0, split))?.[1];
  return length !== undefined && raw.byteLength - split - 4 >= Number(length);
}

function unchunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let rest: Buffer = data;
  for (;;) {
    const lineEnd = rest.indexOf('\r\n');
    const size = parseInt(rest.toString('latin1', 0, lineEnd), 16);
    if (!size) return Buffer.concat(parts);
    parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
    rest = rest.subarray(lineEnd + 4 + size);
  }
}
