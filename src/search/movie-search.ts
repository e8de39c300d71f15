// Finding the film: the one search used by the chat pipeline, the `search` command, the
// benchmarks and ranker training. A description goes through four named stages:
//   1. analysis    what it says besides the story: era, genre, origin (query-analysis.ts)
//   2. candidates  films found by the fielded lexical index (BM25F) and by the plot passages
//                  nearest in meaning (HNSW), merged by rank and cut to a short list
//   3. scoring     every signal about each candidate (features.ts), weighed by the learned
//                  scorer (scorer.ts) against a "none of these" alternative
//   4. calibration the probability that each film is the one, and whether any is likely
//                  enough to offer (calibration.ts)
import { abstainThreshold, calibrate } from './calibration.ts';
import { type CorpusMovie, namesOf } from './corpus.ts';
import { creditsName } from './credits.ts';
import type { Embedder } from './embedder.ts';
import { type CandidateEvidence, type FeatureContext, featureVector, RANK_DEPTH } from './features.ts';
import { fieldIndex, FIELDS } from './film-fields.ts';
import { sharedGenres } from './genres.ts';
import type { LexicalScores } from './lexical-index.ts';
import type { MovieIndex } from './movie-index.ts';
import { analyseQuery, eraOf, hasHint, isYear, type QueryAnalysis, ruledOutSpans, type SearchHints, titleWords, type YearRange } from './query-analysis.ts';
import { Scorer } from './scorer.ts';
import { answersToName, filmAtPlace, isTitled, nameIn, sameSeries, type SeriesFilm, seriesName, type SeriesPlace, type SeriesReference, seriesReferenceIn } from './series.ts';
import { spellingCorrections } from './spelling.ts';
import { THESAURUS } from './synonyms.ts';
import { ARTICLES, stem, termOf, tokenize, words } from './tokens.ts';
import { topKeys } from './top-keys.ts';

export interface SearchHit {
  movie: CorpusMovie;
  /** Calibrated probability, in [0, 1], that this is the film described. */
  relevance: number;
}

export interface SearchResult {
  hits: SearchHit[];
  /** Calibrated probability that the best hit is the film described (0 without hits). */
  topRelevance: number;
  /** Calibrated probability that the film described is among the hits (their relevances' sum). */
  listRelevance: number;
  /**
   * True when the hits are unlikely to hold the film: it is probably not in the corpus. Decided
   * on the whole list, not the best hit, because a vague description that fits several films
   * deserves to see them even when none stands out.
   */
  abstain: boolean;
  analysis: QueryAnalysis;
  /**
   * The people the description names by first name and surname, as it spells them ("Arnold
   * Schwarzenegger"): words search read as names in credits. In a refinement that names people,
   * only those: they correct the ones named before.
   */
  namesSaid: string[];
  /** Whether the best hit matches only the people the description names, none of its story (CandidateEvidence.namedOnly). */
  bestNamedOnly: boolean;
}

export interface SearchOptions {
  k: number;
  /** Corpus ids never to return (candidates the user already rejected). */
  excludeIds?: ReadonlySet<string>;
  /** Constraints known apart from the description (a language model's reading, earlier turns). */
  hints?: SearchHints;
  /**
   * What was said before the query (an earlier description, when the query is a refinement):
   * searched too, at half the weight, so what the person says now leads.
   */
  background?: string;
}

export interface CandidateOptions {
  hints?: SearchHints;
  background?: string;
  /** Films taken out of the race, as if the corpus lacked them; at most `count` of them. */
  excluded?: { count: number; has(key: number): boolean };
}

/** The short list the scorer sees, and everything it needs to score it. */
export interface CandidateList {
  context: FeatureContext;
  candidates: CandidateEvidence[];
  /** SearchResult.namesSaid. */
  namesSaid: string[];
}

