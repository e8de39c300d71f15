// The offline engine: deterministic language from facts and rules, the default when no
// language model is configured and the fallback when one fails. It says plainly when it
// does not know.
import type { MovieCandidate } from '../../catalog/candidates.ts';
import type { Embedder } from '../../search/embedder.ts';
import type { Intent, LanguageModel, MovieFacts, MovieTools, PresentationInput, UnderstoodDescription } from '../language-model.ts';
import { emojiSaid } from './emoji.ts';
import { GLOSSED_LANGUAGES, glossToEnglish } from './gloss.ts';
import { detectLanguage, languageName } from './language-detect.ts';
import { ReplyReader } from './reply-reader.ts';
import { candidateLine, capitalised, listNames, streamWords } from '../wording.ts';
import { answerFromFacts, topicsOf } from './questions.ts';

const READABLE = ['English', ...GLOSSED_LANGUAGES.map(languageName)];

/** How a list opens: the films that fit, or, when the film is probably not among them, the nearest found. */
function listOpening(count: number, refinement: number, likely: boolean): string {
  const one = count === 1;
  if (!likely) {
    return `${refinement === 0 ? '' : 'Thanks. '}I'm not sure I have your film: nothing I know fits the description closely. ` +
      `${one ? 'This is the nearest' : 'These are the nearest'} I found:`;
  }
  if (refinement !== 0) return `Thanks, that helps. With those details, here ${one ? 'is what I found' : `are the ${count} that fit best`}:`;
  return one ? 'I found one film that fits your description:' : `I found ${count} films that fit your description:`;
}

/** What a list asks: which film it is, or else more about it (a detail that would help, when unsure). */
function listQuestion(count: number, likely: boolean, askFor: string): string {
  const pick = count === 1 ? 'Is this the one? Say yes' : 'Is it one of these? Reply with its number or title';
  return likely ? `${pick}, or tell me more about the film.` : `${pick}. If not, a detail would help me: ${askFor}.`;
}

export class OfflineLanguageModel implements LanguageModel {
  readonly name = 'offline';
  private readonly replies: ReplyReader;

  constructor(embedder: Embedder | null) {
    this.replies = new ReplyReader(embedder);
  }

  warmUp(): Promise<void> {
    return this.replies.warmUp();
  }

  /**
   * The embedding model and the index read English; a description in a language with a
   * glossary is searched in a word-by-word English gloss, any other is refused. Emoji of
   * things a story holds are read as their words.
   */
  async understandDescription(message: string): Promise<UnderstoodDescription> {
    const said = emojiSaid(message);
    const language = detectLanguage(said);
    if (language.code === 'en') return { kind: 'description', text: said, hints: {} };
    const gloss = glossToEnglish(said, language.code);
    if (!gloss) return { kind: 'unsupported-language', language: language.name, code: language.code, readable: READABLE };
    return { kind: 'description', text: gloss.text, hints: {}, translatedFrom: language.name };
  }

  /** A refinement's new details are searched in English too ("no, era alemana, de los 80"). */
  async classifyConfirmation(message: string, candidates: MovieCandidate[], inView?: number): Promise<Intent> {
    const intent = await this.replies.read(emojiSaid(message), candidates, inView);
    if (intent.kind !== 'refine' || !intent.details.trim()) return intent;
    const understood = await this.understandDescription(intent.details);
    return understood.kind === 'description' ? { ...intent, details: understood.text } : intent;
  }

  async presentCandidates({ query, candidates, refinement, likely, askFor, translatedFrom, sayFirst }: PresentationInput, stream: (text: string) => void): Promise<string> {
    const reading = translatedFrom
      ? `Without a language model I read ${translatedFrom} word by word; I searched for "${query}". ` +
        'A description in English finds films more surely.\n'
      : '';
    const first = sayFirst ? `${sayFirst}\n` : '';
    const lines = candidates.map((candidate, i) => candidateLine(candidate, i + 1));
    const text = [reading + first + listOpening(candidates.length, refinement, likely), ...lines, listQuestion(candidates.length, likely, askFor)].join('\n');
    streamWords(text, stream);
    return text;
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
    if (extras.length) parts.push(`${capitalised(extras.join(', '))}.`);
    parts.push('Ask me anything about it: the cast, the director, the rating, the runtime, the story, or films like it.');
    return parts.join(' ');
  }

  async answerQuestion(question: string, tools: MovieTools): Promise<string> {
    return answerFromFacts(questionInEnglish(question), tools);
  }
}

/**
 * A question read in English, or, when English finds nothing it asks, glossed word by word from
 * a language with a glossary: its own when detected, else the first whose gloss asks something
 * ("qui l'a réalisé ?" is too short to tell from English, and glossed from French asks who
 * directed it).
 */
function questionInEnglish(question: string): string {
  if (topicsOf(question).length) return question;
  const detected = detectLanguage(question).code;
  for (const code of detected === 'en' ? GLOSSED_LANGUAGES : [detected]) {
    const gloss = glossToEnglish(question, code);
    if (gloss && topicsOf(gloss.text).length) return gloss.text;
  }
  return question;
}

function overviewPlot(facts: MovieFacts): string {
  if (facts.plot) return facts.plot;
  if (facts.logline) return facts.logline;
  return 'I have no plot summary for it.';
}
