import { describe, expect, test } from 'bun:test';
import { ConfigError, loadConfig } from '../src/config.ts';

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.problems;
  }
};

describe('loadConfig', () => {
  test('defaults match the spec and the issue', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8000);
    expect(config.databaseUrl).toBeNull();
    expect(config.redisUrl).toBeNull();
    expect(config.accessTokenTtlSeconds).toBe(1800);
    expect(config.refreshTokenTtlSeconds).toBe(7 * 24 * 3600);
    expect(config.chatMaxMessageLength).toBe(2000);
    expect(config.rateLimits).toEqual({
      login: { count: 10, periodSeconds: 60 },
      register: { count: 20, periodSeconds: 3600 },
      refresh: { count: 30, periodSeconds: 60 },
      chat: { count: 30, periodSeconds: 60 },
    });
    expect(config.trustedProxyHops).toBe(0);
    expect(config.maxBodyBytes).toBe(65536);
  });

  test('reads rate limits as <count>/<seconds> or off', () => {
    const config = loadConfig({ RATE_LIMIT_LOGIN: '5/30', RATE_LIMIT_CHAT: 'off' });
    expect(config.rateLimits.login).toEqual({ count: 5, periodSeconds: 30 });
    expect(config.rateLimits.chat).toBeNull();
  });

  test('lists every bad variable at once, by name', () => {
    const problems = problemsOf({ PORT: 'eighty', RATE_LIMIT_LOGIN: '10 per minute', LOG_LEVEL: 'loud', TRUST_PROXY: 'maybe' });
    expect(problems).toHaveLength(4);
    expect(problems.join('\n')).toContain('PORT');
    expect(problems.join('\n')).toContain('RATE_LIMIT_LOGIN');
    expect(problems.join('\n')).toContain('LOG_LEVEL');
    expect(problems.join('\n')).toContain('TRUST_PROXY');
  });

  test('ABSTAIN_BELOW overrides the ranker file\'s threshold, as a fraction', () => {
    expect(loadConfig({}).search.abstainBelow).toBeNull();
    expect(loadConfig({ ABSTAIN_BELOW: '0.4' }).search.abstainBelow).toBe(0.4);
    expect(problemsOf({ ABSTAIN_BELOW: '40%' }).join('\n')).toContain('ABSTAIN_BELOW must be a number from 0 to 1');
  });

  test('production refuses to start without JWT_SECRET', () => {
    expect(problemsOf({ NODE_ENV: 'production' }).join()).toContain('JWT_SECRET is required');
    expect(problemsOf({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) })).toEqual([]);
  });

  test('refuses a short JWT_SECRET', () => {
    expect(problemsOf({ JWT_SECRET: 'short' }).join()).toContain('at least 32');
  });

  test('does not echo a database URL that may hold a password', () => {
    const problems = problemsOf({ DATABASE_URL: 'mysql://admin:hunter2@db/x' });
    expect(problems.join()).toContain('DATABASE_URL');
    expect(problems.join()).not.toContain('hunter2');
  });

  test('TRUST_PROXY accepts true, false and a hop count', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustedProxyHops).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustedProxyHops).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustedProxyHops).toBe(0);
  });
});
