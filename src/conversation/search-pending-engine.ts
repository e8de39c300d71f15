// The engine in place until the discovery pipeline (search, enrichment, Q&A) lands: it
// tells the user plainly that film search is not available on this server yet. The turn
// is still stored like any other, so sessions and history work end to end.
import type { TurnEngine, TurnInput, TurnOutcome } from './engine.ts';

const REPLY =
  'Thanks, I have noted your description. Film search is not available on this server yet, ' +
  'so I cannot suggest candidates for now. Your message is saved in this conversation.';

export class SearchPendingEngine implements TurnEngine {
  async ready(): Promise<void> {}

  async run({ state }: TurnInput, stream: (text: string) => void): Promise<TurnOutcome> {
    for (const word of REPLY.split(/(?<= )/)) stream(word);
    return { reply: REPLY, state: { ...state, phase: 'discovery' } };
  }
}
