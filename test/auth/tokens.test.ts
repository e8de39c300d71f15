import { describe, expect, test } from 'bun:test';
import { SignJWT } from 'jose';
import { InvalidTokenError, TokenService } from '../../src/auth/tokens.ts';

const SECRET = 's'.repeat(40);
const ttl = { access: 1800, refresh: 7 * 24 * 3600 };
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const userId = crypto.randomUUID();

async function rejects(promise: Promise<unknown>) {
  expect(promise).rejects.toBeInstanceOf(InvalidTokenError);
  await promise.catch(() => {});
}

describe('TokenService', () => {
  const tokens = new TokenService(SECRET, ttl);

  test('issues HS256 tokens with sub, jti, type, iat and exp', async () => {
    const { token, claims } = await tokens.issue('access', userId);
    const [header] = token.split('.');
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(claims.sub).toBe(userId);
    expect(claims.type).toBe('access');
    expect(claims.exp - claims.iat).toBe(1800);
    expect(await tokens.verify(token, 'access')).toEqual(claims);
  });

  test('refresh tokens live 7 days and carry their family', async () => {
    const family = crypto.randomUUID();
    const { token, claims } = await tokens.issue('refresh', userId, family);
    expect(claims.exp - claims.iat).toBe(7 * 24 * 3600);
    expect((await tokens.verify(token, 'refresh')).fam).toBe(family);
  });

  test('an access token is never a refresh token, nor the reverse', async () => {
    const access = await tokens.issue('access', userId);
    const refresh = await tokens.issue('refresh', userId, crypto.randomUUID());
    await rejects(tokens.verify(access.token, 'refresh'));
    await rejects(tokens.verify(refresh.token, 'access'));
  });

  test('alg none is refused', async () => {
    const { token } = await tokens.issue('access', userId);
    const payload = token.split('.')[1];
    await rejects(tokens.verify(`${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`, 'access'));
  });

  test('a wrong signature is refused', async () => {
    const other = new TokenService('o'.repeat(40), ttl);
    await rejects(tokens.verify((await other.issue('access', userId)).token, 'access'));
  });

  test('another HMAC algorithm with the same key is refused', async () => {
    const forged = await new SignJWT({ sub: userId, jti: crypto.randomUUID(), type: 'access' })
      .setProtectedHeader({ alg: 'HS512' })
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode(SECRET));
    await rejects(tokens.verify(forged, 'access'));
  });

  test('an expired token is refused', async () => {
    const past = new TokenService(SECRET, ttl, () => Math.floor(Date.now() / 1000) - 3600);
    await rejects(tokens.verify((await past.issue('access', userId)).token, 'access'));
  });

  test('a token issued in the future is refused', async () => {
    const future = new TokenService(SECRET, ttl, () => Math.floor(Date.now() / 1000) + 600);
    await rejects(tokens.verify((await future.issue('access', userId)).token, 'access'));
  });

  test('garbage is refused', async () => {
    for (const garbage of ['', 'not-a-token', 'a.b.c', `${b64({ alg: 'HS256' })}.${b64('x')}.sig`]) {
      await rejects(tokens.verify(garbage, 'access'));
    }
  });

  test('a token without the required claims is refused', async () => {
    const noJti = await new SignJWT({ sub: userId, type: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode(SECRET));
    await rejects(tokens.verify(noJti, 'access'));
  });
});
