import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from './database.ts';
import { refreshTokens } from './schema.ts';

export interface RefreshTokenRecord {
  jti: string;
  familyId: string;
  userId: string;
  expiresAt: Date;
}

export type RevokeReason = 'logout' | 'rotated' | 'reuse';

export type RotationOutcome =
  | { kind: 'rotated' }
  /** The presented token had been rotated or revoked already: treated as theft. */
  | { kind: 'reused'; familyId: string; userId: string }
  | { kind: 'unknown' };

export class RefreshTokensRepository {
  constructor(private readonly db: Db) {}

  async record(token: RefreshTokenRecord): Promise<void> {
    await this.db.insert(refreshTokens).values(token);
  }

  /** Revokes one token; false when it was unknown or revoked already. */
  async revoke(jti: string, reason: RevokeReason): Promise<boolean> {
    const revoked = await this.db
      .update(refreshTokens)
      .set({ revokedAt: new Date(), revokedReason: reason })
      .where(and(eq(refreshTokens.jti, jti), isNull(refreshTokens.revokedAt)))
      .returning({ jti: refreshTokens.jti });
    return revoked.length > 0;
  }

  /**
   * Revokes `presentedJti` and records its successor in one transaction, so two
   * concurrent refreshes with one token cannot both succeed.
   */
  async rotate(presentedJti: string, successor: RefreshTokenRecord): Promise<RotationOutcome> {
    return this.db.transaction(async (tx) => {
      const revoked = await tx
        .update(refreshTokens)
        .set({ revokedAt: new Date(), revokedReason: 'rotated' })
        .where(and(eq(refreshTokens.jti, presentedJti), isNull(refreshTokens.revokedAt)))
        .returning({ familyId: refreshTokens.familyId });
      if (revoked.length > 0) {
        await tx.insert(refreshTokens).values(successor);
        return { kind: 'rotated' };
      }
      const [known] = await tx
        .select({ familyId: refreshTokens.familyId, userId: refreshTokens.userId })
        .from(refreshTokens)
        .where(eq(refreshTokens.jti, presentedJti));
      return known ? { kind: 'reused', ...known } : { kind: 'unknown' };
    });
  }

  /** Revokes every live token of a family; returns their JTIs and expiries for the blocklist. */
  async revokeFamily(familyId: string, reason: RevokeReason): Promise<Array<{ jti: string; expiresAt: Date }>> {
    return this.db
      .update(refreshTokens)
      .set({ revokedAt: new Date(), revokedReason: reason })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
      .returning({ jti: refreshTokens.jti, expiresAt: refreshTokens.expiresAt });
  }
}
