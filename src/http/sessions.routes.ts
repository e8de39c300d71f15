import { Elysia, t } from 'elysia';
import type { AuthService } from '../auth/auth-service.ts';
import { SessionNotFoundError } from '../conversation/errors.ts';
import type { MessageRow, SessionsRepository, SessionSummaryRow } from '../store/sessions.repo.ts';
import { bearerAuth } from './guards.ts';
import { integerQuery } from './query-validation.ts';
import { errors, SessionHistory, SessionIdParams, SessionPage, SessionPageQuery } from './schemas.ts';

const SessionDeleted = t.Void({ description: 'The session and all its messages are deleted; no body' });

type ConfirmedMovieBody = Record<string, unknown> | null;

const summaryBody = (row: SessionSummaryRow) => ({
  session_id: row.id,
  phase: row.phase,
  updated_at: row.updatedAt.toISOString(),
  first_message: row.firstMessage,
  confirmed_movie: row.phase === 'qa' ? ((row.confirmedMovie ?? null) as ConfirmedMovieBody) : null,
});

const messageBody = (row: MessageRow) => ({
  id: row.id,
  session_id: row.sessionId,
  role: row.role,
  content: row.content,
  created_at: row.createdAt.toISOString(),
});

export const sessionsRoutes = (auth: AuthService, sessions: SessionsRepository) =>
  new Elysia({ prefix: '/chat', detail: { tags: ['sessions'], security: [{ bearer: [] }] } })
    .use(bearerAuth(auth))
    .get(
      '/sessions',
      async ({ userId, query: { limit, offset } }) => {
        const page = await sessions.list(userId, limit, offset);
        return { total: page.total, limit, offset, items: page.items.map(summaryBody) };
      },
      {
        query: SessionPageQuery,
        ...integerQuery(SessionPageQuery),
        response: { 200: SessionPage, ...errors(401, 422, 503) },
        detail: { summary: "List the caller's sessions, newest first" },
      },
    )
    .get(
      '/:session_id/history',
      async ({ userId, params }) => {
        const history = await sessions.history(userId, params.session_id);
        if (!history) throw new SessionNotFoundError('Session not found');
        return {
          session_id: history.id,
          phase: history.phase,
          messages: history.messages.map(messageBody),
          confirmed_movie: history.phase === 'qa' ? ((history.confirmedMovie ?? null) as ConfirmedMovieBody) : null,
        };
      },
      {
        params: SessionIdParams,
        response: { 200: SessionHistory, ...errors(401, 404, 422, 503) },
        detail: { summary: 'Full message history of a session' },
      },
    )
    .delete(
      '/:session_id',
      async ({ userId, params }) => {
        if (!(await sessions.delete(userId, params.session_id))) throw new SessionNotFoundError('Session not found');
        return new Response(null, { status: 204 });
      },
      {
        params: SessionIdParams,
        response: { 204: SessionDeleted, ...errors(401, 404, 422, 503) },
        detail: { summary: 'Delete a session with all its messages' },
      },
    );
