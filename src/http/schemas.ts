// Request and response models of spec/interface.md 1.0.0. They validate requests and
// generate the OpenAPI document, so the two cannot drift apart.
import { Type } from '@sinclair/typebox';
import { t } from 'elysia';
import { CharacterString, EmailAddress } from './string-rules.ts';

const Email = EmailAddress({ examples: ['ada@example.com'] });
const Uuid = t.String({ format: 'uuid' });
const DateTime = t.String({ format: 'date-time' });
const Phase = t.UnionEnum(['discovery', 'confirmation', 'qa'], { description: 'Conversation phase; driven by the pipeline' });
const Nullable = <T extends Parameters<typeof t.Union>[0][number]>(schema: T) => t.Union([schema, t.Null()]);

export const UserCreate = t.Object({ email: Email, password: CharacterString({ minLength: 8 }) }, { title: 'UserCreate' });
export const UserLogin = t.Object({ email: Email, password: t.String() }, { title: 'UserLogin' });
export const RefreshRequest = t.Object({ refresh_token: t.String() }, { title: 'RefreshRequest' });

export const Token = t.Object(
  {
    access_token: t.String({ description: 'JWT (HS256), lives 30 minutes by default' }),
    refresh_token: t.String({ description: 'JWT (HS256), lives 7 days by default' }),
    token_type: t.Literal('bearer', { default: 'bearer' }),
  },
  { title: 'Token' },
);

export const ErrorDetail = t.Object({ detail: t.String() }, { title: 'ErrorDetail' });

export const HTTPValidationError = t.Object(
  {
    detail: t.Optional(
      t.Array(
        t.Object(
          {
            loc: t.Array(t.Union([t.String(), t.Integer()])),
            msg: t.String(),
            type: t.String(),
            input: t.Optional(t.Any()),
            ctx: t.Optional(t.Record(t.String(), t.Any())),
          },
          { title: 'ValidationError' },
        ),
      ),
    ),
  },
  { title: 'HTTPValidationError' },
);

export const chatRequest = (maxMessageLength: number) =>
  t.Object(
    {
      session_id: t.String({ format: 'uuid', description: 'Client-generated UUID v4; creates the session on first use' }),
      message: CharacterString({ minLength: 1, maxLength: maxMessageLength }),
    },
    { title: 'ChatRequest' },
  );

const catalogFields = {
  catalog_id: Nullable(t.String()),
  catalog_title: Nullable(t.String()),
  catalog_year: Nullable(t.Integer()),
  catalog_rating: Nullable(t.Number({ minimum: 0, maximum: 10 })),
  catalog_plot: Nullable(t.String()),
  catalog_genres: t.Array(t.String()),
  catalog_directors: t.Array(t.String()),
  catalog_stars: t.Array(t.String()),
  catalog_poster_url: Nullable(t.String({ format: 'uri' })),
};

export const MovieCandidate = t.Object(
  {
    rag_title: t.String(),
    rag_year: t.Optional(t.Integer()),
    rag_director: t.Optional(t.String()),
    rag_genre: t.Optional(t.Array(t.String())),
    rag_cast: t.Optional(t.Array(t.String())),
    rag_plot: t.Optional(t.String()),
    ...Object.fromEntries(Object.entries(catalogFields).map(([key, schema]) => [key, t.Optional(schema)])),
    confidence: t.Number({ minimum: 0, maximum: 1 }),
  },
  { title: 'MovieCandidate' },
);

export const ConfirmedMovie = t.Partial(
  t.Object(
    { ...catalogFields, rag_title: t.String(), rag_year: t.Integer(), confidence: t.Number() },
    { additionalProperties: true },
  ),
  { title: 'ConfirmedMovie' },
);

export const SessionSummary = t.Object(
  {
    session_id: Uuid,
    phase: Phase,
    updated_at: DateTime,
    first_message: Nullable(t.String()),
    confirmed_movie: Nullable(ConfirmedMovie),
  },
  { title: 'SessionSummary' },
);

export const SessionPage = t.Object(
  { total: t.Integer(), limit: t.Integer(), offset: t.Integer(), items: t.Array(SessionSummary) },
  { title: 'SessionPage' },
);

export const Message = t.Object(
  { id: Uuid, session_id: Uuid, role: t.UnionEnum(['user', 'assistant']), content: t.String(), created_at: DateTime },
  { title: 'Message' },
);

export const SessionHistory = t.Object(
  { session_id: Uuid, phase: Phase, messages: t.Array(Message), confirmed_movie: Nullable(ConfirmedMovie) },
  { title: 'SessionHistory' },
);

// Plain TypeBox, not Elysia's `t`: see query-validation.ts. The spec bounds offset only from
// below; above 2^53 - 1 it could not be echoed exactly in the page's JSON, so it stops there.
export const SessionPageQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  offset: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, default: 0 }),
});

export const SessionIdParams = t.Object({ session_id: Uuid });

export const Health = t.Object({ status: t.String() }, { title: 'Health' });

/** The SSE body of POST /chat, described for the OpenAPI document. */
export const ChatEventStream = t.String({
  description:
    'Server-Sent Events: lines `data: <json>` each followed by a blank line. Zero or more ' +
    '`{"type":"token","content":...}` events, then exactly one `{"type":"done","session_id","reply","phase",' +
    'candidates?, confirmed_movie?}` last. A failure after the stream started ends it with ' +
    '`{"type":"error","detail":...}` instead of the done event, and nothing of that turn is saved.',
});

export const errorResponses = {
  401: ErrorDetail,
  403: ErrorDetail,
  404: ErrorDetail,
  409: ErrorDetail,
  413: ErrorDetail,
  422: HTTPValidationError,
  429: ErrorDetail,
  503: ErrorDetail,
} as const;

/** The error responses a route declares, picked from `errorResponses`. */
export function errors<const K extends keyof typeof errorResponses>(...codes: K[]) {
  return Object.fromEntries(codes.map((code) => [code, errorResponses[code]])) as Pick<typeof errorResponses, K>;
}
