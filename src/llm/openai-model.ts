// The language model behind any OpenAI-compatible Chat Completions endpoint (OpenAI, Ollama,
// vLLM, llama.cpp server): streamed presentation, JSON answers for intent and details, and a
// Q&A agent calling the film's tools, with a bound on tool iterations.
import OpenAI from 'openai';
import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import type { MovieCandidate } from '../catalog/candidates.ts';
import type { LlmSettings } from '../config.ts';
import { GENRES } from '../search/genres.ts';
import { stringList } from '../text.ts';
import { ORIGINS } from '../search/origins.ts';
import type { SearchHints } from '../search/query-analysis.ts';
import { FARTHEST_PLACE, type Intent, type LanguageModel, type MovieTools, type PresentationInput, type UnderstoodDescription } from './language-model.ts';
import { candidateLine } from './wording.ts';

const SYSTEM =
  'You are the assistant of a movie-discovery service. A person half-remembers a film and you help them find it, ' +
  'then answer their questions about it. Be warm and brief. Never invent facts about a film: use only what you are given.';

const candidateList = (candidates: MovieCandidate[]) => candidates.map((c, i) => candidateLine(c, i + 1)).join('\n');

/** A tool of the Q&A agent: every one is about the confirmed film, and only similar_movies takes an argument. */
const tool = (name: string, description: string, properties: Record<string, unknown> = {}): ChatCompletionTool => ({
  type: 'function',
  function: { name, description, parameters: { type: 'object', properties, additionalProperties: false } },
});

const TOOLS: ChatCompletionTool[] = [
  tool('movie_details', 'Facts about the confirmed film: title, original title, year, genres, rating (0-10), runtime, countries, languages, logline and plot summary.'),
  tool('movie_credits', 'Directors and cast of the confirmed film.'),
  tool('similar_movies', 'Films from the collection whose story is closest to the confirmed film.', {
    count: { type: 'integer', minimum: 1, maximum: 10, description: 'How many films (default 3)' },
  }),
  tool('films_by_director', "The other films of the collection by the confirmed film's directors, oldest first; empty when the collection holds none."),
  tool('movie_series', "The other films of the collection in the confirmed film's series (sequels, prequels), oldest first; empty when the collection holds none."),
];

export class LanguageModelError extends Error {}

/** Added when the search is not confident that the film is among the candidates. */
const UNSURE =
  'The search is not confident that the film is among these: say plainly that it may be none of them, and ask for a ' +
  'detail that would help.';

export class OpenAiLanguageModel implements LanguageModel {
  readonly name = 'openai-compatible';
  private readonly client: OpenAI;

  constructor(private readonly settings: LlmSettings) {
    this.client = new OpenAI({
      baseURL: settings.baseUrl!,
      apiKey: settings.apiKey ?? 'not-needed',
      timeout: settings.timeoutMs,
      maxRetries: 1,
    });
  }

  /**
   * Reads the description in any language: an English, search-ready rewrite when it is not
   * English (an English one is searched as written), and the constraints it states.
   */
  async understandDescription(message: string): Promise<UnderstoodDescription> {
    const answer = await this.json(
      `A person describes a film they half-remember: "${message}"\n\n` +
        'Answer with JSON only: {"language": "<ISO 639-1 code of their message>", ' +
        '"description": "<their description in English, ready for a search engine: every detail they give, nothing added>", ' +
        '"era": {"from": <year>, "to": <year>} or null, ' +
        `"genres": [any of ${GENRES.map((g) => `"${g.name}"`).join(', ')} they state], ` +
        '"countries": [countries of production they state, in English], "people": [actors or directors they name]}',
    );
    if (typeof answer.description !== 'string' || !answer.description.trim()) throw new LanguageModelError('the model gave no description');
    const language = typeof answer.language === 'string' ? answer.language.toLowerCase() : 'en';
    return { kind: 'description', text: language === 'en' ? message : answer.description.trim(), hints: readHints(answer) };
  }

