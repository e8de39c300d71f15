import { describe, expect, test } from 'bun:test';
import { PasswordHasher } from '../../src/auth/passwords.ts';

describe('PasswordHasher', () => {
  const hasher = new PasswordHasher();

  test('hashes with argon2id and verifies', async () => {
    const hash = await hasher.hash('correct-horse');
    expect(hash).toStartWith('$argon2id$');
    expect(await hasher.verify('correct-horse', hash)).toBe(true);
    expect(await hasher.verify('wrong-horse', hash)).toBe(false);
  });

  // No user enumeration by timing: an unknown e-mail must cost what a wrong password costs.
  // The bound is loose on purpose (a real difference would be ~100x: no hash at all).
  test('the decoy check for unknown users takes as long as a real verification', async () => {
    const hash = await hasher.hash('correct-horse');
    await hasher.verifyDecoy('warm-up');
    const median = async (work: () => Promise<unknown>) => {
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const start = performance.now();
        await work();
        times.push(performance.now() - start);
      }
      return times.sort((a, b) => a - b)[2]!;
    };
    const real = await median(() => hasher.verify('wrong-horse', hash));
    const decoy = await median(() => hasher.verifyDecoy('wrong-horse'));
    expect(decoy / real).toBeGreaterThan(0.5);
    expect(decoy / real).toBeLessThan(2);
  }, 30_000);
});
