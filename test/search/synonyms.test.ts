import { describe, expect, test } from 'bun:test';
import { THESAURUS, Thesaurus } from '../../src/search/synonyms.ts';
import { stem } from '../../src/search/tokens.ts';

describe('Thesaurus', () => {
  test('gives the other words of a group, as index terms (stems)', () => {
    const thesaurus = new Thesaurus(['spaceship spacecraft starships\nmum mother']);
    expect(thesaurus.alternativesOf(stem('spaceship'))).toEqual([stem('spacecraft'), stem('starships')]);
    expect(thesaurus.alternativesOf(stem('mothers'))).toEqual([stem('mum')]);
    expect(thesaurus.alternativesOf(stem('rocket'))).toEqual([]);
  });

  test('ignores function words and one-word groups; a word in two groups keeps its first', () => {
    const thesaurus = new Thesaurus(['the kid child', 'alone', 'kid goat']);
    expect(thesaurus.alternativesOf('the')).toEqual([]);
    expect(thesaurus.alternativesOf(stem('alone'))).toEqual([]);
    expect(thesaurus.alternativesOf(stem('kid'))).toEqual([stem('child')]);
    expect(thesaurus.alternativesOf(stem('goat'))).toEqual([stem('kid')]);
  });

  test("the team's lists: story words a description and a plot say differently", () => {
    expect(THESAURUS.size).toBeGreaterThan(3000);
    expect(THESAURUS.alternativesOf(stem('spaceship'))).toContain(stem('spacecraft'));
    expect(THESAURUS.alternativesOf(stem('cop'))).toContain(stem('policeman'));
    expect(THESAURUS.alternativesOf(stem('shrink'))).toContain(stem('shrunk'));
  });
});