  async presentCandidates({ query, candidates, refinement, likely, askFor, sayFirst }: PresentationInput, stream: (text: string) => void): Promise<string> {
    // The client's timeout ends once headers arrive; a stream that stalls is cut here.
    const stall = new AbortController();
    let timer = setTimeout(() => stall.abort(), this.settings.timeoutMs);
    const response = await this.client.chat.completions.create({
      model: this.settings.model,
      stream: true,
      messages: [
        { role: 'system', content: SYSTEM },
        {
          role: 'user',
          content:
            `The person described the film as: "${query}".${refinement ? ` (refinement ${refinement}: earlier candidates were wrong)` : ''}\n` +
            `Present these candidates as a numbered list with title, year, director and match (confidence) as a percentage, ` +
            `then ask whether it is one of them (reply with a number or title) or to tell more:\n${candidateList(candidates)}` +
            (likely ? '' : `\n${UNSURE} Ask for ${askFor}.`) +
            (sayFirst ? `\nBefore the list, say plainly: "${sayFirst}"` : ''),
        },
      ],
    }, { signal: stall.signal });
    let text = '';
    try {
      for await (const chunk of response) {
        clearTimeout(timer);
        timer = setTimeout(() => stall.abort(), this.settings.timeoutMs);
        const piece = chunk.choices[0]?.delta?.content;
        if (piece) {
          text += piece;
          stream(piece);
        }
      }
    } finally {
      clearTimeout(timer);
    }
    if (stall.signal.aborted) throw new LanguageModelError(`the stream stalled for ${this.settings.timeoutMs} ms`);
    if (!text.trim()) throw new LanguageModelError('the model returned an empty presentation');
    return text;
  }

  /**
   * Reads the reply the way the offline engine does (tests hold both to one table of cases),
   * as structured output: which candidate it confirms, or the refinement with its anchor, the
   * person who is right, and the new details.
   */
  async classifyConfirmation(message: string, candidates: MovieCandidate[], inView?: number): Promise<Intent> {
    const answer = await this.json(
      `Candidates shown to the person:\n${candidateList(candidates)}\n\nTheir reply: "${message}"\n\n` +
        'Read the whole reply, clause by clause: people correct themselves ("it isn\'t Heat, it\'s Collateral" picks Collateral; ' +
        '"not number one — number four" picks 4), hedge ("I think it\'s the fourth, though the poster was different" still picks 4; ' +
        '"I mixed up the decade, it is Collateral" picks Collateral), or liken without picking ("similar to the second, but animated" ' +
        'is none of them, like 2, new detail "animated"; "right director, wrong film, the one on a submarine" is none of them, the ' +
        'director of the film meant stays, new detail "on a submarine"). A title names the candidate whose whole title it matches ' +
        `("Scream 2" is Scream 2, not Scream). A reply pointing at a place the list does not have ("the sixth one" of five) keeps that number as its index. ${inView === undefined ? 'A plain yes is the first candidate.' : `You last asked whether it is candidate ${inView + 1}: a plain yes is candidate ${inView + 1}.`}\n` +
        'Answer with JSON only, one of:\n' +
        '{"intent": "confirm", "index": <1-based number>, "question": "<what the reply asks about that film (\\"yes! who voices the rat?\\"), or empty>"}\n' +
        '{"intent": "ask", "index": <1-based number>} when it asks something about one candidate without choosing it ("who is in the second one?")\n' +
        '{"intent": "refine", "anchor": <1-based number of the candidate it is like, or null>, "people": [<names of people who are right>], ' +
        '"details": "<the new details about the film in English, or empty>", "all_turned_down": <true when the reply turns down every candidate in so many words, as "none of these" does>}',
    );
    const position = (value: unknown) => (Number.isInteger(value) && (value as number) >= 1 && (value as number) <= candidates.length ? (value as number) - 1 : null);
    // "the sixth one" of five; a place far beyond any list (42) is a model's nonsense.
    const beyondList = (value: unknown) => Number.isInteger(value) && (value as number) > candidates.length && (value as number) <= FARTHEST_PLACE;
    if ((answer.intent === 'confirm' || answer.intent === 'ask') && beyondList(answer.index)) return { kind: 'notShown', position: answer.index as number };
    if (answer.intent === 'confirm' && position(answer.index) !== null) {
      const question = typeof answer.question === 'string' ? answer.question.trim() : '';
      return { kind: 'confirm', index: position(answer.index)!, ...(question ? { question } : {}) };
    }
    if (answer.intent === 'ask' && position(answer.index) !== null) return { kind: 'ask', index: position(answer.index)!, question: message };
    if (answer.intent === 'refine') {
      if (answer.anchor !== null && answer.anchor !== undefined && position(answer.anchor) === null) throw new LanguageModelError('the model named a candidate that was not shown');
      const people = stringList(answer.people);
      return {
        kind: 'refine',
        details: typeof answer.details === 'string' ? answer.details.trim() : '',
        anchor: position(answer.anchor),
        hints: people.length ? { people } : {},
        turnsDownAll: answer.all_turned_down === true,
      };
    }
    throw new LanguageModelError('the model gave no usable intent');
  }

