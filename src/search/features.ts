// Every signal the ranker weighs, listed in one place. Each feature is a number computed from
// the evidence gathered for one (description, film) pair; the scorer (scorer.ts) combines them
// with weights learned from synthetic queries (scripts/train-ranker.ts), so adding a feature
// here and retraining is all a new signal takes.
import { fieldIndex } from './film-fields.ts';
import type { FilmFacts } from './film-table.ts';
import { genreBit, genreCount } from './genres.ts';
import { ORIGINS } from './origins.ts';
import type { QueryAnalysis } from './query-analysis.ts';

/** What search found out about one candidate film. */
export interface CandidateEvidence {
  key: number;
  facts: FilmFacts;
  /** BM25F over the query's BM25F ceiling. */
  lexical: number;
  /** Per field BM25 over the same ceiling, in FIELDS order. */
  fields: number[];
  /** Share of the query's idf mass the film holds in any field. */
  coverage: number;
  /** Share of the idf mass of the query's rare words (not pairs) the film holds (0 when the query has none). */
  rareCoverage: number;
  /** Share of the query's idf mass in names (of people, of characters) the film does not credit. */
  namesMissing: number;
  /** Whether the description is the film's title, as a whole (QueryAnalysis.titleTerms). */
  titleSaid: boolean;
  /** 0-based rank in the lexical ranking, or null when the film holds no query term. */
  lexicalRank: number | null;
  /** Cosine of the query with each of the film's passages. */
  passageSimilarities: number[];
  /** 0-based rank of the film's best passage among the passages nearest the query, or null. */
  denseRank: number | null;
}

export interface FeatureContext {
  query: QueryAnalysis;
  /** The best passage similarity over all candidates of this query. */
  bestSimilarity: number;
  /** Films in the corpus: in a larger one, a partial match is more often another film. */
  corpusSize: number;
}

export interface Feature {
  name: string;
  /**
   * Which way the evidence may push: +1 may only raise a film, -1 only lower it, 0 either.
   * Training keeps the learned weight on that side, so a signal that is evidence for a film
   * stays evidence whatever quirks the synthetic queries have.
   */
  sign: 1 | -1 | 0;
  value(candidate: CandidateEvidence, context: FeatureContext): number;
}

/** Temperature of the soft maximum over a film's passages. */
const SOFT_MAX_TEMPERATURE = 0.05;
/** Ranks beyond this count as "not found" by that retriever. */
export const RANK_DEPTH = 100;
const rankFeature = (rank: number | null) => 1 - Math.log1p(rank ?? RANK_DEPTH) / Math.log1p(RANK_DEPTH);
const max = (values: number[]) => (values.length ? Math.max(...values) : 0);
/** 0 for an empty description, 1 for one of 50 terms or more. */
const queryLengthOf = (query: QueryAnalysis) => Math.min(1, Math.log1p(query.terms.length) / Math.log1p(50));

function softMax(similarities: number[]): number {
  if (similarities.length === 0) return 0;
  const top = max(similarities);
  const sum = similarities.reduce((total, s) => total + Math.exp((s - top) / SOFT_MAX_TEMPERATURE), 0);
  return top + SOFT_MAX_TEMPERATURE * Math.log(sum / similarities.length);
}

/** Years between the film and the hinted era (0 inside it). */
function yearsOutside(year: number, query: QueryAnalysis): number {
  const era = query.era!;
  return year < era.from ? era.from - year : year > era.to ? year - era.to : 0;
}

const ANIMATION = genreBit('Animation');
const hintedGenres = (query: QueryAnalysis) => query.genres & ~ANIMATION;

/** Each language, and the origins (indexes into ORIGINS) whose films are mostly made in it. */
const SPEAKERS = new Map<string, number[]>();
ORIGINS.forEach((origin, i) => origin.languages.forEach((language) => SPEAKERS.set(language, [...(SPEAKERS.get(language) ?? []), i])));

/**
 * +1 when the film comes from a country the description names, -1 when its origin is known
 * and another, 0 when it cannot be told. A film's countries, when known, decide: its
 * languages list every language spoken in it ("Captain America: Civil War": English, German,
 * Russian), and English is the main language of films from eight of the countries people
 * name, so "a Nollywood comedy" must not agree with every English-language film. Without
 * countries, the film's main language tells only when no origin but those named speaks it.
 */
export function originAgreement(facts: FilmFacts, query: QueryAnalysis): number {
  if (query.countries.length === 0) return 0;
  if (facts.countries.length > 0) return facts.countries.some((country) => query.countries.includes(country)) ? 1 : -1;
  // A silent film's first "language" is Silent (corpus.ts); the language of its title cards follows.
  const main = facts.languages.find((language) => language !== 'Silent');
  if (main === undefined) return 0;
  const speakers = SPEAKERS.get(main) ?? [];
  if (speakers.length === 0) return -1;
  if (speakers.every((i) => query.countries.includes(i))) return 1;
  return speakers.some((i) => query.countries.includes(i)) ? 0 : -1;
}

const field = (name: Parameters<typeof fieldIndex>[0]) => {
  const f = fieldIndex(name);
  return (c: CandidateEvidence) => c.fields[f] ?? 0;
};

