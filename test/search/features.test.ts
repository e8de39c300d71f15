// The features that read what a description says of a film's origin.
import { describe, expect, test } from 'bun:test';
import { originAgreement } from '../../src/search/features.ts';
import type { FilmFacts } from '../../src/search/film-table.ts';
import { ORIGINS } from '../../src/search/origins.ts';
import { analyseQuery } from '../../src/search/query-analysis.ts';

const origin = (country: string) => ORIGINS.findIndex((o) => o.country === country);
const film = (countries: string[], languages: string[]): FilmFacts => ({ year: 2000, votes: null, plotCharacters: 500, castCount: 3, genres: 0, countries: countries.map(origin), languages });
const agreement = (description: string, facts: FilmFacts) => originAgreement(facts, analyseQuery(description));

describe('originAgreement', () => {
  const marvel = film(['United States'], ['English', 'German', 'Russian']);

  test('a film whose countries are known agrees only with those countries', () => {
    // English is the language of Nollywood too, and German is spoken in some scenes: neither makes it Nigerian or German.
    expect(agreement('nollywood rom com at a huge lagos wedding', marvel)).toBe(-1);
    expect(agreement('an old german film about a superhero', marvel)).toBe(-1);
    expect(agreement('nollywood rom com at a huge lagos wedding', film(['Nigeria'], ['English']))).toBe(1);
    expect(agreement('a british spy comedy', film(['United Kingdom', 'United States'], ['English']))).toBe(1);
  });

  test('without countries, the main language tells only when no origin but those named speaks it', () => {
    expect(agreement('korean revenge thriller', film([], ['Korean']))).toBe(1);
    expect(agreement('british comedy about a wedding', film([], ['English']))).toBe(0);
    expect(agreement('korean revenge thriller', film([], ['English']))).toBe(-1);
    expect(agreement('swedish silent film about a ghost carriage', film([], ['Silent', 'Swedish']))).toBe(1);
  });

  test('says nothing when the description names no origin, or nothing is known of the film', () => {
    expect(agreement('a superhero fights his friends', marvel)).toBe(0);
    expect(agreement('korean revenge thriller', film([], []))).toBe(0);
  });
});
