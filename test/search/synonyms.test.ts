import { describe, expect, test } from 'bun:test';
import { THESAURUS, Thesaurus } from '../../src/search/synonyms.ts';
import { stem, tokenize } from '../../src/search/tokens.ts';

describe('Thesaurus', () => {
  test('gives the other words of a group, as index terms (stems)', () => {
    const thesaurus = new Thesaurus(['spaceship spacecraft starships\nmum mother']);
    expect(thesaurus.alternativesOf(stem('spaceship'))).toEqual([stem('spacecraft'), stem('starships')]);
    expect(thesaurus.alternativesOf(stem('mothers'))).toEqual([stem('mum')]);
    expect(thesaurus.alternativesOf(stem('rocket'))).toEqual([]);
  });

  test('ignores function words and one-word groups', () => {
    const thesaurus = new Thesaurus(['the kid child', 'alone']);
    expect(thesaurus.alternativesOf('the')).toEqual([]);
    expect(thesaurus.alternativesOf(stem('alone'))).toEqual([]);
    expect(thesaurus.alternativesOf(stem('kid'))).toEqual([stem('child')]);
  });

  test("a word in two groups has the words of both; a longer word's group does not speak for its stem", () => {
    const thesaurus = new Thesaurus(['lovely charming', 'love romance', 'kid child', 'kid goat', 'bored boredom', 'boring dull']);
    expect(stem('lovely')).toBe(stem('love'));
    expect(thesaurus.alternativesOf(stem('love'))).toEqual([stem('romance')]);
    expect(thesaurus.alternativesOf(stem('charming'))).toEqual([stem('love')]);
    expect(thesaurus.alternativesOf(stem('kid'))).toEqual([stem('child'), stem('goat')]);
    // No group holds "bor" as written: every group of a word that shrinks to it counts.
    expect(thesaurus.alternativesOf(stem('bored'))).toEqual([stem('boredom'), stem('dull')]);
  });

  test("the team's lists: story words a description and a plot say differently", () => {
    expect(THESAURUS.size).toBeGreaterThan(3000);
    expect(THESAURUS.alternativesOf(stem('spaceship'))).toContain(stem('spacecraft'));
    expect(THESAURUS.alternativesOf(stem('cop'))).toContain(stem('policeman'));
    expect(THESAURUS.alternativesOf(stem('shrink'))).toContain(stem('shrunk'));
    expect(THESAURUS.alternativesOf(stem('woman'))).toEqual([stem('women')]);
    expect(THESAURUS.alternativesOf(stem('friend'))).toContain(stem('buddy'));
    // A decade said three ways: a plot's "the 1950s", a person's "50s" or "fifties".
    expect(THESAURUS.alternativesOf(tokenize("50's")[0]!)).toEqual(tokenize('1950s fifties'));
    // A number spelt or in digits, as titles write either: "three idiots" for 3 Idiots.
    expect(THESAURUS.alternativesOf(tokenize('three')[0]!)).toEqual(['3']);
    expect(THESAURUS.alternativesOf('12')).toEqual(tokenize('twelve'));
  });
});
