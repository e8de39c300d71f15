import { Elysia } from 'elysia';
import type { AuthService } from '../auth/auth-service.ts';
import type { RateLimiter } from '../auth/rate-limiter.ts';
import type { ChatEvent, ChatService } from '../conversation/chat-service.ts';
import { bearerAuth } from './guards.ts';
import { ChatEventStream, chatRequest, errors } from './schemas.ts';

/** `data: <json>` lines each followed by a blank line, nothing else (clients JSON-decode every line). */
function eventStream(events: AsyncIterable<ChatEvent>): Response {
  const encoder = new TextEncoder();
  const iterator = events[Symbol.asyncIterator]();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) return controller.close();
      controller.enqueue(encoder.encode(`data: ${JSON.stringify(next.value)}\n\n`));
    },
    // The client went away: stop reading. The turn itself goes on and is committed.
    cancel: () => void iterator.return?.(),
  });
  return new Response(body, {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
    },
  });
}

export const chatRoutes = (auth: AuthService, rateLimiter: RateLimiter, chat: ChatService, maxMessageLength: number) =>
  new Elysia({ prefix: '/chat', detail: { tags: ['chat'], security: [{ bearer: [] }] } }).use(bearerAuth(auth)).post(
    '',
    async ({ userId, body, request, server }) => {
      await rateLimiter.take('chat', userId);
      const events = await chat.startTurn(userId, body.session_id, body.message);
      server?.timeout(request, 0); // a long turn must not be cut by Bun's idle timeout
      return eventStream(events);
    },
    {
      body: chatRequest(maxMessageLength),
      response: { 200: ChatEventStream, ...errors(401, 403, 413, 422, 429, 503) },
      detail: {
        summary: 'Send a message; the reply streams as Server-Sent Events',
        description: 'Creates the session on first use of its session_id. Use fetch with a readable stream: EventSource cannot POST.',
        responses: { 200: { description: 'Event stream', content: { 'text/event-stream': { schema: { type: 'string' } } } } },
      },
    },
  );