/** Passages fetched from the vector index per query (several per film). */
const PASSAGE_DEPTH = 150;
/** Films kept for scoring after merging the two rankings by reciprocal rank (k = 60). */
const SHORT_LIST = 60;
const TITLE = fieldIndex('title');
const PEOPLE = fieldIndex('people');
const RRF_K = 60;
/** Where the best film crediting a person named goes when the first five credit nobody named (0-based: the fifth). */
const NAMED_SLOT = 4;
/** Films taken from each ranking when looking for films like one. */
const SIMILAR_POOL = 30;
/** Passages searched for the films nearest one in meaning (several per film). */
const SIMILAR_PASSAGES = 300;
/** Reciprocal-rank constant when merging the two rankings of films like one: low, so the first few lead. */
const SIMILAR_RRF_K = 10;
/** What genres shared in full add, against 1/(SIMILAR_RRF_K + rank) for each ranking. */
const SIMILAR_GENRE_WEIGHT = 0.1;
/** A clause ruling out words mostly read as names ("tom hanks": "tom" is also a character's) rules out a person. */
const NAMED_SHARE = 0.5;

export class MovieSearch {
  /** Candidates are offered only when the chance that the film is among them reaches this. */
  readonly abstainBelow: number;
  private held: YearRange | null = null;

  constructor(
    readonly embedder: Embedder,
    private readonly index: MovieIndex,
    readonly scorer: Scorer,
  ) {
    this.abstainBelow = abstainThreshold(scorer.model.abstainBelow, index.size);
  }

  get size(): number {
    return this.index.size;
  }

  async search(said: string, { k, excludeIds, hints, background }: SearchOptions): Promise<SearchResult> {
    const query = this.filmPlacedInSeries(said) ?? said;
    const excluded = excludeIds?.size ? { count: excludeIds.size, has: this.idIn(excludeIds) } : undefined;
    const { context, candidates, namesSaid } = await this.candidates(query, { hints, background, excluded });
    const ranked = candidates
      .map((candidate) => ({ key: candidate.key, score: this.scorer.score(featureVector(candidate, context)) }))
      .sort((a, b) => b.score - a.score || a.key - b.key);
    const probabilities = Scorer.probabilities(ranked.map((entry) => entry.score));
    // Each film's record is read once: the named film's check reads those offered first too.
    const records = new Map<number, CorpusMovie>();
    const movieOf = (key: number) => records.get(key) ?? records.set(key, this.index.movie(key)).get(key)!;
    const order = ranked.map((_, i) => i);
    const named = this.namedFilmBeyond(ranked, k, namesSaid, movieOf);
    if (named !== null) order.splice(NAMED_SLOT, 0, ...order.splice(named, 1));
    const hits = order.slice(0, k).map((i) => ({ movie: movieOf(ranked[i]!.key), relevance: calibrate(probabilities[i]!, this.scorer.model.calibration) }));
    const listRelevance = Math.min(1, hits.reduce((sum, hit) => sum + hit.relevance, 0));
    const bestNamedOnly = hits.length > 0 && this.namedOnly(ranked[0]!.key, hits[0]!.movie, context.query, namesSaid);
    return { hits, topRelevance: hits[0]?.relevance ?? 0, listRelevance, abstain: listRelevance < this.abstainBelow, analysis: context.query, namesSaid, bestNamedOnly };
  }

  /**
   * The index in `ranked` of the best film crediting someone the description names, when none
   * of the first NAMED_SLOT + 1 does and the list has room: a person named is the surest thing
   * people recall ("kevin bacon fighting giant worms"), and a corpus that knows a film only by
   * its credits cannot match the rest. Null otherwise.
   */
  private namedFilmBeyond(ranked: ReadonlyArray<{ key: number }>, k: number, namesSaid: string[], movieOf: (key: number) => CorpusMovie): number | null {
    if (namesSaid.length === 0 || k <= NAMED_SLOT) return null;
    const creditsNamed = (key: number) => {
      const movie = movieOf(key);
      return namesSaid.some((name) => creditsName(peopleOf(movie), name));
    };
    if (ranked.slice(0, NAMED_SLOT + 1).some((entry) => creditsNamed(entry.key))) return null;
    const found = ranked.findIndex((entry, i) => i > NAMED_SLOT && creditsNamed(entry.key));
    return found < 0 ? null : found;
  }

