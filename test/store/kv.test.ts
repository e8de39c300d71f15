// One suite, both adapters: Redis and the in-process store must behave the same.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { KeyValueStore } from '../../src/store/kv/kv.ts';
import { MemoryKeyValueStore } from '../../src/store/kv/memory-kv.ts';
import { RedisKeyValueStore } from '../../src/store/kv/redis-kv.ts';
import { REDIS_URL, type TempResource, tempRedisPrefix } from '../support/services.ts';

const adapters: Array<[string, () => Promise<{ kv: KeyValueStore; dispose(): Promise<void> }>]> = [
  ['memory', async () => {
    const kv = new MemoryKeyValueStore();
    return { kv, dispose: () => kv.close() };
  }],
  ['redis', async () => {
    const prefix: TempResource<string> = tempRedisPrefix();
    const kv = new RedisKeyValueStore(REDIS_URL, prefix.value);
    await kv.connect();
    return { kv, dispose: async () => { await kv.close(); await prefix.dispose(); } };
  }],
];

for (const [name, open] of adapters) {
  describe(`KeyValueStore: ${name}`, () => {
    let kv: KeyValueStore;
    let dispose: () => Promise<void>;
    beforeAll(async () => ({ kv, dispose } = await open()));
    afterAll(() => dispose());

    test('set, get and delete', async () => {
      await kv.set('a', 'one', 10_000);
      expect(await kv.get('a')).toBe('one');
      await kv.delete('a');
      expect(await kv.get('a')).toBeNull();
    });

    test('values expire after their TTL', async () => {
      await kv.set('short', 'x', 50);
      expect(await kv.get('short')).toBe('x');
      await Bun.sleep(120);
      expect(await kv.get('short')).toBeNull();
    });

    test('rate limit lets a burst of `count` through, then refuses with a wait', async () => {
      const limit = { count: 3, periodSeconds: 60 };
      const decisions = [];
      for (let i = 0; i < 4; i++) decisions.push(await kv.rateLimit('burst', limit));
      expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false]);
      // One slot frees every period/count = 20 s.
      expect(decisions[3]!.retryAfterMs).toBeGreaterThan(19_000);
      expect(decisions[3]!.retryAfterMs).toBeLessThanOrEqual(20_000);
    });

    test('rate limit is atomic under concurrent requests', async () => {
      const limit = { count: 10, periodSeconds: 60 };
      const decisions = await Promise.all(Array.from({ length: 30 }, () => kv.rateLimit('concurrent', limit)));
      expect(decisions.filter((d) => d.allowed)).toHaveLength(10);
    });

    test('rate limit frees a slot after period/count', async () => {
      const limit = { count: 20, periodSeconds: 2 }; // one slot per 100 ms
      for (let i = 0; i < 20; i++) expect((await kv.rateLimit('refill', limit)).allowed).toBe(true);
      expect((await kv.rateLimit('refill', limit)).allowed).toBe(false);
      await Bun.sleep(150);
      expect((await kv.rateLimit('refill', limit)).allowed).toBe(true);
    });

    test('separate keys have separate limits', async () => {
      const limit = { count: 1, periodSeconds: 60 };
      expect((await kv.rateLimit('k1', limit)).allowed).toBe(true);
      expect((await kv.rateLimit('k2', limit)).allowed).toBe(true);
      expect((await kv.rateLimit('k1', limit)).allowed).toBe(false);
    });

    test('a lock has one owner; only the owner releases it', async () => {
      const first = await kv.acquireLock('lock', 10_000);
      expect(first).not.toBeNull();
      expect(await kv.acquireLock('lock', 10_000)).toBeNull();
      await kv.releaseLock('lock', 'not-the-owner');
      expect(await kv.acquireLock('lock', 10_000)).toBeNull();
      await kv.releaseLock('lock', first!);
      expect(await kv.acquireLock('lock', 10_000)).not.toBeNull();
    });

    test('only the owner extends a lock, and an extended lock outlives its first TTL', async () => {
      const token = (await kv.acquireLock('extended', 100))!;
      expect(await kv.extendLock('extended', 'not-the-owner', 10_000)).toBe(false);
      expect(await kv.extendLock('extended', token, 10_000)).toBe(true);
      await Bun.sleep(150);
      expect(await kv.acquireLock('extended', 100)).toBeNull();
      await kv.releaseLock('extended', token);
      expect(await kv.extendLock('extended', token, 10_000)).toBe(false);
    });

    test('a lock frees itself after its TTL (a crashed holder)', async () => {
      expect(await kv.acquireLock('crashed', 50)).not.toBeNull();
      await Bun.sleep(120);
      expect(await kv.acquireLock('crashed', 50)).not.toBeNull();
    });

    test('ping answers', async () => {
      await kv.ping();
    });
  });
}

describe('RedisKeyValueStore start-up', () => {
  test('an unreachable server is named in the error (host, port, database), never with its password', async () => {
    const kv = new RedisKeyValueStore('redis://:sekrit@127.0.0.1:1/3', 'unreachable:');
    const connecting = kv.connect();
    await expect(connecting).rejects.toThrow(/^cannot reach Redis at 127\.0\.0\.1:1 \(database 3\): .*ECONNREFUSED/);
    await expect(connecting).rejects.not.toThrow(/sekrit/);
    await kv.close();
  });
});
