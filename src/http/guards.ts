// Request-scoped values derived before validation: the caller's address and, on protected
// routes, the authenticated user (so an anonymous caller gets 401, not a 422 about the body).
import { Elysia } from 'elysia';
import type { AuthService } from '../auth/auth-service.ts';
import { clientIp } from './client-ip.ts';
import { HttpError } from './errors.ts';

export const clientAddress = (trustedProxyHops: number) =>
  new Elysia({ name: 'client-address', seed: trustedProxyHops }).derive({ as: 'scoped' }, ({ request, server }) => ({
    clientIp: clientIp(request, server?.requestIP(request)?.address, trustedProxyHops),
  }));

const BEARER = /^Bearer\s+(\S+)$/i;

export const bearerAuth = (auth: AuthService) =>
  new Elysia({ name: 'bearer-auth' }).derive({ as: 'scoped' }, async ({ headers }) => {
    const token = BEARER.exec(headers.authorization ?? '')?.[1];
    if (!token) throw new HttpError(401, 'Not authenticated', { 'www-authenticate': 'Bearer' });
    return { userId: await auth.authenticate(token) };
  });
