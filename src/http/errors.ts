// One place that turns every failure into the spec's error bodies: ErrorDetail, or the
// FastAPI-style HTTPValidationError for 422. Unexpected errors become a bare 500 that
// leaks nothing; the log line carries the request id to find the cause.
import { Elysia, ValidationError } from 'elysia';
import { EmailTakenError, InvalidCredentialsError, InvalidTokenError } from '../auth/auth-service.ts';
import { RateLimitedError } from '../auth/rate-limiter.ts';
import { SessionForbiddenError, SessionNotFoundError } from '../conversation/errors.ts';
import type { Logger } from '../log.ts';
import { isStoreUnavailable } from '../store/availability.ts';
import { describeError } from '../log.ts';
import { requestIdOf } from './observability.ts';
import { jsonInvalidIssue, type SchemaError, toValidationIssues, type ValidationIssue } from './validation-errors.ts';

/** An HTTP answer decided by the HTTP layer itself. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}

export class PayloadTooLargeError extends HttpError {
  constructor() {
    super(413, 'Request body too large');
  }
}

export class InvalidJsonError extends Error {}

/** Validation the app does itself (query integers), already in the FastAPI shape. */
export class RequestValidationError extends Error {
  constructor(readonly issues: ValidationIssue[]) {
    super('request validation failed');
  }
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

const UNAUTHORIZED = { 'www-authenticate': 'Bearer' };

/** Maps a known error to its status, body and headers; null for an unexpected error. */
function answerFor(error: unknown): { status: number; body: unknown; headers?: Record<string, string> } | null {
  if (error instanceof ValidationError) {
    const issues = toValidationIssues(error.type, error.value, error.all as unknown as SchemaError[]);
    return { status: 422, body: { detail: issues } };
  }
  if (error instanceof InvalidJsonError) return { status: 422, body: { detail: [jsonInvalidIssue(error.message)] } };
  if (error instanceof RequestValidationError) return { status: 422, body: { detail: error.issues } };
  if (error instanceof HttpError) return { status: error.status, body: { detail: error.detail }, headers: error.headers };
  if (error instanceof InvalidTokenError) return { status: 401, body: { detail: 'Could not validate credentials' }, headers: UNAUTHORIZED };
  if (error instanceof InvalidCredentialsError) return { status: 401, body: { detail: 'Invalid credentials' } };
  if (error instanceof EmailTakenError) return { status: 409, body: { detail: 'Email already registered' } };
  if (error instanceof SessionForbiddenError) return { status: 403, body: { detail: 'Session not found' } };
  if (error instanceof SessionNotFoundError) return { status: 404, body: { detail: 'Session not found' } };
  if (isStoreUnavailable(error)) {
    return { status: 503, body: { detail: 'Service temporarily unavailable' }, headers: { 'retry-after': '5' } };
  }
  if (error instanceof RateLimitedError) {
    return { status: 429, body: { detail: 'Rate limit exceeded' }, headers: { 'retry-after': String(error.retryAfterSeconds) } };
  }
  return null;
}

export const errorHandling = (log: Logger) =>
  new Elysia({ name: 'error-handling' }).onError({ as: 'global' }, ({ code, error, request, set }) => {
    const requestId = requestIdOf(request);
    const idHeader: Record<string, string> = requestId ? { 'x-request-id': requestId } : {};
    const reply = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      set.status = status; // for the access log
      return jsonResponse(status, body, { ...headers, ...idHeader });
    };
    if (code === 'NOT_FOUND') return reply(404, { detail: 'Not Found' });
    const answer = answerFor(code === 'PARSE' ? unwrapParseError(error) : error);
    if (answer) {
      if (answer.status === 503) log.warn('a backing store is unavailable', { requestId, path: new URL(request.url).pathname, ...describeError(error) });
      return reply(answer.status, answer.body, answer.headers);
    }
    log.error('unhandled error', { requestId, method: request.method, path: new URL(request.url).pathname, ...describeError(error) });
    return reply(500, { detail: 'Internal server error' });
  });

/** Elysia wraps what a parser throws; the body parser's own errors carry the real answer. */
function unwrapParseError(error: unknown): unknown {
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof HttpError || cause instanceof InvalidJsonError) return cause;
  return new InvalidJsonError('the body could not be parsed');
}
