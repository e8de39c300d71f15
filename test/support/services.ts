// Real backing services for tests: a fresh Postgres database per suite (created and dropped
// here), a Redis key prefix per suite (its keys deleted afterwards), PGlite in a temp dir.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import postgres from 'postgres';

export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface TempResource<T> {
  value: T;
  dispose(): Promise<void>;
}

const suffix = () => crypto.randomUUID().replace(/-/g, '').slice(0, 12);

/** A new, empty Postgres database; dispose() drops it. */
export async function tempPostgresDatabase(): Promise<TempResource<string>> {
  const name = `md_test_${suffix()}`;
  const admin = postgres(POSTGRES_ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    value: url.toString(),
    async dispose() {
      const cleanup = postgres(POSTGRES_ADMIN_URL, { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** A Redis key prefix nobody else uses; dispose() deletes every key under it. */
export function tempRedisPrefix(): TempResource<string> {
  const prefix = `md-test:${suffix()}:`;
  return {
    value: prefix,
    async dispose() {
      const redis = new Redis(REDIS_URL, { lazyConnect: true });
      await redis.connect();
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
        cursor = next;
        if (keys.length > 0) await redis.del(...keys);
      } while (cursor !== '0');
      redis.disconnect();
    },
  };
}

export function tempDirectory(): TempResource<string> {
  const dir = mkdtempSync(join(tmpdir(), 'md-test-'));
  return { value: dir, dispose: async () => rmSync(dir, { recursive: true, force: true }) };
}
