// The port between the chat transport and whatever produces a turn's reply.
import type { ConversationState, MovieRecord } from './state.ts';

export interface TurnInput {
  state: ConversationState;
  message: string;
}

export interface TurnOutcome {
  reply: string;
  /** The state to checkpoint; its phase is the phase after this turn. */
  state: ConversationState;
  /** Sent on the done event in phase confirmation. */
  candidates?: MovieRecord[];
  /** Sent on the done event in phase qa. */
  confirmedMovie?: MovieRecord;
}

export interface TurnEngine {
  /** Runs one turn; `stream` receives reply text as it is produced (token events). */
  run(input: TurnInput, stream: (text: string) => void): Promise<TurnOutcome>;
  /** Resolves when the engine can take turns (models loaded, graph compiled). */
  ready(): Promise<void>;
}