  /** The other films of the collection in `film`'s series (series.ts), oldest first. */
  seriesOf(film: SeriesFilm & { id: string }): CorpusMovie[] {
    return seriesAmong(film, this.filmsTitled(seriesName(film.title)));
  }

  /**
   * The title of the film a description places in a series, when that is all it says ("the
   * sequel to alien": Aliens; "the second toy story": Toy Story 2): searched as that title, it
   * is found as surely as typed. Null when the description says something else, is itself a
   * title ("the last samurai"), or names no series the collection holds.
   */
  private filmPlacedInSeries(said: string): string | null {
    const asked = this.seriesAsked(said);
    return asked && asked.series.length > 1 ? (filmAtPlace(asked.reference.place, asked.series, asked.reference.name)?.title ?? null) : null;
  }

  /**
   * The film a description places another beside, when the collection holds it but not the
   * one placed ("the sequel to jaws" where Jaws is the only one of its series): the film asked
   * for is then not in the collection, whatever the search offers nearby. Null otherwise.
   */
  seriesPlaceLacking(said: string): { film: CorpusMovie; place: SeriesPlace } | null {
    const asked = this.seriesAsked(said);
    if (!asked || asked.series.length === 0) return null;
    const { place, name } = asked.reference;
    if (filmAtPlace(place, asked.series, name)) return null;
    return { film: asked.series.find((movie) => isTitled(movie.title, name)) ?? asked.series[0]!, place };
  }

  /** The place in a series a description asks for, and the films of the collection in that series, oldest first (empty when it holds none). */
  private seriesAsked(said: string): { reference: SeriesReference; series: CorpusMovie[] } | null {
    const reference = seriesReferenceIn(said);
    if (!reference) return null;
    const titled = this.filmsTitled(reference.name);
    if (titled.some((movie) => isTitled(movie.title, nameIn(said)))) return null;
    // "After" and "before" count from the film the name is the title of; a place, from any film
    // of the series. Of several (the 1978 and the 2001 Lord of the Rings), the longest series.
    const fromTitle = reference.place.kind === 'after' || reference.place.kind === 'before';
    const series = titled
      .filter((movie) => (fromTitle ? isTitled(movie.title, reference.name) : answersToName(movie.title, reference.name)))
      .map((movie) => [movie, ...seriesAmong(movie, titled)].sort((a, b) => a.year - b.year))
      .reduce<CorpusMovie[]>((longest, films) => (films.length > longest.length ? films : longest), []);
    return { reference, series };
  }

  /**
   * Films like `film`, the most alike first: the films whose story search finds from its plot,
   * and the films nearest to its passages as a whole in meaning, merged by rank, a shared genre
   * counting for more. The plot alone favours films sharing a name ("Dirty Harry" for When Harry
   * Met Sally...), meaning alone films of another kind. Its own series is left out: asked for
   * films like Toy Story, people know of Toy Story 2.
   */
  async similarTo(film: SeriesFilm & Pick<CorpusMovie, 'id' | 'plot' | 'genres'>, count: number): Promise<CorpusMovie[]> {
    const excluded = new Set([film.id, ...this.seriesOf(film).map((movie) => movie.id)]);
    const { hits } = await this.search(film.plot || film.title, { k: SIMILAR_POOL, excludeIds: excluded });
    const key = this.keyOf(film);
    const nearest: CorpusMovie[] = [];
    for (const hit of key === null ? [] : this.index.passages.nearest(this.index.passages.filmVector(key), SIMILAR_PASSAGES)) {
      const movie = this.index.movie(hit.film);
      if (!excluded.has(movie.id) && !nearest.some((other) => other.id === movie.id)) nearest.push(movie);
      if (nearest.length === SIMILAR_POOL) break;
    }
    const scores = new Map<string, { movie: CorpusMovie; score: number }>();
    const credit = (movie: CorpusMovie, rank: number) => {
      const entry = scores.get(movie.id) ?? { movie, score: SIMILAR_GENRE_WEIGHT * sharedGenres(film.genres, movie.genres) };
      scores.set(movie.id, { ...entry, score: entry.score + 1 / (SIMILAR_RRF_K + rank) });
    };
    hits.forEach((hit, rank) => credit(hit.movie, rank));
    nearest.forEach(credit);
    return [...scores.values()].sort((a, b) => b.score - a.score || a.movie.id.localeCompare(b.movie.id)).slice(0, count).map((entry) => entry.movie);
  }

