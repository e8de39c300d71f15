// Redis KeyValueStore: shared by every replica. Commands fail fast when Redis is down
// (no offline queue), so callers can decide to fail open instead of hanging.
import Redis from 'ioredis';
import type { RateLimit } from '../../config.ts';
import type { KeyValueStore, RateDecision } from './kv.ts';

// GCRA as in gcra.ts, on Redis's own clock so every replica agrees on "now".
// KEYS[1] key; ARGV[1] period ms; ARGV[2] count. Returns {allowed (0|1), retry after ms}.
const GCRA_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local period = tonumber(ARGV[1])
local interval = period / tonumber(ARGV[2])
local tat = tonumber(redis.call('GET', KEYS[1]) or now)
if tat < now then tat = now end
local next_tat = tat + interval
local allow_at = next_tat - period
if now < allow_at then
  return {0, math.ceil(allow_at - now)}
end
redis.call('SET', KEYS[1], tostring(next_tat), 'PX', math.ceil(next_tat - now))
return {1, 0}
`;

const EXTEND_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
`;

const RELEASE_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;

export class RedisKeyValueStore implements KeyValueStore {
  readonly kind = 'redis';
  private readonly redis: Redis;
  /** The last connection error ioredis reported: its own rejection only says the connection closed. */
  private lastError: Error | null = null;

  constructor(url: string, private readonly prefix: string) {
    this.redis = new Redis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
      commandTimeout: 2000,
      // Keep reconnecting in the background; readiness reports the outage meanwhile.
      retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
      lazyConnect: true,
    });
    // ioredis emits 'error' on every failed reconnect; readiness and callers report it instead.
    this.redis.on('error', (error: Error) => (this.lastError = error));
  }

  async connect(): Promise<void> {
    try {
      await this.redis.connect();
    } catch (error) {
      const { host, port, db } = this.redis.options;
      throw new Error(`cannot reach Redis at ${host}:${port} (database ${db ?? 0}): ${(this.lastError ?? (error as Error)).message}`);
    }
  }

  async get(key: string): Promise<string | null> {
    return this.redis.get(this.prefix + key);
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    await this.redis.set(this.prefix + key, value, 'PX', Math.max(1, Math.ceil(ttlMs)));
  }

  async delete(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async rateLimit(key: string, limit: RateLimit): Promise<RateDecision> {
    const [allowed, retryAfterMs] = (await this.redis.eval(
      GCRA_SCRIPT,
      1,
      this.prefix + key,
      limit.periodSeconds * 1000,
      limit.count,
    )) as [number, number];
    return { allowed: allowed === 1, retryAfterMs };
  }

  async acquireLock(key: string, ttlMs: number): Promise<string | null> {
    const token = crypto.randomUUID();
    const result = await this.redis.set(this.prefix + key, token, 'PX', Math.ceil(ttlMs), 'NX');
    return result === 'OK' ? token : null;
  }

  async extendLock(key: string, token: string, ttlMs: number): Promise<boolean> {
    return (await this.redis.eval(EXTEND_SCRIPT, 1, this.prefix + key, token, Math.ceil(ttlMs))) === 1;
  }

  async releaseLock(key: string, token: string): Promise<void> {
    await this.redis.eval(RELEASE_SCRIPT, 1, this.prefix + key, token);
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}