  describeMovie(tools: MovieTools): Promise<string> {
    return this.agent('The person just confirmed this film. Give a short overview of it: what it is, who made it and who is in it, what it is about.', tools);
  }

  answerQuestion(question: string, tools: MovieTools): Promise<string> {
    return this.agent(`The person asks about the confirmed film: "${question}". Answer from the tools' facts; if they do not hold the answer, say you don't know.`, tools);
  }

  /** Chat with tool calls until the model answers in words, or the iteration bound is hit. */
  private async agent(task: string, tools: MovieTools): Promise<string> {
    const messages: ChatCompletionMessageParam[] = [
      { role: 'system', content: `${SYSTEM} Use the tools to look facts up before answering.` },
      { role: 'user', content: task },
    ];
    for (let iteration = 0; iteration < this.settings.maxToolIterations; iteration++) {
      const completion = await this.client.chat.completions.create({ model: this.settings.model, messages, tools: TOOLS });
      const message = completion.choices[0]?.message;
      if (!message) throw new LanguageModelError('the model returned no message');
      const calls = message.tool_calls ?? [];
      if (calls.length === 0) {
        if (!message.content?.trim()) throw new LanguageModelError('the model returned an empty answer');
        return message.content.trim();
      }
      messages.push(message);
      for (const call of calls) {
        if (call.type !== 'function') continue;
        messages.push({ role: 'tool', tool_call_id: call.id, content: JSON.stringify(await runTool(call.function.name, call.function.arguments, tools)) });
      }
    }
    throw new LanguageModelError(`no answer after ${this.settings.maxToolIterations} tool iterations`);
  }

  private async json(prompt: string): Promise<Record<string, unknown>> {
    const completion = await this.client.chat.completions.create({
      model: this.settings.model,
      messages: [
        { role: 'system', content: SYSTEM },
        { role: 'user', content: prompt },
      ],
    });
    const content = completion.choices[0]?.message?.content ?? '';
    const match = /\{[\s\S]*\}/.exec(content);
    try {
      const parsed: unknown = JSON.parse(match?.[0] ?? '');
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      // reported below
    }
    throw new LanguageModelError('the model did not answer with JSON');
  }
}

/** The constraints of a model's answer, keeping only what search understands. */
function readHints(answer: Record<string, unknown>): SearchHints {
  const hints: SearchHints = {};
  const era = answer.era as { from?: unknown; to?: unknown } | null | undefined;
  if (era && Number.isInteger(era.from) && Number.isInteger(era.to) && (era.from as number) <= (era.to as number) && (era.from as number) >= 1880) {
    hints.era = { from: era.from as number, to: era.to as number };
  }
  const genres = stringList(answer.genres).filter((name) => GENRES.some((genre) => genre.name.toLowerCase() === name.toLowerCase()));
  if (genres.length) hints.genres = genres;
  const countries = stringList(answer.countries).filter((name) => ORIGINS.some((origin) => origin.country.toLowerCase() === name.toLowerCase()));
  if (countries.length) hints.countries = countries;
  const people = stringList(answer.people).slice(0, 5);
  if (people.length) hints.people = people;
  return hints;
}

async function runTool(name: string, rawArguments: string, tools: MovieTools): Promise<unknown> {
  switch (name) {
    case 'movie_details':
      return tools.details();
    case 'movie_credits':
      return tools.credits();
    case 'similar_movies': {
      let count = 3;
      try {
        const args = JSON.parse(rawArguments || '{}') as { count?: unknown };
        if (Number.isInteger(args.count)) count = Math.min(10, Math.max(1, args.count as number));
      } catch {
        // default count
      }
      return tools.similar(count);
    }
    case 'films_by_director':
      return tools.byDirectors();
    case 'movie_series':
      return tools.series();
    default:
      return { error: `unknown tool ${name}` };
  }
}