  /** The key of a film of the collection, found through the words of its title; null when it is not there. */
  private keyOf(film: { id: string; title: string }): number | null {
    return this.keysHolding(tokenize(film.title), TITLE).find((key) => this.index.movie(key).id === film.id) ?? null;
  }

  /** The films of the collection `person` directed, oldest first (read through the people field of the lexical index). */
  directedBy(person: string): CorpusMovie[] {
    return this.filmsHolding(tokenize(person), PEOPLE)
      .filter((movie) => creditsName(movie.directors, person))
      .sort((a, b) => a.year - b.year);
  }

  /** The films whose titles hold the first term of a name: every film the name can be the title or series of. */
  private filmsTitled(name: string[]): CorpusMovie[] {
    return this.filmsHolding(tokenize(name.join(' ')).slice(0, 1), TITLE);
  }

  /** The records of the films holding any of `terms` in field `field` of the lexical index. */
  private filmsHolding(terms: string[], field: number): CorpusMovie[] {
    return this.keysHolding(terms, field).map((key) => this.index.movie(key));
  }

  /** The keys of the films holding any of `terms` in field `field` of the lexical index. */
  private keysHolding(terms: string[], field: number): number[] {
    if (terms.length === 0) return [];
    const { keys, fieldScores } = this.index.lexical.score(terms, this.scorer.model.bm25f);
    return keys.filter((key) => fieldScores[field]![key]! > 0);
  }

  /** The years the corpus's films came out in, from the earliest to the latest (read once). */
  get yearsHeld(): YearRange {
    this.held ??= this.index.films.yearSpan();
    return this.held;
  }

  /** Whether no film of the corpus came out when the description says ("a 2024 film" in a corpus ending in 2023). */
  eraBeyondCorpus(era: YearRange | null): boolean {
    return era !== null && this.index.size > 0 && (era.from > this.yearsHeld.to || era.to < this.yearsHeld.from);
  }

  /** Whether a text says when the film came out ("an 80s film", "old black and white"). */
  saysWhen(text: string): boolean {
    return analyseQuery(text).era !== null;
  }

  /** Whether a text gives search anything to go on: a word the corpus holds (or a synonym or near spelling of one), or a hint. */
  informative(text: string): boolean {
    const analysis = analyseQuery(text);
    if (hasHint(analysis)) return true;
    const held = (term: string) => this.index.lexical.documentFrequency(term) > 0;
    const alternativesOf = this.alternativesIn(text);
    return analysis.terms.some((term) => held(term) || alternativesOf(term).some(held));
  }

  /** Other forms a film may hold a text's terms in: their synonyms, and for a word no film holds, the word probably meant. */
  private alternativesIn(text: string): (term: string) => readonly string[] {
    const corrections = spellingCorrections(text, (term) => this.index.lexical.documentFrequency(term));
    return (term) => {
      const meant = corrections.get(term);
      return meant === undefined ? THESAURUS.alternativesOf(term) : [...THESAURUS.alternativesOf(term), meant];
    };
  }

