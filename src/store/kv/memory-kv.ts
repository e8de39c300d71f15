// In-process KeyValueStore for the single binary and a lone process: the same semantics as
// Redis (TTL, atomic rate limits, owned locks), but private to this process.
import type { RateLimit } from '../../config.ts';
import { gcraStep } from './gcra.ts';
import type { KeyValueStore, RateDecision } from './kv.ts';

interface Entry {
  value: string;
  expiresAt: number;
}

/** How often expired keys are swept, so keys nobody reads again do not pile up. */
const SWEEP_INTERVAL_MS = 60_000;

export class MemoryKeyValueStore implements KeyValueStore {
  readonly kind = 'memory';
  private readonly entries = new Map<string, Entry>();
  private readonly sweeper: ReturnType<typeof setInterval>;

  constructor(private readonly now: () => number = Date.now) {
    this.sweeper = setInterval(() => this.sweep(), SWEEP_INTERVAL_MS);
    this.sweeper.unref?.();
  }

  async get(key: string): Promise<string | null> {
    return this.live(key)?.value ?? null;
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    this.entries.set(key, { value, expiresAt: this.now() + ttlMs });
  }

  async delete(key: string): Promise<void> {
    this.entries.delete(key);
  }

  async rateLimit(key: string, limit: RateLimit): Promise<RateDecision> {
    const now = this.now();
    const stored = this.live(key);
    const { decision, nextTat } = gcraStep(stored ? Number(stored.value) : null, now, limit);
    if (decision.allowed) this.entries.set(key, { value: String(nextTat), expiresAt: nextTat });
    return decision;
  }

  async acquireLock(key: string, ttlMs: number): Promise<string | null> {
    if (this.live(key)) return null;
    const token = crypto.randomUUID();
    this.entries.set(key, { value: token, expiresAt: this.now() + ttlMs });
    return token;
  }

  async extendLock(key: string, token: string, ttlMs: number): Promise<boolean> {
    const entry = this.live(key);
    if (entry?.value !== token) return false;
    entry.expiresAt = this.now() + ttlMs;
    return true;
  }

  async releaseLock(key: string, token: string): Promise<void> {
    if (this.live(key)?.value === token) this.entries.delete(key);
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.entries.clear();
  }

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }
}
