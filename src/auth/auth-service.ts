// Accounts and token pairs: register, login, refresh with rotation and reuse detection,
// logout. Knows nothing of HTTP; failures are the error classes below.
import type { Logger } from '../log.ts';
import { describeError } from '../log.ts';
import type { KeyValueStore } from '../store/kv/kv.ts';
import type { RefreshTokensRepository } from '../store/refresh-tokens.repo.ts';
import type { UsersRepository } from '../store/users.repo.ts';
import type { PasswordHasher } from './passwords.ts';
import { InvalidTokenError, type TokenClaims, type TokenService } from './tokens.ts';

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

export class EmailTakenError extends Error {}
export class InvalidCredentialsError extends Error {}
export { InvalidTokenError };

/** E-mails compare case-insensitively: stored and looked up in this form. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

const blocklistKey = (jti: string) => `revoked-jti:${jti}`;

export class AuthService {
  constructor(
    private readonly users: UsersRepository,
    private readonly refreshTokens: RefreshTokensRepository,
    private readonly tokens: TokenService,
    private readonly passwords: PasswordHasher,
    private readonly kv: KeyValueStore,
    private readonly log: Logger,
  ) {}

  async register(email: string, password: string): Promise<TokenPair> {
    const user = await this.users.create({
      id: crypto.randomUUID(),
      email: normaliseEmail(email),
      passwordHash: await this.passwords.hash(password),
    });
    if (!user) throw new EmailTakenError('Email already registered');
    return this.issuePair(user.id, crypto.randomUUID());
  }

  async login(email: string, password: string): Promise<TokenPair> {
    const user = await this.users.findByEmail(normaliseEmail(email));
    const valid = user
      ? await this.passwords.verify(password, user.passwordHash)
      : await this.passwords.verifyDecoy(password);
    if (!user || !valid) throw new InvalidCredentialsError('Invalid credentials');
    return this.issuePair(user.id, crypto.randomUUID());
  }

  /**
   * Exchanges a refresh token for a new pair and revokes it. Presenting a token that was
   * already rotated or revoked revokes its whole family (RFC 9700 reuse detection).
   */
  async refresh(refreshToken: string): Promise<TokenPair> {
    const claims = await this.tokens.verify(refreshToken, 'refresh');
    if (await this.isBlocklisted(claims.jti)) throw new InvalidTokenError('refresh token revoked');
    const familyId = claims.fam!;
    const next = await this.tokens.issue('refresh', claims.sub, familyId);
    const outcome = await this.refreshTokens.rotate(claims.jti, this.recordOf(next.claims));
    if (outcome.kind === 'reused') {
      this.log.warn('refresh token reuse detected; revoking its family', { userId: claims.sub, familyId });
      const revoked = await this.refreshTokens.revokeFamily(familyId, 'reuse');
      await Promise.all(revoked.map((token) => this.blocklist(token.jti, token.expiresAt.getTime())));
    }
    if (outcome.kind !== 'rotated') throw new InvalidTokenError('refresh token revoked or unknown');
    const access = await this.tokens.issue('access', claims.sub);
    return { accessToken: access.token, refreshToken: next.token };
  }

  /** Revokes the refresh token until its own expiry. Idempotent for a valid token. */
  async logout(refreshToken: string): Promise<void> {
    const claims = await this.tokens.verify(refreshToken, 'refresh');
    await this.refreshTokens.revoke(claims.jti, 'logout');
    await this.blocklist(claims.jti, claims.exp * 1000);
  }

  /** The user id of a valid access token. */
  async authenticate(accessToken: string): Promise<string> {
    return (await this.tokens.verify(accessToken, 'access')).sub;
  }

  private async issuePair(userId: string, familyId: string): Promise<TokenPair> {
    const [access, refresh] = await Promise.all([
      this.tokens.issue('access', userId),
      this.tokens.issue('refresh', userId, familyId),
    ]);
    await this.refreshTokens.record(this.recordOf(refresh.claims));
    return { accessToken: access.token, refreshToken: refresh.token };
  }

  private recordOf(claims: TokenClaims) {
    return { jti: claims.jti, familyId: claims.fam!, userId: claims.sub, expiresAt: new Date(claims.exp * 1000) };
  }

  // The KV blocklist is the fast, shared answer; the database stays authoritative, so a KV
  // outage neither locks users out nor revives a revoked token.
  private async isBlocklisted(jti: string): Promise<boolean> {
    try {
      return (await this.kv.get(blocklistKey(jti))) !== null;
    } catch (error) {
      this.log.warn('revocation blocklist unavailable; relying on the database', describeError(error));
      return false;
    }
  }

  private async blocklist(jti: string, expiresAtMs: number): Promise<void> {
    const ttlMs = expiresAtMs - Date.now();
    if (ttlMs <= 0) return;
    try {
      await this.kv.set(blocklistKey(jti), '1', ttlMs);
    } catch (error) {
      this.log.warn('could not blocklist a revoked token in the KV store; the database still refuses it', describeError(error));
    }
  }
}