  /**
   * Whether a film's title (or another name it is known by) has exactly these terms, or has
   * them but for the names of people the film credits: "spirited away miyazaki" names Spirited
   * Away as surely as its title alone, and not My Neighbor Totoro, which credits Miyazaki too.
   */
  private titleIs(key: number, terms: string[]): boolean {
    const movie = this.index.movie(key);
    const names = namesOf(movie).map((name) => tokenize(name).filter((term) => !isYear(term)));
    const isName = (said: string[]) => names.some((own) => own.length === said.length && own.every((term, i) => term === said[i]));
    if (isName(terms)) return true;
    const credited = creditTerms(movie);
    const uncredited = terms.filter((term) => !credited.has(term));
    return uncredited.length < terms.length && isName(uncredited);
  }

  /**
   * A film the description rules out by its title ("not the godfather, the other coppola war
   * film") leaves the race like a rejected one, and its words leave the description: what is
   * left says what the film is. A person ruled out leaves the description. A clause that names
   * neither stays as it was.
   */
  private withoutRuledOut(query: string, excluded: CandidateOptions['excluded']): { query: string; excluded: CandidateOptions['excluded'] } {
    const ruledOut = new Set<number>();
    let kept = query;
    for (const span of ruledOutSpans(query).reverse()) {
      const lexical = this.index.lexical.score(span.terms, this.scorer.model.bm25f);
      const titled = lexical.keys.filter((key) => lexical.fieldScores[TITLE]![key]! > 0 && this.titleIs(key, span.terms));
      // "not tom hanks, it was tom cruise": a name ruled out leaves the description, its films stay.
      const named = lexical.queryIdf > 0 && lexical.queryNameIdf >= NAMED_SHARE * lexical.queryIdf;
      if (titled.length === 0 && !named) continue;
      titled.forEach((key) => ruledOut.add(key));
      kept = `${kept.slice(0, span.start)}${kept.slice(span.end)}`;
    }
    // "Not Without My Daughter" is a title, not a film ruled out: nothing would be left.
    if (kept === query || titleWords(kept).length === 0) return { query, excluded };
    return {
      query: kept,
      excluded: { count: (excluded?.count ?? 0) + ruledOut.size, has: (key) => ruledOut.has(key) || (excluded?.has(key) ?? false) },
    };
  }

  /**
   * Whether the film credits someone the description names and holds none of its other words,
   * nor their synonyms: "keanu reeves dog revenge" and The Matrix. Search only knows what the
   * film's text says, so this is the plain truth about the match, not proof it is wrong.
   */
  private namedOnly(key: number, movie: CorpusMovie, analysis: QueryAnalysis, namesSaid: string[]): boolean {
    if (!namesSaid.some((name) => creditsName(peopleOf(movie), name))) return false;
    const nameTerms = new Set(tokenize(namesSaid.join(' ')));
    // "tom hanks in the 90s": the words that say when tell no story for the film to lack.
    const storyTerms = analysis.terms.filter((term) => !nameTerms.has(term) && !eraOf(term));
    if (storyTerms.length === 0) return false;
    return this.index.lexical.score(storyTerms, this.scorer.model.bm25f, this.alternativesIn(analysis.text)).matchedIdf[key]! === 0;
  }

  /** Whether a film's id is in `ids`, each film's record read once per search. */
  private idIn(ids: ReadonlySet<string>): (key: number) => boolean {
    const seen = new Map<number, boolean>();
    return (key) => seen.get(key) ?? seen.set(key, ids.has(this.index.movie(key).id)).get(key)!;
  }

