// Steps 1-7 of the pipeline as an explicit graph of named steps over a typed turn state:
//
//   discovery:    newSearch > search > enrich > validate > present            (phase confirmation)
//                                                        > deadEnd            (no candidates)
//   confirmation: classify > confirm > overview                               (phase qa)
//                          > refine > search > enrich > validate > present    (up to 3 cycles)
//                          > deadEnd                                          (cycles exhausted)
//   qa:           qa                                                          (phase qa, terminal)
//
// A dead end says so kindly and returns the session to discovery with a fresh start.
import { type MovieCandidate, type ValidationRules, validateCandidates } from '../catalog/candidates.ts';
import type { CatalogProvider } from '../catalog/catalog.ts';
import type { EnrichedHit, Enricher } from '../catalog/enrichment.ts';
import type { Intent, LanguageModel } from '../llm/language-model.ts';
import { streamWords } from '../llm/wording.ts';
import type { MovieSearch, SearchHit } from '../search/movie-search.ts';
import type { TurnEngine, TurnInput, TurnOutcome } from './engine.ts';
import { END, GraphBuilder, type CompiledGraph } from './graph.ts';
import { movieTools } from './movie-tools.ts';
import { type ConversationState, initialState } from './state.ts';

export const MAX_REFINEMENTS = 3;
export const CANDIDATES_SHOWN = 5;

type DeadEnd = 'no-candidates' | 'refinements-exhausted';

interface TurnState {
  conversation: ConversationState;
  message: string;
  hits: SearchHit[];
  enriched: EnrichedHit[];
  candidates: MovieCandidate[];
  intent: Intent | null;
  deadEnd: DeadEnd | null;
  reply: string;
}

interface TurnContext {
  stream: (text: string) => void;
  /** Catalog calls of this turn must be answered by then. */
  deadline: number;
}

export interface PipelineSettings {
  validation: ValidationRules;
  /** Time the catalog may take within one turn. */
  catalogBudgetMs: number;
}

export interface PipelineParts {
  search: MovieSearch;
  enricher: Enricher;
  catalog: CatalogProvider;
  language: LanguageModel & { warmUp?(): Promise<void> };
}

const DEAD_END_REPLIES: Record<DeadEnd, string> = {
  'no-candidates':
    "I'm sorry, I couldn't find a film that fits that description. Could you describe it differently? " +
    'Details like the setting, the era, what the main character wants, or a scene you remember help most.',
  'refinements-exhausted':
    "I'm sorry, I still haven't found it after several tries. Let's start over: describe the film again in your own words, " +
    'perhaps with a different detail, a memorable scene, or roughly when it came out.',
};

export class DiscoveryPipeline implements TurnEngine {
  private graph: CompiledGraph<TurnState, TurnContext> | null = null;

  constructor(
    private readonly parts: PipelineParts,
    private readonly settings: PipelineSettings,
  ) {}

  /** Compiles the graph and warms the models; readiness waits for this. */
  async ready(): Promise<void> {
    this.graph ??= this.build().compile();
    await this.parts.language.warmUp?.();
  }

  async run({ state, message }: TurnInput, stream: (text: string) => void): Promise<TurnOutcome> {
    if (!this.graph) await this.ready();
    const initial: TurnState = { conversation: state, message, hits: [], enriched: [], candidates: [], intent: null, deadEnd: null, reply: '' };
    const { state: final } = await this.graph!.run(initial, { stream, deadline: Date.now() + this.settings.catalogBudgetMs });
    const conversation = final.conversation;
    return {
      reply: final.reply,
      state: conversation,
      ...(conversation.phase === 'confirmation' ? { candidates: conversation.candidates } : {}),
      ...(conversation.phase === 'qa' && conversation.confirmedMovie ? { confirmedMovie: conversation.confirmedMovie } : {}),
    };
  }

  private build(): GraphBuilder<TurnState, TurnContext> {
    const { search, enricher, language } = this.parts;
    return new GraphBuilder<TurnState, TurnContext>()
      .start(['newSearch', 'classify', 'qa'], (s) => ({ discovery: 'newSearch', confirmation: 'classify', qa: 'qa' })[s.conversation.phase])
      .step('newSearch', async (s) => ({ ...s, conversation: { ...initialState(), query: s.message } }))
      .edge('newSearch', 'search')
      .step('search', async (s) => ({
        ...s,
        hits: await search.search(s.conversation.query, { k: CANDIDATES_SHOWN, excludeIds: new Set(s.conversation.rejectedIds) }),
      }))
      .edge('search', 'enrich')
      .step('enrich', async (s, { deadline }) => ({ ...s, enriched: await enricher.enrich(s.hits, deadline) }))
      .edge('enrich', 'validate')
      .step('validate', async (s) => {
        const candidates = validateCandidates(s.enriched, this.settings.validation);
        return { ...s, candidates, deadEnd: candidates.length ? null : 'no-candidates' };
      })
      .branch('validate', ['present', 'deadEnd'], (s) => (s.candidates.length ? 'present' : 'deadEnd'))
      .step('present', async (s, { stream }) => {
        const reply = await language.presentCandidates(
          { query: s.conversation.query, candidates: s.candidates, refinement: s.conversation.refinementCycles },
          stream,
        );
        return { ...s, reply, conversation: { ...s.conversation, phase: 'confirmation', candidates: s.candidates } };
      })
      .edge('present', END)
      .step('classify', async (s) => ({ ...s, intent: await language.classifyConfirmation(s.message, s.conversation.candidates) }))
      .branch('classify', ['confirm', 'refine', 'deadEnd'], (s) => {
        if (s.intent?.kind === 'confirm') return 'confirm';
        return s.conversation.refinementCycles < MAX_REFINEMENTS ? 'refine' : 'deadEnd';
      })
      .step('refine', async (s) => {
        const details = s.intent?.kind === 'refine' && s.intent.details ? s.intent.details : await language.extractPlotDetails(s.message, s.conversation.candidates);
        const c = s.conversation;
        return {
          ...s,
          conversation: {
            ...c,
            query: details ? `${c.query}. ${details}` : c.query,
            rejectedIds: [...c.rejectedIds, ...c.candidates.map((candidate) => candidate.corpus_id)],
            refinementCycles: c.refinementCycles + 1,
            candidates: [],
          },
        };
      })
      .edge('refine', 'search')
      .step('confirm', async (s) => {
        const index = s.intent?.kind === 'confirm' ? s.intent.index : 0;
        const movie = s.conversation.candidates[index] ?? s.conversation.candidates[0]!;
        return { ...s, conversation: { ...s.conversation, phase: 'qa', confirmedMovie: movie, candidates: [] } };
      })
      .edge('confirm', 'overview')
      .step('overview', async (s, { deadline }) => ({ ...s, reply: await language.describeMovie(this.toolsFor(s, deadline)) }))
      .edge('overview', END)
      .step('qa', async (s, { deadline }) => ({ ...s, reply: await language.answerQuestion(s.message, this.toolsFor(s, deadline)) }))
      .edge('qa', END)
      .step('deadEnd', async (s, { stream }) => {
        const reason = s.deadEnd ?? 'refinements-exhausted';
        const reply = DEAD_END_REPLIES[reason];
        streamWords(reply, stream);
        return { ...s, reply, deadEnd: reason, conversation: initialState() };
      })
      .edge('deadEnd', END);
  }

  private toolsFor(s: TurnState, deadline: number) {
    return movieTools(s.conversation.confirmedMovie!, this.parts.catalog, this.parts.search, deadline);
  }
}
