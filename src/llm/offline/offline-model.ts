// The offline engine: deterministic language from facts and rules, the default when no
// language model is configured and the fallback when one fails. It says plainly when it
// does not know.
import type { MovieCandidate } from '../../catalog/candidates.ts';
import type { Embedder } from '../../search/embedder.ts';
import type { Intent, LanguageModel, MovieFacts, MovieTools, PresentationInput, UnderstoodDescription } from '../language-model.ts';
import { detectLanguage } from './language-detect.ts';
import { ReplyReader } from './reply-reader.ts';
import { candidateLine, listNames, streamWords } from '../wording.ts';
import { answerFromFacts } from './questions.ts';

export class OfflineLanguageModel implements LanguageModel {
  readonly name = 'offline';
  private readonly replies: ReplyReader;

  constructor(embedder: Embedder | null) {
    this.replies = new ReplyReader(embedder);
  }

  warmUp(): Promise<void> {
    return this.replies.warmUp();
  }

  /** Offline, only English can be searched: the embedding model and the index read English. */
  async understandDescription(message: string): Promise<UnderstoodDescription> {
    const language = detectLanguage(message);
    if (language.code !== 'en') return { kind: 'unsupported-language', language: language.name, code: language.code };
    return { kind: 'description', text: message, hints: {} };
  }

  async presentCandidates({ candidates, refinement }: PresentationInput, stream: (text: string) => void): Promise<string> {
    const intro =
      refinement === 0
        ? candidates.length === 1
          ? 'I found one film that fits your description:'
          : `I found ${candidates.length} films that fit your description:`
        : `Thanks, that helps. With those details, here ${candidates.length === 1 ? 'is what I found' : `are ${candidates.length} new candidates`}:`;
    const lines = candidates.map((candidate, i) => candidateLine(candidate, i + 1));
    const ask =
      candidates.length === 1
        ? 'Is this the one? Say yes, or tell me more about the film.'
        : 'Is it one of these? Reply with its number or title, or tell me more about the film.';
    const text = [intro, ...lines, ask].join('\n');
    streamWords(text, stream);
    return text;
  }

  classifyConfirmation(message: string, candidates: MovieCandidate[]): Promise<Intent> {
    return this.replies.read(message, candidates);
  }

  async describeMovie(tools: MovieTools): Promise<string> {
    const facts = await tools.details();
    const parts = [`Great, it's ${facts.title} (${facts.year ?? 'year unknown'})${facts.directors.length ? `, directed by ${listNames(facts.directors, 3)}` : ''}.`];
    if (facts.cast.length) parts.push(`It stars ${listNames(facts.cast, 3)}.`);
    parts.push(overviewPlot(facts));
    const extras = [
      facts.genres.length ? facts.genres.join(', ').toLowerCase() : null,
      facts.runtimeMinutes ? `${facts.runtimeMinutes} minutes` : null,
      facts.rating !== null ? `rated ${facts.rating}/10` : null,
    ].filter(Boolean);
    if (extras.length) parts.push(`${extras.join(', ').replace(/^./, (c) => c.toUpperCase())}.`);
    parts.push('Ask me anything about it: the cast, the director, the rating, the runtime, the story, or films like it.');
    return parts.join(' ');
  }

  async answerQuestion(question: string, tools: MovieTools): Promise<string> {
    return answerFromFacts(question, tools);
  }
}

function overviewPlot(facts: MovieFacts): string {
  if (facts.plot) return facts.plot;
  if (facts.logline) return facts.logline;
  return 'I have no plot summary for it.';
}
