// Steps 1-7 of the pipeline as an explicit graph of named steps over a typed turn state:
//
//   discovery:    newSearch > understand > search > enrich > validate > present  (phase confirmation)
//                                                                   > deadEnd  (not found)
//                             > deadEnd                             (a language the engine cannot read,
//                                                                    no film described: "hello", or
//                                                                    films asked for: "recommend a comedy")
//   confirmation: classify > confirm > overview                               (phase qa)
//                          > answerAboutShown | notShown                      (a question, a place the list lacks)
//                          > refine > search > enrich > validate > present    (up to 3 cycles)
//                                                             > nothingNew    (ask for one more detail)
//                          > deadEnd                                          (cycles exhausted)
//   qa:           qa                                                          (phase qa, terminal)
//
// A dead end says so kindly and returns the session to discovery with a fresh start.
import { creditedNames, type MovieCandidate, type ValidationRules, validateCandidates } from '../catalog/candidates.ts';
import type { CatalogProvider } from '../catalog/catalog.ts';
import type { EnrichedHit, Enricher } from '../catalog/enrichment.ts';
import type { Intent, LanguageModel, UnderstoodDescription } from '../llm/language-model.ts';
import { bestDoesNotCredit, bestMatchesOnlyNames, capitalised, filmsWithThem, helpfulDetails, isItThisOne, listNames, notInTheList, placeNotHeld, shownHasThem, streamWords, thatSoundsLike, yearsBeyondCollection } from '../llm/wording.ts';
import { creditsName, peopleNamedIn } from '../search/credits.ts';
import type { MovieSearch, SearchHit } from '../search/movie-search.ts';
import { eraOf } from '../search/query-analysis.ts';
import { tokenize } from '../search/tokens.ts';
import { asksForRecommendation, describesAFilm } from './small-talk.ts';
import type { TurnEngine, TurnInput, TurnOutcome } from './engine.ts';
import { END, GraphBuilder, type CompiledGraph } from './graph.ts';
import { movieTools } from './movie-tools.ts';
import { applyRefinement, searchRequest, shownFilmTold, tellsStory } from './refinement.ts';
import { type ConversationState, initialState } from './state.ts';

export const MAX_REFINEMENTS = 3;
export const CANDIDATES_SHOWN = 5;
/**
 * Under this calibrated chance that the film is among the candidates (less likely than not),
 * they are offered as the nearest found, saying plainly that the film may not be among them.
 * Under the search's abstain threshold nothing is offered at all (the dead end). On the dev
 * descriptions, the bundled corpus: 86 % of absent films and 5 % of present ones fall under.
 */
export const LIKELY_FROM = 0.5;

type DeadEnd = 'no-candidates' | 'refinements-exhausted' | 'unsupported-language' | 'no-description' | 'recommendation';

