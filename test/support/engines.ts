// Turn engines for testing the chat transport (framing, locking, commit rules) apart from
// the discovery pipeline: they produce replies slowly, or fail midway, on purpose.
import type { TurnEngine, TurnInput, TurnOutcome } from '../../src/conversation/engine.ts';

/** Streams the message back word by word with a pause, and records overlapping runs. */
export class SlowEchoEngine implements TurnEngine {
  running = 0;
  maxConcurrent = 0;
  constructor(
    private readonly pauseMs = 30,
    /** Silence before the first word (a model thinking). */
    private readonly thinkMs = 0,
  ) {}

  async ready(): Promise<void> {}

  async run({ state, message }: TurnInput, stream: (text: string) => void): Promise<TurnOutcome> {
    this.running++;
    this.maxConcurrent = Math.max(this.maxConcurrent, this.running);
    try {
      await Bun.sleep(this.thinkMs);
      const words = `You said: ${message}`.split(/(?<= )/);
      for (const word of words) {
        stream(word);
        await Bun.sleep(this.pauseMs);
      }
      return { reply: words.join(''), state: { ...state, query: `${state.query} ${message}`.trim() } };
    } finally {
      this.running--;
    }
  }
}

/** Streams a little, then fails. */
export class FailingEngine implements TurnEngine {
  async ready(): Promise<void> {}

  async run(_input: TurnInput, stream: (text: string) => void): Promise<TurnOutcome> {
    stream('Let me think ');
    await Bun.sleep(10);
    throw new Error('the model went away (secret-internal-detail)');
  }
}
