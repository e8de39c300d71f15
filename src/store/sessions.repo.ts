import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from './database.ts';
import { chatSessions, conversationCheckpoints, messages } from './schema.ts';

export type Phase = 'discovery' | 'confirmation' | 'qa';
export type Role = 'user' | 'assistant';

export interface SessionSummaryRow {
  id: string;
  phase: Phase;
  updatedAt: Date;
  firstMessage: string | null;
  confirmedMovie: unknown;
}

export interface MessageRow {
  id: string;
  sessionId: string;
  role: Role;
  content: string;
  createdAt: Date;
}

export interface SessionHistoryRow {
  id: string;
  phase: Phase;
  confirmedMovie: unknown;
  messages: MessageRow[];
}

export interface Checkpoint {
  /** Turns committed so far (0 for a session that does not exist yet). */
  version: number;
  state: unknown;
}

export interface TurnCommit {
  sessionId: string;
  userId: string;
  /** The checkpoint version the turn started from; the commit fails if another turn won. */
  baseVersion: number;
  phase: Phase;
  confirmedMovie: unknown;
  state: unknown;
  userMessage: { content: string; createdAt: Date };
  assistantMessage: { content: string; createdAt: Date };
}

/** Another writer committed a turn on this session first, or it belongs to someone else. */
export class TurnConflictError extends Error {}

export class SessionsRepository {
  constructor(private readonly db: Db) {}

  async ownerOf(sessionId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ userId: chatSessions.userId })
      .from(chatSessions)
      .where(eq(chatSessions.id, sessionId));
    return row?.userId ?? null;
  }

  async list(userId: string, limit: number, offset: number): Promise<{ total: number; items: SessionSummaryRow[] }> {
    // Qualified by hand: inside the subquery an unqualified "id" would mean messages.id.
    const firstMessage = sql<string | null>`(
      select m.content from messages m
      where m.session_id = "chat_sessions"."id" and m.role = 'user'
      order by m.seq limit 1)`;
    const [items, [totals]] = await Promise.all([
      this.db
        .select({
          id: chatSessions.id,
          phase: chatSessions.phase,
          updatedAt: chatSessions.updatedAt,
          confirmedMovie: chatSessions.confirmedMovie,
          firstMessage,
        })
        .from(chatSessions)
        .where(eq(chatSessions.userId, userId))
        .orderBy(desc(chatSessions.createdAt), desc(chatSessions.id))
        .limit(limit)
        .offset(offset),
      this.db.select({ total: count() }).from(chatSessions).where(eq(chatSessions.userId, userId)),
    ]);
    return { total: totals?.total ?? 0, items: items.map((item) => ({ ...item, phase: item.phase as Phase })) };
  }

  /** The session with its messages in order; null when missing or owned by someone else. */
  async history(userId: string, sessionId: string): Promise<SessionHistoryRow | null> {
    const [session] = await this.db
      .select({ id: chatSessions.id, phase: chatSessions.phase, confirmedMovie: chatSessions.confirmedMovie })
      .from(chatSessions)
      .where(and(eq(chatSessions.id, sessionId), eq(chatSessions.userId, userId)));
    if (!session) return null;
    const rows = await this.db
      .select({
        id: messages.id,
        sessionId: messages.sessionId,
        role: messages.role,
        content: messages.content,
        createdAt: messages.createdAt,
      })
      .from(messages)
      .where(eq(messages.sessionId, sessionId))
      .orderBy(asc(messages.seq));
    return {
      ...session,
      phase: session.phase as Phase,
      messages: rows.map((row) => ({ ...row, role: row.role as Role })),
    };
  }

  /** Deletes the session, its messages and checkpoint (cascade); false when not the owner's. */
  async delete(userId: string, sessionId: string): Promise<boolean> {
    const deleted = await this.db
      .delete(chatSessions)
      .where(and(eq(chatSessions.id, sessionId), eq(chatSessions.userId, userId)))
      .returning({ id: chatSessions.id });
    return deleted.length > 0;
  }

  async checkpoint(sessionId: string): Promise<Checkpoint> {
    const [row] = await this.db
      .select({ version: conversationCheckpoints.version, state: conversationCheckpoints.state })
      .from(conversationCheckpoints)
      .where(eq(conversationCheckpoints.sessionId, sessionId));
    return row ?? { version: 0, state: null };
  }

  /**
   * Commits one turn atomically: the session (created on first use), both messages and the
   * new checkpoint. Throws TurnConflictError when the base version is stale or the session
   * belongs to another user; nothing is written then.
   */
  async commitTurn(turn: TurnCommit): Promise<void> {
    await this.db.transaction(async (tx) => {
      const now = turn.assistantMessage.createdAt;
      await tx
        .insert(chatSessions)
        .values({ id: turn.sessionId, userId: turn.userId, phase: turn.phase, createdAt: turn.userMessage.createdAt })
        .onConflictDoNothing({ target: chatSessions.id });
      const updated = await tx
        .update(chatSessions)
        .set({ phase: turn.phase, confirmedMovie: turn.confirmedMovie ?? null, updatedAt: now })
        .where(and(eq(chatSessions.id, turn.sessionId), eq(chatSessions.userId, turn.userId)))
        .returning({ id: chatSessions.id });
      if (updated.length === 0) throw new TurnConflictError('the session belongs to another user');

      const version = turn.baseVersion + 1;
      const saved =
        turn.baseVersion === 0
          ? await tx
              .insert(conversationCheckpoints)
              .values({ sessionId: turn.sessionId, version, state: turn.state, updatedAt: now })
              .onConflictDoNothing({ target: conversationCheckpoints.sessionId })
              .returning({ version: conversationCheckpoints.version })
          : await tx
              .update(conversationCheckpoints)
              .set({ version, state: turn.state, updatedAt: now })
              .where(
                and(
                  eq(conversationCheckpoints.sessionId, turn.sessionId),
                  eq(conversationCheckpoints.version, turn.baseVersion),
                ),
              )
              .returning({ version: conversationCheckpoints.version });
      if (saved.length === 0) throw new TurnConflictError('another turn was committed on this session first');

      await tx.insert(messages).values([
        { id: crypto.randomUUID(), sessionId: turn.sessionId, role: 'user', ...turn.userMessage },
        { id: crypto.randomUUID(), sessionId: turn.sessionId, role: 'assistant', ...turn.assistantMessage },
      ]);
    });
  }
}
