import { describe, expect, test } from 'bun:test';
import { confidenceOf, validateCandidates } from '../../src/catalog/candidates.ts';
import type { CatalogTitle } from '../../src/catalog/catalog.ts';
import type { EnrichedHit } from '../../src/catalog/enrichment.ts';
import { catalogMatch, normaliseTitle, pickMatch, titleSimilarity, yearAgreement } from '../../src/catalog/matching.ts';
import type { CorpusMovie } from '../../src/search/corpus.ts';

const movie = (title: string, year: number, id = `${title}-${year}`): CorpusMovie => ({
  id, title, aliases: [], year, directors: ['D'], genres: ['Drama'], cast: ['C'], runtimeMinutes: 100, plot: 'p', countries: [], languages: [], votes: null,
});
const catalog = (id: string, title: string, year: number): CatalogTitle => ({
  id, title, originalTitle: null, year, rating: 7, plot: 'c', genres: [], directors: [], stars: [], posterUrl: null, runtimeMinutes: null,
});
const hit = (m: CorpusMovie, relevance: number, c: CatalogTitle | null, match: number): EnrichedHit => ({
  movie: m, relevance, catalog: c, catalogMatch: match,
});

describe('matching', () => {
  test('normalises titles', () => {
    expect(normaliseTitle('The Lord of the Rings: The Return of the King')).toBe('lord of the rings the return of the king');
    expect(normaliseTitle('Amélie & Co.')).toBe('amelie and co');
  });

  test('title similarity: 1 for the same title, high for small differences, low for others', () => {
    expect(titleSimilarity('The Matrix', 'Matrix')).toBe(1);
    expect(titleSimilarity('Se7en', 'Seven')).toBeGreaterThan(0.4);
    expect(titleSimilarity('Alien', 'Aliens')).toBeGreaterThan(0.85);
    expect(titleSimilarity('Jaws', 'Casablanca')).toBeLessThan(0.2);
  });

  test('year agreement falls off with distance', () => {
    expect([0, 1, 2, 3].map((d) => yearAgreement(2000, 2000 + d))).toEqual([1, 0.7, 0.3, 0]);
    expect(yearAgreement(null, 2000)).toBe(0.5);
  });

  test('a remake with the same title is not a match; the original is', () => {
    const film = { title: 'King Kong', aliases: [], year: 1933 };
    expect(catalogMatch(film, { title: 'King Kong', originalTitle: null, year: 1933 })).toBe(1);
    expect(pickMatch(film, [{ title: 'King Kong', originalTitle: null, year: 2005 }])).toBeNull();
    expect(pickMatch(film, [{ title: 'King Kong', originalTitle: null, year: 2005 }, { title: 'King Kong', originalTitle: null, year: 1933 }])?.candidate.year).toBe(1933);
  });

  test('an alias matches the catalog original title', () => {
    expect(catalogMatch({ title: 'Parasite', aliases: ['Gisaengchung'], year: 2019 }, { title: 'Gisaengchung', originalTitle: null, year: 2019 })).toBe(1);
  });
});

describe('confidence', () => {
  test('is 0.4 × the search relevance + 0.6 × catalog match, in [0, 1]', () => {
    expect(confidenceOf({ relevance: 1, catalogMatch: 1 })).toBe(1);
    expect(confidenceOf({ relevance: 0.5, catalogMatch: 1 })).toBe(0.8);
    expect(confidenceOf({ relevance: 0.5, catalogMatch: 0 })).toBe(0.2);
    expect(confidenceOf({ relevance: 0, catalogMatch: 0 })).toBe(0);
  });
});

describe('validateCandidates', () => {
  test("keeps the search's order, drops duplicates by catalog id and by title + year, and drops the weak", () => {
    const candidates = validateCandidates(
      [
        hit(movie('Jaws', 1975), 0.6, catalog('tt2', 'Jaws', 1975), 1),
        hit(movie('Heat', 1995), 0.3, catalog('tt1', 'Heat', 1995), 1),
        hit(movie('Obscure', 1990), 0.3, null, 0),
        hit(movie('Heat (director’s cut)', 1995, 'x'), 0.2, catalog('tt1', 'Heat', 1995), 0.8),
        hit(movie('Jaws', 1975, 'jaws-again'), 0.1, null, 0),
      ],
      { minConfidence: 0.35 },
    );
    expect(candidates.map((c) => c.rag_title)).toEqual(['Jaws', 'Heat']);
    expect(candidates[0]!.confidence).toBeGreaterThan(candidates[1]!.confidence);
    expect(candidates[0]).toMatchObject({ catalog_id: 'tt2', catalog_title: 'Jaws', rag_year: 1975, rag_director: 'D' });
  });

  test('a film the catalog does not hold keeps its rank above one it holds that the search found less likely, however weak; a weak one below every film kept is dropped', () => {
    const kept = validateCandidates(
      [
        hit(movie('Heat', 1995), 0.4, null, 0),
        hit(movie('Jaws', 1975), 0.04, null, 0),
        hit(movie('Alien', 1979), 0.01, catalog('tt3', 'Alien', 1979), 1),
        hit(movie('Obscure', 1990), 0.03, null, 0),
      ],
      { minConfidence: 0.02 },
    );
    expect(kept.map((c) => c.rag_title)).toEqual(['Heat', 'Jaws', 'Alien']);
    expect(kept[1]!.confidence).toBeLessThan(0.02);
    expect(kept[2]!.confidence).toBeGreaterThan(kept[0]!.confidence);
  });

  test('a candidate without catalog data has null scalars and empty lists', () => {
    const [only] = validateCandidates([hit(movie('Obscure', 1990), 0.8, null, 0)], { minConfidence: 0 });
    expect(only).toMatchObject({ catalog_id: null, catalog_title: null, catalog_rating: null, catalog_genres: [], catalog_poster_url: null });
  });
});
