// HTTP for a remote catalog that may be slow, failing or rate limiting: a per-call timeout,
// bounded retries with jittered exponential backoff on timeouts and 5xx only, 429 waits for
// Retry-After when it fits the turn's deadline, and a circuit breaker that stops calling a
// catalog that keeps failing.
import { CatalogUnavailableError } from './catalog.ts';

export interface ResilienceSettings {
  timeoutMs: number;
  maxRetries: number;
  backoffMs: number;
}

/**
 * Opens after `threshold` consecutive failures; while open every call fails at once. After
 * `cooldownMs` one trial call goes through (half-open): success closes it, failure re-opens.
 */
export class CircuitBreaker {
  private failures = 0;
  private openedAt: number | null = null;
  private trialInFlight = false;

  constructor(
    private readonly threshold: number,
    private readonly cooldownMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get state(): 'closed' | 'open' | 'half-open' {
    if (this.openedAt === null) return 'closed';
    return this.now() - this.openedAt >= this.cooldownMs ? 'half-open' : 'open';
  }

  /** Whether a call may go out now (claims the single half-open trial). */
  tryAcquire(): boolean {
    const state = this.state;
    if (state === 'closed') return true;
    if (state === 'open' || this.trialInFlight) return false;
    this.trialInFlight = true;
    return true;
  }

  succeeded(): void {
    this.failures = 0;
    this.openedAt = null;
    this.trialInFlight = false;
  }

  failed(): void {
    this.failures++;
    this.trialInFlight = false;
    if (this.openedAt !== null || this.failures >= this.threshold) this.openedAt = this.now();
  }
}

/** Retry-After as seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

class RetryableError extends Error {
  constructor(
    message: string,
    readonly waitMs?: number,
  ) {
    super(message);
  }
}

export interface ResilientFetchOptions {
  settings: ResilienceSettings;
  breaker: CircuitBreaker;
  deadline: number;
}

/**
 * GETs JSON. Resolves to the parsed body, or null for 404. Throws CatalogUnavailableError when
 * the catalog cannot give an answer before the deadline.
 */
export async function fetchJson(url: string, { settings, breaker, deadline }: ResilientFetchOptions): Promise<unknown> {
  if (!breaker.tryAcquire()) throw new CatalogUnavailableError('catalog circuit breaker is open');
  let lastError = 'no attempt made';
  for (let attempt = 0; attempt <= settings.maxRetries; attempt++) {
    const remaining = deadline - Date.now();
    if (remaining <= 0) break;
    try {
      const body = await attemptFetch(url, Math.min(settings.timeoutMs, remaining));
      breaker.succeeded();
      return body;
    } catch (error) {
      if (!(error instanceof RetryableError)) {
        breaker.failed();
        throw error;
      }
      lastError = error.message;
      const backoff = error.waitMs ?? settings.backoffMs * 2 ** attempt * (0.5 + Math.random());
      if (attempt === settings.maxRetries || Date.now() + backoff >= deadline) break;
      await Bun.sleep(backoff);
    }
  }
  breaker.failed();
  throw new CatalogUnavailableError(`catalog did not answer in time: ${lastError}`);
}

async function attemptFetch(url: string, timeoutMs: number): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const name = (error as Error).name;
    throw new RetryableError(name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : `network error: ${(error as Error).message}`);
  }
  if (response.status === 404) {
    await response.body?.cancel();
    return null;
  }
  if (response.status === 429) {
    await response.body?.cancel();
    throw new RetryableError('rate limited (429)', retryAfterMs(response.headers.get('retry-after')) ?? undefined);
  }
  if (response.status >= 500) {
    await response.body?.cancel();
    throw new RetryableError(`server error ${response.status}`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new CatalogUnavailableError(`catalog refused the request: ${response.status}`);
  }
  try {
    return await response.json();
  } catch {
    throw new CatalogUnavailableError('catalog answered with malformed JSON');
  }
}
