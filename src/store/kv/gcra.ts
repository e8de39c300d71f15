// Rate limiting by GCRA (generic cell rate algorithm), chosen over fixed or sliding windows:
// - one number per key (the theoretical arrival time), so it is one atomic read-modify-write
//   in Redis with no sorted sets to trim;
// - no window edges where a client could send twice the limit in a moment;
// - the exact wait until the next allowed request falls out of the arithmetic (Retry-After).
// A limit of `count` per `period` lets a burst of `count` through, then one every period/count.
import type { RateLimit } from '../../config.ts';
import type { RateDecision } from './kv.ts';

export interface GcraStep {
  decision: RateDecision;
  /** The new theoretical arrival time to store (unchanged when refused). */
  nextTat: number;
}

/** Pure step shared by the in-process adapter; redis-kv.ts runs the same arithmetic in Lua. */
export function gcraStep(storedTat: number | null, nowMs: number, limit: RateLimit): GcraStep {
  const periodMs = limit.periodSeconds * 1000;
  const intervalMs = periodMs / limit.count;
  const tat = Math.max(storedTat ?? nowMs, nowMs);
  const nextTat = tat + intervalMs;
  const allowAt = nextTat - periodMs;
  if (nowMs < allowAt) return { decision: { allowed: false, retryAfterMs: allowAt - nowMs }, nextTat: tat };
  return { decision: { allowed: true, retryAfterMs: 0 }, nextTat };
}
