// Named rate limits over the shared KV store. When the store is unreachable the request is
// let through with a warning: an outage of Redis must not lock every user out.
import type { RateLimit } from '../config.ts';
import type { Logger } from '../log.ts';
import { describeError } from '../log.ts';
import type { KeyValueStore } from '../store/kv/kv.ts';

export type LimitName = 'login' | 'register' | 'refresh' | 'chat';

export class RateLimitedError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('Rate limit exceeded');
  }
}

export class RateLimiter {
  constructor(
    private readonly limits: Record<LimitName, RateLimit | null>,
    private readonly kv: KeyValueStore,
    private readonly log: Logger,
  ) {}

  /** Counts one request by `subject` (an IP, a user, ...); throws RateLimitedError when over. */
  async take(name: LimitName, subject: string): Promise<void> {
    const limit = this.limits[name];
    if (!limit) return;
    let decision;
    try {
      decision = await this.kv.rateLimit(`rate:${name}:${subject}`, limit);
    } catch (error) {
      this.log.warn('rate-limit store unavailable; letting the request through', { limit: name, ...describeError(error) });
      return;
    }
    if (!decision.allowed) throw new RateLimitedError(Math.max(1, Math.ceil(decision.retryAfterMs / 1000)));
  }
}
