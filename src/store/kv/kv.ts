// The small key-value port behind revocation lists, rate limits, locks and caches.
// Adapters: Redis (shared by replicas) and an in-process map (single binary, tests).
import type { RateLimit } from '../../config.ts';

export interface RateDecision {
  allowed: boolean;
  /** When refused: milliseconds until one more request would be allowed. */
  retryAfterMs: number;
}

export interface KeyValueStore {
  readonly kind: 'redis' | 'memory';
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  delete(key: string): Promise<void>;
  /**
   * Counts one request against `limit` under `key`, atomically (GCRA, see gcra.ts).
   */
  rateLimit(key: string, limit: RateLimit): Promise<RateDecision>;
  /** Takes the lock if free; returns the owner token, or null when someone holds it. */
  acquireLock(key: string, ttlMs: number): Promise<string | null>;
  /** Extends the lock's life if `token` still owns it; false when it was lost. */
  extendLock(key: string, token: string, ttlMs: number): Promise<boolean>;
  /** Releases the lock only if `token` still owns it (it may have expired and moved on). */
  releaseLock(key: string, token: string): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