export const FEATURES: Feature[] = [
  // How well the film's words match the description.
  { name: 'bm25f', sign: 1, value: (c) => c.lexical },
  { name: 'plotMatch', sign: 1, value: field('plot') },
  { name: 'titleMatch', sign: 1, value: field('title') },
  { name: 'peopleMatch', sign: 1, value: field('people') },
  { name: 'genreWordMatch', sign: 1, value: field('genre') },
  { name: 'originWordMatch', sign: 1, value: field('origin') },
  { name: 'phraseMatch', sign: 1, value: field('phrase') },
  { name: 'coverage', sign: 1, value: (c) => c.coverage },
  { name: 'rareCoverage', sign: 1, value: (c) => c.rareCoverage },
  { name: 'namesMissing', sign: -1, value: (c) => c.namesMissing },
  // A description that is a title, whole, names the film: people do type the title they recall.
  { name: 'titleSaid', sign: 1, value: (c) => (c.titleSaid ? 1 : 0) },
  { name: 'titleOnly', sign: -1, value: (c) => (c.fields[fieldIndex('title')]! > 0 && c.fields[fieldIndex('plot')] === 0 ? 1 : 0) },
  { name: 'lexicalRank', sign: 1, value: (c) => rankFeature(c.lexicalRank) },
  // How close the film's story passages are to the description in meaning.
  { name: 'passageMax', sign: 1, value: (c) => max(c.passageSimilarities) },
  { name: 'passageSoftMax', sign: 1, value: (c) => softMax(c.passageSimilarities) },
  { name: 'passageMean', sign: 1, value: (c) => (c.passageSimilarities.length ? c.passageSimilarities.reduce((a, b) => a + b, 0) / c.passageSimilarities.length : 0) },
  { name: 'passageGapToBest', sign: 1, value: (c, { bestSimilarity }) => max(c.passageSimilarities) - bestSimilarity },
  { name: 'denseRank', sign: 1, value: (c) => rankFeature(c.denseRank) },
  { name: 'foundByBoth', sign: 1, value: (c) => (c.lexicalRank !== null && c.denseRank !== null ? 1 : 0) },
  // What the description constrains: soft, so a wrong memory lowers a film without removing it.
  { name: 'eraInside', sign: 1, value: (c, { query }) => (query.era && yearsOutside(c.facts.year, query) === 0 ? 1 : 0) },
  { name: 'eraDistance', sign: -1, value: (c, { query }) => (query.era ? Math.min(yearsOutside(c.facts.year, query), 30) / 10 : 0) },
  { name: 'animationAgrees', sign: 1, value: (c, { query }) => (query.genres & ANIMATION ? (c.facts.genres & ANIMATION ? 1 : -1) : 0) },
  { name: 'unaskedAnimation', sign: -1, value: (c, { query }) => (!(query.genres & ANIMATION) && c.facts.genres & ANIMATION ? 1 : 0) },
  {
    name: 'genreAgrees',
    sign: 1,
    value: (c, { query }) => (hintedGenres(query) ? genreCount(c.facts.genres & hintedGenres(query)) / genreCount(hintedGenres(query)) : 0),
  },
  { name: 'originAgrees', sign: 1, value: (c, { query }) => originAgreement(c.facts, query) },
  // A long description is precise: what its words match should count for more than fame.
  { name: 'lexicalRankLong', sign: 1, value: (c, { query }) => rankFeature(c.lexicalRank) * queryLengthOf(query) },
  { name: 'coverageLong', sign: 1, value: (c, { query }) => c.coverage * queryLengthOf(query) },
  { name: 'passageGapLong', sign: 1, value: (c, { query, bestSimilarity }) => (max(c.passageSimilarities) - bestSimilarity) * queryLengthOf(query) },
  // A short one is loose: its few words match many stories, and meaning counts for more.
  { name: 'passageGapShort', sign: 1, value: (c, { query, bestSimilarity }) => (max(c.passageSimilarities) - bestSimilarity) * (1 - queryLengthOf(query)) },
  { name: 'denseRankShort', sign: 1, value: (c, { query }) => rankFeature(c.denseRank) * (1 - queryLengthOf(query)) },
  // The same for every candidate of a query: they move all of them against "none of these".
  { name: 'queryLength', sign: 0, value: (_, { query }) => queryLengthOf(query) },
  { name: 'corpusSize', sign: 0, value: (_, { corpusSize }) => Math.log10(Math.max(1, corpusSize)) / 5 },
  // How well known the film is: people mostly half-remember famous films.
  { name: 'logVotes', sign: 0, value: (c) => (c.facts.votes === null ? 0 : Math.log10(1 + c.facts.votes) / 6) },
  { name: 'votesKnown', sign: 0, value: (c) => (c.facts.votes === null ? 0 : 1) },
  { name: 'leadLength', sign: 0, value: (c) => (c.facts.votes === null ? Math.log10(1 + c.facts.plotCharacters) / 3 : 0) },
  { name: 'castListed', sign: 0, value: (c) => (c.facts.votes === null ? Math.min(c.facts.castCount, 20) / 20 : 0) },
  // ...but the longer the description, the less fame should count: a precise description of an
  // obscure film must beat a famous film that shares a few of its words.
  { name: 'votesLong', sign: -1, value: (c, { query }) => (c.facts.votes === null ? 0 : Math.log10(1 + c.facts.votes) / 6) * queryLengthOf(query) },
  { name: 'leadLengthLong', sign: -1, value: (c, { query }) => (c.facts.votes === null ? Math.log10(1 + c.facts.plotCharacters) / 3 : 0) * queryLengthOf(query) },
];

export const FEATURE_NAMES = FEATURES.map((feature) => feature.name);

export function featureVector(candidate: CandidateEvidence, context: FeatureContext): Float64Array {
  return Float64Array.from(FEATURES, (feature) => feature.value(candidate, context));
}
