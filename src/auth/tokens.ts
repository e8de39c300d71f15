// JWTs: HS256 only, with `type` telling access from refresh tokens so neither is accepted
// where the other belongs. Verification pins the algorithm (no `alg: none`, no RS/HS
// confusion) and refuses tokens issued in the future.
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';

export type TokenType = 'access' | 'refresh';

export interface TokenClaims {
  sub: string;
  jti: string;
  type: TokenType;
  iat: number;
  exp: number;
  /** Refresh tokens only: the rotation family this token belongs to. */
  fam?: string;
}

export interface IssuedToken {
  token: string;
  claims: TokenClaims;
}

/** Clock skew tolerated between replicas for `iat`. */
const CLOCK_SKEW_SECONDS = 60;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class InvalidTokenError extends Error {}

export class TokenService {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly ttlSeconds: Record<TokenType, number>,
    private readonly nowSeconds: () => number = () => Math.floor(Date.now() / 1000),
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async issue(type: TokenType, userId: string, familyId?: string): Promise<IssuedToken> {
    const iat = this.nowSeconds();
    const claims: TokenClaims = {
      sub: userId,
      jti: crypto.randomUUID(),
      type,
      iat,
      exp: iat + this.ttlSeconds[type],
      ...(familyId ? { fam: familyId } : {}),
    };
    const token = await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(this.key);
    return { token, claims };
  }

  /** The claims of a valid, unexpired token of `type`; InvalidTokenError otherwise. */
  async verify(token: string, type: TokenType): Promise<TokenClaims> {
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        currentDate: new Date(this.nowSeconds() * 1000),
        requiredClaims: ['sub', 'jti', 'iat', 'exp'],
      }));
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) throw new InvalidTokenError(error.message);
      throw error;
    }
    const { sub, jti, iat, exp, fam } = payload;
    const wellFormed =
      payload.type === type &&
      typeof sub === 'string' && UUID_RE.test(sub) &&
      typeof jti === 'string' && UUID_RE.test(jti) &&
      typeof iat === 'number' && typeof exp === 'number' &&
      (type === 'access' || (typeof fam === 'string' && UUID_RE.test(fam)));
    if (!wellFormed) throw new InvalidTokenError(`not a well-formed ${type} token`);
    if (iat > this.nowSeconds() + CLOCK_SKEW_SECONDS) throw new InvalidTokenError('token issued in the future');
    return { sub, jti, type, iat, exp, ...(typeof fam === 'string' ? { fam } : {}) };
  }
}