  /** Stages 1 and 2: analysis and the evidenced short list (also used to train the scorer). */
  async candidates(said: string, { hints, background, excluded: rejected }: CandidateOptions = {}): Promise<CandidateList> {
    const { query, excluded } = this.withoutRuledOut(said, rejected);
    const analysis = background ? withBackground(analyseQuery(query, hints), analyseQuery(background)) : analyseQuery(query, hints);
    // The embedder reads the start of a text most: the query first.
    const told = background ? `${query}. ${background}` : query;
    // The query is embedded on its own thread while its words are scored here.
    const embedding = this.embedder.embedQuery(told);
    const namePairs = analysis.namePairs.filter((pair) => this.index.lexical.documentFrequency(pair) > 0);
    const lexical = this.index.lexical.score([...analysis.terms, ...analysis.phrases, ...namePairs], this.scorer.model.bm25f, this.alternativesIn(told));
    // Excluded films leave before ranking: the film behind a rejected one is then first, as it
    // would be in a corpus without it (and as the scorer was trained).
    const kept = (key: number) => !excluded?.has(key);
    const lexicalRanking = topKeys(lexical.keys, lexical.total, RANK_DEPTH + (excluded?.count ?? 0)).filter(kept).slice(0, RANK_DEPTH);
    const vector = await embedding;
    const denseRanking: number[] = [];
    for (const hit of this.index.passages.nearest(vector, PASSAGE_DEPTH)) if (!denseRanking.includes(hit.film) && kept(hit.film)) denseRanking.push(hit.film);

    const fused = new Map<number, number>();
    lexicalRanking.forEach((key, rank) => fused.set(key, 1 / (RRF_K + rank)));
    denseRanking.forEach((key, rank) => fused.set(key, (fused.get(key) ?? 0) + 1 / (RRF_K + rank)));
    const shortList = [...fused].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, SHORT_LIST).map(([key]) => key);
    // "nah, it was with bruce willis": people named in a refinement correct those named before.
    const namesNow = background ? namesSaidIn(query, lexical.nameTerms) : [];
    const namesSaid = namesNow.length ? namesNow : namesSaidIn(told, lexical.nameTerms);
    const namedFilm = namesSaid.length ? bestNamedFilm(lexicalRanking, lexical.matchedNameIdf) : undefined;
    // The best film of the people named is scored even when the rest of the words found others
    // (search may offer it: namedFilmBeyond); so is the one of their films holding most of the
    // rest, which the films whose text also names them can push out of the ranking ("bruce
    // willis was a ghost all along": a hundred leads say "starring Bruce Willis").
    const storyOfNamed = namesSaid.length ? namedFilmTellingMost(lexical) : undefined;
    for (const key of [namedFilm, storyOfNamed]) if (key !== undefined && kept(key) && !shortList.includes(key)) shortList.push(key);

    const lexicalRank = new Map(lexicalRanking.map((key, rank) => [key, rank]));
    const denseRank = new Map(denseRanking.map((key, rank) => [key, rank]));
    const ceiling = lexical.perfect || 1;
    const candidates = shortList.map(
      (key): CandidateEvidence => ({
        key,
        facts: this.index.films.facts(key),
        lexical: lexical.total[key]! / ceiling,
        fields: FIELDS.map((_, f) => lexical.fieldScores[f]![key]! / ceiling),
        coverage: lexical.queryIdf ? lexical.matchedIdf[key]! / lexical.queryIdf : 0,
        rareCoverage: lexical.queryRareIdf ? lexical.matchedRareIdf[key]! / lexical.queryRareIdf : 0,
        namesMissing: lexical.queryIdf ? (lexical.queryNameIdf - lexical.matchedNameIdf[key]!) / lexical.queryIdf : 0,
        // Only a film matched in its title can have the title said; the rest need no record read.
        titleSaid: analysis.titleTerms !== null && lexical.fieldScores[TITLE]![key]! > 0 && this.titleIs(key, analysis.titleTerms),
        lexicalRank: lexicalRank.get(key) ?? null,
        passageSimilarities: this.index.passages.filmSimilarities(vector, key),
        denseRank: denseRank.get(key) ?? null,
      }),
    );
    const bestSimilarity = Math.max(0, ...candidates.map((c) => Math.max(0, ...c.passageSimilarities)));
    return { context: { query: analysis, bestSimilarity, corpusSize: this.index.size }, candidates, namesSaid };
  }
}

