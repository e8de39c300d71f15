// The relational schema, shared by Postgres and embedded PGlite. `npm run db:generate`
// writes the SQL migrations in drizzle/ from this file.
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    /** Stored lower-cased, so e-mails compare case-insensitively. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('users_email_key').on(table.email)],
);

/**
 * Every refresh token issued. The KV blocklist answers "is it revoked" fast and across
 * replicas; this table is the durable record that makes rotation atomic and lets reuse of
 * a rotated token revoke its whole family, even after the KV store lost its data.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    jti: uuid('jti').primaryKey(),
    familyId: uuid('family_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    /** 'logout' | 'rotated' | 'reuse' */
    revokedReason: text('revoked_reason'),
    createdAt: createdAt(),
  },
  (table) => [index('refresh_tokens_family_idx').on(table.familyId)],
);

export const chatSessions = pgTable(
  'chat_sessions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    phase: text('phase').notNull().default('discovery'),
    /** The enriched record of the confirmed film, once the session reached qa. */
    confirmedMovie: jsonb('confirmed_movie'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('chat_sessions_user_created_idx').on(table.userId, table.createdAt.desc())],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey(),
    /** Insertion order: two messages of one turn can share a timestamp. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => chatSessions.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('messages_session_seq_idx').on(table.sessionId, table.seq)],
);

/** The conversation state after the session's last committed turn. */
export const conversationCheckpoints = pgTable('conversation_checkpoints', {
  sessionId: uuid('session_id')
    .primaryKey()
    .references(() => chatSessions.id, { onDelete: 'cascade' }),
  /** Turns committed so far; guards against two writers racing on one session. */
  version: integer('version').notNull(),
  state: jsonb('state').notNull().default(sql`'{}'::jsonb`),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const schema = { users, refreshTokens, chatSessions, messages, conversationCheckpoints };
