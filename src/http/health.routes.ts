import { Elysia } from 'elysia';
import type { Readiness } from '../readiness.ts';
import { errors, Health } from './schemas.ts';

const live = () => ({ status: 'ok' });
const liveDoc = { response: { 200: Health }, detail: { summary: 'Liveness probe: the process is running' } };

export const healthRoutes = (readiness: Readiness) =>
  new Elysia({ prefix: '/health', detail: { tags: ['health'] } })
    .get('/live', live, liveDoc)
    .get('', live, { ...liveDoc, detail: { summary: 'Alias of /health/live' } })
    .get(
      '/ready',
      async ({ status }) => {
        const report = await readiness.check();
        return report.ready ? { status: 'ready' } : status(503, { detail: report.reason });
      },
      {
        response: { 200: Health, ...errors(503) },
        detail: { summary: 'Readiness probe: database and KV store reachable, pipeline compiled' },
      },
    );
