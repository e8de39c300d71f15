// A configured language model with the offline engine behind it: whatever the model fails
// to do (down, slow, nonsense), the offline engine does, so the turn still completes.
import type { MovieCandidate } from '../catalog/candidates.ts';
import type { Logger } from '../log.ts';
import { describeError } from '../log.ts';
import type { Intent, LanguageModel, MovieTools, PresentationInput, UnderstoodDescription } from './language-model.ts';
import type { OfflineLanguageModel } from './offline/offline-model.ts';

export class FallbackLanguageModel implements LanguageModel {
  readonly name: string;

  constructor(
    private readonly primary: LanguageModel,
    private readonly offline: OfflineLanguageModel,
    private readonly log: Logger,
  ) {
    this.name = `${primary.name} (offline fallback)`;
  }

  warmUp(): Promise<void> {
    return this.offline.warmUp();
  }

  understandDescription(message: string): Promise<UnderstoodDescription> {
    return this.attempt('understandDescription', () => this.primary.understandDescription(message), () => this.offline.understandDescription(message));
  }

  async presentCandidates(input: PresentationInput, stream: (text: string) => void): Promise<string> {
    let streamed = '';
    try {
      return await this.primary.presentCandidates(input, (text) => {
        streamed += text;
        stream(text);
      });
    } catch (error) {
      this.warn('presentCandidates', error);
      // Streamed text cannot be taken back: the offline list follows it, and the reply is both.
      const separator = streamed ? '\n\n' : '';
      if (separator) stream(separator);
      return streamed + separator + (await this.offline.presentCandidates(input, stream));
    }
  }

  classifyConfirmation(message: string, candidates: MovieCandidate[], inView?: number): Promise<Intent> {
    return this.attempt('classifyConfirmation', () => this.primary.classifyConfirmation(message, candidates, inView), () => this.offline.classifyConfirmation(message, candidates, inView));
  }

  describeMovie(tools: MovieTools): Promise<string> {
    return this.attempt('describeMovie', () => this.primary.describeMovie(tools), () => this.offline.describeMovie(tools));
  }

  answerQuestion(question: string, tools: MovieTools): Promise<string> {
    return this.attempt('answerQuestion', () => this.primary.answerQuestion(question, tools), () => this.offline.answerQuestion(question, tools));
  }

  private async attempt<T>(step: string, primary: () => Promise<T>, fallback: () => Promise<T>): Promise<T> {
    try {
      return await primary();
    } catch (error) {
      this.warn(step, error);
      return fallback();
    }
  }

  private warn(step: string, error: unknown): void {
    this.log.warn('language model failed; the offline engine answers instead', { step, ...describeError(error) });
  }
}
