// Request ids and the access log: one JSON line per request with method, path, status,
// duration and request id. A caller's X-Request-Id is kept when it looks sane.
import { Elysia } from 'elysia';
import type { Logger } from '../log.ts';

interface RequestMeta {
  id: string;
  startedAt: number;
}

const metaByRequest = new WeakMap<Request, RequestMeta>();
const SANE_REQUEST_ID = /^[\w.:-]{1,128}$/;

export const requestIdOf = (request: Request) => metaByRequest.get(request)?.id;

export const observability = (log: Logger) =>
  new Elysia({ name: 'observability' })
    .onRequest(({ request, set }) => {
      const offered = request.headers.get('x-request-id');
      const id = offered && SANE_REQUEST_ID.test(offered) ? offered : crypto.randomUUID();
      metaByRequest.set(request, { id, startedAt: performance.now() });
      set.headers['x-request-id'] = id;
    })
    .onAfterResponse({ as: 'global' }, ({ request, set, responseValue }) => {
      const meta = metaByRequest.get(request);
      const status = responseValue instanceof Response ? responseValue.status : Number(set.status ?? 200);
      log.info('request', {
        requestId: meta?.id,
        method: request.method,
        path: new URL(request.url).pathname,
        status,
        durationMs: meta ? Math.round((performance.now() - meta.startedAt) * 10) / 10 : undefined,
      });
    });
