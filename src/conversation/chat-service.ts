// One chat turn, from the user's message to the committed checkpoint. The turn runs on its
// own: the caller reads its events, but a reader that goes away does not cancel it, so a
// client that disconnects still finds the turn in its history.
import type { Logger } from '../log.ts';
import { describeError } from '../log.ts';
import type { KeyValueStore } from '../store/kv/kv.ts';
import type { SessionsRepository } from '../store/sessions.repo.ts';
import { EventChannel } from './event-channel.ts';
import type { TurnEngine } from './engine.ts';
import { SessionForbiddenError } from './errors.ts';
import { restoreState, type MovieRecord, type Phase } from './state.ts';

export type ChatEvent =
  | { type: 'token'; content: string }
  | {
      type: 'done';
      session_id: string;
      reply: string;
      phase: Phase;
      candidates?: MovieRecord[];
      confirmed_movie?: MovieRecord;
    }
  | { type: 'error'; detail: string };

export interface TurnLockSettings {
  /**
   * The lock lives this long unless renewed; a running turn renews it every third of it, so a
   * replica that dies mid-turn blocks its session for at most this long.
   */
  ttlMs: number;
  /** How long a turn waits for the one before it on the same session. */
  waitMs: number;
}

const DEFAULT_LOCK: TurnLockSettings = { ttlMs: 15_000, waitMs: 60_000 };
const FAILED_TURN = 'Sorry, something went wrong while answering. Nothing of this turn was saved; please send your message again.';

export class ChatService {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly sessions: SessionsRepository,
    private readonly kv: KeyValueStore,
    private readonly engine: TurnEngine,
    private readonly log: Logger,
    private readonly lock: TurnLockSettings = DEFAULT_LOCK,
  ) {}

  /**
   * Starts a turn and returns its events: token events, then one done event (or one error
   * event when the turn failed and nothing was saved). Throws SessionForbiddenError before
   * anything starts when the session belongs to someone else.
   */
  async startTurn(userId: string, sessionId: string, message: string): Promise<AsyncIterable<ChatEvent>> {
    const owner = await this.sessions.ownerOf(sessionId);
    if (owner !== null && owner !== userId) throw new SessionForbiddenError('Session not found');
    const channel = new EventChannel<ChatEvent>();
    const turn = this.runTurn(userId, sessionId, message, channel).finally(() => this.inFlight.delete(turn));
    this.inFlight.add(turn);
    return channel;
  }

  /** Waits for turns in progress, e.g. before shutting down. */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
  }

  private async runTurn(userId: string, sessionId: string, message: string, channel: EventChannel<ChatEvent>) {
    const startedAt = new Date();
    const release = await this.acquireTurnLock(sessionId);
    try {
      const checkpoint = await this.sessions.checkpoint(sessionId);
      const outcome = await this.engine.run({ state: restoreState(checkpoint.state), message }, (content) => {
        if (content) channel.push({ type: 'token', content });
      });
      const phase = outcome.state.phase;
      await this.sessions.commitTurn({
        sessionId,
        userId,
        baseVersion: checkpoint.version,
        phase,
        confirmedMovie: phase === 'qa' ? (outcome.confirmedMovie ?? outcome.state.confirmedMovie) : null,
        state: outcome.state,
        userMessage: { content: message, createdAt: startedAt },
        assistantMessage: { content: outcome.reply, createdAt: new Date() },
      });
      channel.push({
        type: 'done',
        session_id: sessionId,
        reply: outcome.reply,
        phase,
        ...(phase === 'confirmation' && outcome.candidates ? { candidates: outcome.candidates } : {}),
        ...(phase === 'qa' && outcome.confirmedMovie ? { confirmed_movie: outcome.confirmedMovie } : {}),
      });
    } catch (error) {
      this.log.error('chat turn failed; nothing was committed', { sessionId, ...describeError(error) });
      channel.push({ type: 'error', detail: FAILED_TURN });
    } finally {
      channel.close();
      await release();
    }
  }

  /** Keeps renewing a held lock until released; returns the release function. */
  private holdLock(key: string, token: string): () => Promise<void> {
    const renew = setInterval(() => {
      this.kv.extendLock(key, token, this.lock.ttlMs).catch(() => {});
    }, this.lock.ttlMs / 3);
    return async () => {
      clearInterval(renew);
      await this.kv.releaseLock(key, token).catch(() => {});
    };
  }

  /**
   * Serialises turns on one session across replicas. If the KV store is down the turn goes
   * ahead unlocked: the checkpoint version check in commitTurn still refuses a lost race.
   */
  private async acquireTurnLock(sessionId: string): Promise<() => Promise<void>> {
    const key = `turn-lock:${sessionId}`;
    const deadline = Date.now() + this.lock.waitMs;
    let pause = 20;
    try {
      for (;;) {
        const token = await this.kv.acquireLock(key, this.lock.ttlMs);
        if (token) return this.holdLock(key, token);
        if (Date.now() > deadline) throw new Error(`timed out waiting for the previous turn on session ${sessionId}`);
        await Bun.sleep(pause);
        pause = Math.min(pause * 2, 250);
      }
    } catch (error) {
      if (Date.now() > deadline) throw error;
      this.log.warn('turn lock unavailable; continuing without it', { sessionId, ...describeError(error) });
      return async () => {};
    }
  }
}