/** The films of `films` in `film`'s series but itself, oldest first. */
const seriesAmong = (film: SeriesFilm & { id: string }, films: CorpusMovie[]) =>
  films.filter((movie) => movie.id !== film.id && sameSeries(film, movie)).sort((a, b) => a.year - b.year);

/**
 * Of the films holding the most of the names said (as bestNamedFilm), the one holding the most
 * of the description's other words (by their idf), if any holds some.
 */
export function namedFilmTellingMost({ keys, matchedWordIdf, matchedNameIdf }: LexicalScores): number | undefined {
  const names = mostNamesHeld(keys, matchedNameIdf);
  if (names === 0) return undefined;
  let best: number | undefined;
  let most = 0;
  for (const key of keys) {
    // Single words only: "bruce_willis" is a pair of names, not the story.
    const story = matchedWordIdf[key]! - matchedNameIdf[key]!;
    if (matchedNameIdf[key] === names && story > most) [best, most] = [key, story];
  }
  return best;
}

/** The first film of a lexical ranking holding the most of the names said (in credits or a story's names), if any holds one. */
function bestNamedFilm(ranking: readonly number[], matchedNameIdf: Float32Array): number | undefined {
  const most = mostNamesHeld(ranking, matchedNameIdf);
  return most > 0 ? ranking.find((key) => matchedNameIdf[key] === most) : undefined;
}

/** The most of the names said that any of `keys` holds (the idf of their words), 0 when none holds one. */
function mostNamesHeld(keys: readonly number[], matchedNameIdf: Float32Array): number {
  let most = 0;
  for (const key of keys) most = Math.max(most, matchedNameIdf[key]!);
  return most;
}

/** The index terms of the people a film credits. */
const creditTerms = (movie: CorpusMovie) => new Set(peopleOf(movie).flatMap(tokenize));

/** The people a film credits: cast and directors. */
const peopleOf = (movie: CorpusMovie) => [...movie.cast, ...movie.directors];

/**
 * The runs of two words or more of `text` whose terms are among `nameTerms`, capitalised; both
 * words of a name pair count ("will smith": will_smith). A name term is a term the corpus holds
 * mostly in credits, and a single word often only looks like one ("crows" meets Russell Crowe,
 * "moors" a Moors in a cast): people are told apart by a first name and a surname.
 */
function namesSaidIn(text: string, nameTerms: readonly string[]): string[] {
  const names = new Set(nameTerms);
  const said = words(text);
  // "The Kid Mero" and "The Rock" make "the kid" and "the rock" names in credits, but said in a
  // description they are nearly always the words they look like.
  const pairedName = (i: number) => i >= 0 && i + 1 < said.length && !ARTICLES.has(said[i]!) && names.has(`${said[i]}_${stem(said[i + 1]!)}`);
  const isName = (word: string, i: number) => names.has(termOf(word) ?? '') || pairedName(i) || pairedName(i - 1);
  const capitalised = (word: string) => word[0]!.toUpperCase() + word.slice(1);
  const found = new Set<string>();
  let run: string[] = [];
  said.forEach((word, i) => {
    if (isName(word, i)) run.push(capitalised(word));
    if (run.length && (!isName(word, i) || i === said.length - 1)) {
      if (run.length >= 2) found.add(run.join(' '));
      run = [];
    }
  });
  return [...found];
}

/**
 * A refinement's analysis with the earlier description behind it: the refinement's terms
 * count twice, the background's once; its era wins, genres and origins add up.
 */
function withBackground(now: QueryAnalysis, before: QueryAnalysis): QueryAnalysis {
  return {
    text: `${now.text}. ${before.text}`,
    terms: [...now.terms, ...now.terms, ...before.terms],
    titleTerms: now.titleTerms,
    phrases: [...now.phrases, ...before.phrases],
    namePairs: [...now.namePairs, ...before.namePairs],
    era: now.era ?? before.era,
    genres: (now.genres | before.genres) >>> 0,
    countries: [...new Set([...now.countries, ...before.countries])],
  };
}