interface TurnState {
  conversation: ConversationState;
  message: string;
  understood: UnderstoodDescription | null;
  hits: SearchHit[];
  /** The search's calibrated chance that the film is among the hits. */
  likelihood: number;
  /** Whether the description said when the film came out (so the reply does not ask again). */
  eraKnown: boolean;
  /** Said plainly when the film is placed where the collection holds none: in years no film comes from, or beside a film with none there. */
  beyondCollection: string | null;
  /** The people the description names (SearchResult.namesSaid). */
  namesSaid: string[];
  /** Whether the description names people and says nothing else but when ("tom hanks", "tom hanks in the 90s"). */
  onlyNames: boolean;
  /** In a refinement, the index of the film shown before that its new detail describes (shownFilmDescribed). */
  describedShown: number | null;
  /** The people it credits whom the detail names, when that is how it describes it ("it had marilyn monroe"). */
  describedBy: string[];
  /** The best hit's corpus id when it matches only those people, none of the story (SearchResult.bestNamedOnly). */
  namedOnlyId: string | null;
  enriched: EnrichedHit[];
  candidates: MovieCandidate[];
  /** The candidates shown before this turn's refinement (shown again when it finds nothing new). */
  shownBefore: MovieCandidate[] | null;
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

/** "Sorry, I cannot read this language" in the languages people most often try. */
const CANNOT_READ: Record<string, string> = {
  nl: 'Sorry, zonder taalmodel begrijp ik geen Nederlands.',
};

function unsupportedLanguageReply(understood: UnderstoodDescription | null): string {
  const language = understood?.kind === 'unsupported-language' ? understood : null;
  const courtesy = language && CANNOT_READ[language.code] ? `${CANNOT_READ[language.code]} ` : '';
  return (
    `${courtesy}I can't search descriptions in ${language ? language.language : 'this language'} yet: without a language model, ` +
    `the offline search engine reads only ${listNames(language?.readable ?? ['English'])}. ` +
    'Please describe the film in one of those, English working best. To search in any language, the service needs a ' +
    'language model: its operator can connect one with the LLM_BASE_URL setting (any OpenAI-compatible endpoint).'
  );
}

/** What a dead end says; `beyondSaid` when the reply already opens with the years the collection lacks. */
const DEAD_END_REPLIES: Record<Exclude<DeadEnd, 'unsupported-language'>, (askFor: string, beyondSaid: boolean) => string> = {
  'no-candidates': (askFor, beyondSaid) =>
    `I'm sorry, I couldn't find that film: nothing I know fits the description well enough to suggest it${beyondSaid ? '' : ', and it may not be in my collection'}. ` +
    `Could you describe it again with a detail that would help? ${capitalised(askFor)}.`,
  'refinements-exhausted': () =>
    "I'm sorry, I still haven't found it after several tries. Let's start over: describe the film again in your own words, " +
    'perhaps with a different detail, a memorable scene, or roughly when it came out.',
  recommendation: (askFor) =>
    "I find a film you half-remember rather than recommend new ones. If there's one you're trying to recall, tell me what happens in it, " +
    `and any detail that would help, such as ${askFor}. Once we find it, I can suggest films like it.`,
  'no-description': (askFor) =>
    "I find films from what people remember of them. Tell me about the one you're looking for: what happens in it, " +
    `and any detail that would help, such as ${askFor}.`,
};

/** A reply with, first, the plain word that the film is placed in years the collection lacks. */
const withBeyond = (s: { beyondCollection: string | null }, reply: string) => (s.beyondCollection ? `${s.beyondCollection} ${reply}` : reply);

/**
 * What is plainly true of the best candidate against the people the description names: that
 * it does not credit them, or that it credits them and nothing of its story matches the rest.
 */
function aboutTheBest(s: TurnState): string | null {
  const best = s.candidates[0]!;
  const uncredited = namesUncredited(s.namesSaid, best);
  if (uncredited.length) return bestDoesNotCredit(best, uncredited);
  if (s.onlyNames) return filmsWithThem(s.namesSaid, s.eraKnown);
  return s.namedOnlyId === best.corpus_id ? bestMatchesOnlyNames(best, s.namesSaid) : null;
}

/**
 * The names said that a candidate's credits (corpus and catalog) do not hold: "will smith as a
 * genie in a lamp" finds the 1992 Aladdin, a cartoon he is not in. Nothing when its credits
 * are unknown.
 */
function namesUncredited(names: string[], candidate: MovieCandidate): string[] {
  const people = creditedNames(candidate);
  return people.length ? names.filter((name) => !creditsName(people, name)) : [];
}

/** A reply that only points at another film, as a follow-up does: "and the second?", "what about Heat?" (not "what about the director of the second one?"). */
const FOLLOW_UP = /^\s*(?:and|and what about|what about|how about|same for|and for)(?:\s+[^\s?.!]+){1,4}\s*\??\s*$/i;
const asksTheSameOf = (message: string) => FOLLOW_UP.test(message);

const nothingNewReply = (askFor: string) =>
  `That didn't bring up any other film I know. Could you add one more specific detail? ${capitalised(askFor)}. ` +
  'Or pick one of the films above if one of them is close after all.';

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
    const initial: TurnState = {
      conversation: state, message, understood: null, hits: [], likelihood: 0, eraKnown: false, beyondCollection: null, namesSaid: [], onlyNames: false, namedOnlyId: null, describedShown: null, describedBy: [],
      enriched: [], candidates: [], shownBefore: null, intent: null, deadEnd: null, reply: '',
    };
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
      .step('newSearch', async (s) => ({ ...s, conversation: { ...initialState(), description: s.message, query: s.message, unfound: s.conversation.unfound } }))
      .edge('newSearch', 'understand')
      .step('understand', async (s) => {
        const understood = await language.understandDescription(s.message);
        if (understood.kind === 'unsupported-language') return { ...s, understood, deadEnd: 'unsupported-language' };
        if (asksForRecommendation(understood.text)) return { ...s, understood, deadEnd: 'recommendation' };
        if (!describesAFilm(understood.text)) return { ...s, understood, deadEnd: 'no-description' };
        const { unfound } = s.conversation;
        // After "I couldn't find it, tell me more", the new words lead and the old ones back them.
        const told = unfound ? { description: unfound, details: [understood.text], query: `${unfound}. ${understood.text}` } : { description: understood.text, query: understood.text };
        return { ...s, understood, conversation: { ...s.conversation, ...told, unfound: null, hints: understood.hints } };
      })
      .branch('understand', ['search', 'deadEnd'], (s) => (s.deadEnd ? 'deadEnd' : 'search'))
      .step('search', async (s) => {
        const { query, ...options } = searchRequest(s.conversation, CANDIDATES_SHOWN);
        // A refinement in words the corpus does not know cannot move the search: run anyway, it
        // would only offer the earlier description's leftovers as if they were new.
        if (options.background && !search.informative(query)) {
          return { ...s, hits: [], likelihood: 0, eraKnown: search.saysWhen(`${query}. ${options.background}`) };
        }
        const result = await search.search(query, options);
        const { era } = result.analysis;
        // "the sequel to jaws" with Jaws the only one of its series: whatever else is near, not that film.
        const lacking = search.seriesPlaceLacking(query);
        const beyondCollection = lacking ? placeNotHeld(lacking.film, lacking.place) : era && search.eraBeyondCorpus(era) ? yearsBeyondCollection(era, search.yearsHeld) : null;
        // Nothing likely enough: say so rather than offer weak candidates.
        const nameTerms = new Set(tokenize(result.namesSaid.join(' ')));
        // "tom hanks", "tom hanks from the 90s": people and when, nothing of the story.
        const onlyNames = nameTerms.size > 0 && result.analysis.terms.every((term) => nameTerms.has(term) || eraOf(term) !== null);
        return { ...s, hits: result.abstain || lacking ? [] : result.hits, likelihood: result.listRelevance, eraKnown: era !== null, beyondCollection, namesSaid: result.namesSaid, onlyNames,
          namedOnlyId: result.bestNamedOnly ? result.hits[0]!.movie.id : null };
      })
      .edge('search', 'enrich')
      .step('enrich', async (s, { deadline }) => ({ ...s, enriched: await enricher.enrich(s.hits, deadline) }))
      .edge('enrich', 'validate')
      .step('validate', async (s) => {
        const candidates = validateCandidates(s.enriched, this.settings.validation);
        return { ...s, candidates, deadEnd: candidates.length ? null : 'no-candidates' };
      })
      .branch('validate', ['present', 'nothingNew', 'deadEnd'], (s) => (s.candidates.length ? 'present' : s.shownBefore ? 'nothingNew' : 'deadEnd'))
      .step('present', async (s, { stream }) => {
        // A refinement is spent when it brings new candidates.
        const cycles = s.shownBefore ? s.conversation.refinementCycles + 1 : s.conversation.refinementCycles;
        const translatedFrom = s.understood?.kind === 'description' ? s.understood.translatedFrom : undefined;
        // A best film that holds nothing of the story but a name is no likely find, however sure
        // the score; a list for a name alone ("tom hanks") is what was asked, not a doubtful find.
        const likely = s.onlyNames || (s.likelihood >= LIKELY_FROM && s.namedOnlyId !== s.candidates[0]!.corpus_id);
        const askFor = helpfulDetails(s);
        const sayFirst = [s.beyondCollection, aboutTheBest(s)].filter((said) => said !== null).join(' ');
        const reply = await language.presentCandidates({ query: s.conversation.query, candidates: s.candidates, refinement: cycles, likely, askFor, translatedFrom, sayFirst: sayFirst || undefined }, stream);
        return { ...s, reply, conversation: { ...s.conversation, phase: 'confirmation', candidates: s.candidates, refinementCycles: cycles, fruitless: false } };
      })
      .edge('present', END)
      .step('classify', async (s) => {
        const { candidates, inView, lastQuestion } = s.conversation;
        const read = await language.classifyConfirmation(s.message, candidates, inView ?? undefined);
        // "and the second?" right after an answer asks the same of that film; it picks nothing.
        const pointed = read.kind === 'confirm' || read.kind === 'ask' ? read.index : null;
        const intent: Intent = pointed !== null && lastQuestion && asksTheSameOf(s.message) ? { kind: 'ask', index: pointed, question: lastQuestion } : read;
        // What was in view is read now; the reply this turn gives says what is next (a reply
        // pointing past the list's end says nothing, so the film in view stays).
        return { ...s, intent, conversation: { ...s.conversation, inView: intent.kind === 'notShown' ? inView : null, lastQuestion: null } };
      })
      .branch('classify', ['confirm', 'answerAboutShown', 'notShown', 'refine', 'deadEnd'], (s) => {
        if (s.intent?.kind === 'confirm') return 'confirm';
        if (s.intent?.kind === 'ask' && s.conversation.candidates[s.intent.index]) return 'answerAboutShown';
        if (s.intent?.kind === 'notShown') return 'notShown';
        return s.conversation.refinementCycles < MAX_REFINEMENTS ? 'refine' : 'deadEnd';
      })
      .step('refine', async (s) => {
        const refinement = s.intent?.kind === 'refine' ? s.intent : { kind: 'refine' as const, details: '', anchor: null, hints: {}, turnsDownAll: false };
        const refined = { ...s, shownBefore: s.conversation.candidates, conversation: { ...applyRefinement(s.conversation, refinement), candidates: [] } };
        return { ...refined, ...(await this.shownFilmDescribed(refined)) };
      })
      .branch('refine', ['pointAtShown', 'search'], (s) => (s.describedShown === null ? 'search' : 'pointAtShown'))
      .step('pointAtShown', async (s, { stream }) => {
        // "the one where they end up at a daycare": the film described is one of those shown.
        // It is named and in view, so a "yes" takes it; the list keeps its order, so "the first"
        // is still the first; the refinement is not spent.
        const film = s.shownBefore![s.describedShown!]!;
        const turnedDown = s.intent?.kind === 'refine' && s.intent.turnsDownAll;
        const reply = s.describedBy.length ? shownHasThem(film, s.describedBy, turnedDown) : thatSoundsLike(film);
        streamWords(reply, stream);
        return { ...s, reply, conversation: { ...s.conversation, phase: 'confirmation', candidates: s.shownBefore!, inView: s.describedShown } };
      })
      .edge('pointAtShown', END)
      .step('answerAboutShown', async (s, { stream, deadline }) => {
        // "who is in the second one?": answered from that film's facts, nothing chosen and no
        // refinement spent; the film is in view, so a "yes" takes it, and the list keeps its order.
        const { index, question } = s.intent as Extract<Intent, { kind: 'ask' }>;
        const film = s.conversation.candidates[index]!;
        const answer = await language.answerQuestion(question, this.toolsFor(film, deadline));
        const reply = `${answer}\n\n${isItThisOne(film)}`;
        streamWords(reply, stream);
        return { ...s, reply, conversation: { ...s.conversation, inView: index, lastQuestion: question } };
      })
      .edge('answerAboutShown', END)
      .step('notShown', async (s, { stream }) => {
        // "who is in the sixth one?" with five shown: searching those words would spend a
        // refinement on nothing the person said about the film.
        const reply = notInTheList((s.intent as Extract<Intent, { kind: 'notShown' }>).position, s.conversation.candidates.length);
        streamWords(reply, stream);
        return { ...s, reply };
      })
      .edge('notShown', END)
      .step('nothingNew', async (s, { stream }) => {
        // Nothing new: the same candidates stay, and the refinement is not spent, unless the
        // person added no detail or the last refinement found nothing too.
        const c = s.conversation;
        const spent = c.fruitless || c.details.length === 0 || s.intent?.kind !== 'refine' || !s.intent.details.trim();
        const cycles = spent ? c.refinementCycles + 1 : c.refinementCycles;
        if (cycles >= MAX_REFINEMENTS) return { ...s, deadEnd: 'refinements-exhausted' as const, reply: '' };
        const reply = withBeyond(s, nothingNewReply(helpfulDetails(s)));
        streamWords(reply, stream);
        return { ...s, reply, deadEnd: null, conversation: { ...c, phase: 'confirmation', candidates: s.shownBefore!, refinementCycles: cycles, fruitless: true } };
      })
      .branch('nothingNew', ['deadEnd', END], (s) => (s.deadEnd ? 'deadEnd' : END))
      .step('confirm', async (s) => {
        const index = s.intent?.kind === 'confirm' ? s.intent.index : 0;
        const movie = s.conversation.candidates[index] ?? s.conversation.candidates[0]!;
        return { ...s, conversation: { ...s.conversation, phase: 'qa', confirmedMovie: movie, candidates: [] } };
      })
      .edge('confirm', 'overview')
      .step('overview', async (s, { deadline }) => {
        const tools = this.toolsFor(s.conversation.confirmedMovie!, deadline);
        const overview = await language.describeMovie(tools);
        // "yes that one!! who voices the rat?": the question is answered after the overview.
        const question = s.intent?.kind === 'confirm' ? s.intent.question : undefined;
        return { ...s, reply: question ? `${overview}\n\n${await language.answerQuestion(question, tools)}` : overview };
      })
      .edge('overview', END)
      .step('qa', async (s, { deadline }) => ({ ...s, reply: await language.answerQuestion(s.message, this.toolsFor(s.conversation.confirmedMovie!, deadline)) }))
      .edge('qa', END)
      .step('deadEnd', async (s, { stream }) => {
        const reason = s.deadEnd ?? 'refinements-exhausted';
        const reply = reason === 'unsupported-language' ? unsupportedLanguageReply(s.understood) : withBeyond(s, DEAD_END_REPLIES[reason](helpfulDetails(s), s.beyondCollection !== null));
        streamWords(reply, stream);
        // After "not found" the next description is read with this one; a message that described
        // nothing leaves whatever was pending as it was.
        const unfound = reason === 'no-candidates' ? s.conversation.query : reason === 'no-description' || reason === 'recommendation' ? s.conversation.unfound : null;
        return { ...s, reply, deadEnd: reason, conversation: { ...initialState(), unfound } };
      })
      .edge('deadEnd', END);
  }

  /**
   * Which of the films shown before a refinement its new detail describes: the one film shown
   * that credits someone the detail names in full ("none of those, it had marilyn monroe", with
   * Some Like It Hot shown: people miss a film in a list), or the one whose story alone holds
   * every word of a short detail (shownFilmTold), or else the film the search offers
   * first for the detail alone, with the shown films back in the race, unless the refinement is
   * anchored on a film it is like or turns the list down ("none of these, it was set in space").
   */
  private async shownFilmDescribed(s: TurnState): Promise<Pick<TurnState, 'describedShown' | 'describedBy'>> {
    const none = { describedShown: null, describedBy: [] };
    const shown = s.shownBefore!;
    const refinement = s.intent;
    if (refinement?.kind !== 'refine' || refinement.anchor !== null) return none;
    const credited = shown.map((film) => peopleNamedIn(refinement.details, creditedNames(film)));
    const crediting = credited.flatMap((names, index) => (names.length ? [index] : []));
    if (crediting.length === 1) return { describedShown: crediting[0]!, describedBy: credited[crediting[0]!]! };
    // "no, older" tells nothing of the story: the search would lead with the detail before it.
    if (!tellsStory(refinement.details) || refinement.turnsDownAll) return none;
    const told = shownFilmTold(refinement.details, shown);
    if (told !== null) return { describedShown: told, describedBy: [] };
    const { query, excludeIds, hints, background } = searchRequest(s.conversation, 1);
    // Words nobody knows cannot point at a film either.
    if (background === undefined || !this.parts.search.informative(query)) return none;
    const ids = new Set(shown.map((film) => film.corpus_id));
    const result = await this.parts.search.search(query, { k: 1, hints, excludeIds: new Set([...excludeIds ?? []].filter((id) => !ids.has(id))) });
    if (result.abstain || result.hits.length === 0) return none;
    const index = shown.findIndex((film) => film.corpus_id === result.hits[0]!.movie.id);
    return index >= 0 ? { describedShown: index, describedBy: [] } : none;
  }

  private toolsFor(movie: MovieCandidate, deadline: number) {
    return movieTools(movie, this.parts.catalog, this.parts.search, deadline);
  }
}
