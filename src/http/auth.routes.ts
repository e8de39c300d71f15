import { Elysia, t } from 'elysia';
import { type AuthService, normaliseEmail, type TokenPair } from '../auth/auth-service.ts';
import type { RateLimiter } from '../auth/rate-limiter.ts';
import { clientAddress } from './guards.ts';
import { errors, RefreshRequest, Token, UserCreate, UserLogin } from './schemas.ts';

const NoContent = t.Void({ description: 'The refresh token is revoked; no body' });

const tokenBody = (pair: TokenPair) => ({
  access_token: pair.accessToken,
  refresh_token: pair.refreshToken,
  token_type: 'bearer' as const,
});

export const authRoutes = (auth: AuthService, rateLimiter: RateLimiter, trustedProxyHops: number) =>
  new Elysia({ prefix: '/auth', detail: { tags: ['auth'] } })
    .use(clientAddress(trustedProxyHops))
    .post(
      '/register',
      async ({ body, clientIp, status }) => {
        await rateLimiter.take('register', clientIp);
        return status(201, tokenBody(await auth.register(body.email, body.password)));
      },
      {
        body: UserCreate,
        response: { 201: Token, ...errors(409, 413, 422, 429, 503) },
        detail: { summary: 'Create an account and return a token pair' },
      },
    )
    .post(
      '/login',
      async ({ body, clientIp }) => {
        await rateLimiter.take('login', `${clientIp}|${normaliseEmail(body.email)}`);
        return tokenBody(await auth.login(body.email, body.password));
      },
      {
        body: UserLogin,
        response: { 200: Token, ...errors(401, 413, 422, 429, 503) },
        detail: { summary: 'Authenticate and return a token pair' },
      },
    )
    .post(
      '/refresh',
      async ({ body, clientIp }) => {
        await rateLimiter.take('refresh', clientIp);
        return tokenBody(await auth.refresh(body.refresh_token));
      },
      {
        body: RefreshRequest,
        response: { 200: Token, ...errors(401, 413, 422, 429, 503) },
        detail: {
          summary: 'Exchange a refresh token for a new pair',
          description: 'The presented refresh token is revoked. Presenting it again revokes every token of its family.',
        },
      },
    )
    .post(
      '/logout',
      async ({ body }) => {
        await auth.logout(body.refresh_token);
        return new Response(null, { status: 204 });
      },
      {
        body: RefreshRequest,
        response: { 204: NoContent, ...errors(401, 413, 422, 503) },
        detail: { summary: 'Revoke a refresh token until its expiry' },
      },
    );
