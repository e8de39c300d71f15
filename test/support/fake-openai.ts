// A local server speaking the OpenAI Chat Completions protocol (POST /v1/chat/completions,
// streamed or not, with tool calls), answering from a script, so the production client code is
// what gets tested. Each request takes the next scripted reply, or asks `fallback`.
export type ScriptedReply =
  | { kind: 'text'; content: string }
  | { kind: 'tool_calls'; calls: Array<{ name: string; arguments: string }> }
  | { kind: 'error'; status: number }
  | { kind: 'hang' }
  | { kind: 'garbage' }
  /** Streams `content` in pieces, then stalls: the client's timeout ends it. */
  | { kind: 'broken_stream'; content: string };

export interface ChatRequest {
  model: string;
  stream?: boolean;
  messages: Array<{ role: string; content?: string | null; tool_calls?: unknown[]; tool_call_id?: string }>;
  tools?: Array<{ function: { name: string } }>;
}

export interface FakeOpenAi {
  baseUrl: string;
  requests: ChatRequest[];
  script: ScriptedReply[];
  fallback: (request: ChatRequest) => ScriptedReply;
  stop(): void;
}

const encoder = new TextEncoder();

export function startFakeOpenAi(): FakeOpenAi {
  const fake: FakeOpenAi = {
    baseUrl: '',
    requests: [],
    script: [],
    fallback: () => ({ kind: 'error', status: 500 }),
    stop: () => server.stop(true),
  };
  const completion = (message: Record<string, unknown>, finish: string) => ({
    id: `chatcmpl-${crypto.randomUUID()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: 'scripted',
    choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: finish, logprobs: null }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  });
  const chunk = (delta: Record<string, unknown>, finish: string | null) =>
    `data: ${JSON.stringify({ id: 'chatcmpl-stream', object: 'chat.completion.chunk', created: 0, model: 'scripted', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  const pieces = (text: string) => text.match(/\S+\s*|\s+/g) ?? [];

  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    idleTimeout: 0,
    async fetch(request) {
      if (new URL(request.url).pathname !== '/v1/chat/completions') return new Response('not found', { status: 404 });
      const body = (await request.json()) as ChatRequest;
      fake.requests.push(body);
      const reply = fake.script.shift() ?? fake.fallback(body);
      switch (reply.kind) {
        case 'hang':
          return new Promise<Response>(() => {});
        case 'error':
          return Response.json({ error: { message: 'scripted failure', type: 'server_error' } }, { status: reply.status });
        case 'garbage':
          return new Response('{"choices": [', { headers: { 'content-type': 'application/json' } });
        case 'tool_calls':
          return Response.json(
            completion(
              {
                content: null,
                tool_calls: reply.calls.map((call, i) => ({ id: `call_${i}`, type: 'function', function: { name: call.name, arguments: call.arguments } })),
              },
              'tool_calls',
            ),
          );
        case 'text':
        case 'broken_stream': {
          if (!body.stream) return Response.json(completion({ content: reply.content }, 'stop'));
          const broken = reply.kind === 'broken_stream';
          const stream = new ReadableStream<Uint8Array>({
            async start(controller) {
              controller.enqueue(encoder.encode(chunk({ role: 'assistant', content: '' }, null)));
              for (const piece of pieces(reply.content)) {
                controller.enqueue(encoder.encode(chunk({ content: piece }, null)));
                await Bun.sleep(1);
              }
              if (broken) return; // never finishes
              controller.enqueue(encoder.encode(chunk({}, 'stop')));
              controller.enqueue(encoder.encode('data: [DONE]\n\n'));
              controller.close();
            },
          });
          return new Response(stream, { headers: { 'content-type': 'text/event-stream' } });
        }
      }
    },
  });
  fake.baseUrl = `http://127.0.0.1:${server.port}/v1`;
  return fake;
}
