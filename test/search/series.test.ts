// Which films are of one series, read from titles and credits.
import { describe, expect, test } from 'bun:test';
import { sameSeries, type SeriesFilm, seriesName } from '../../src/search/series.ts';

const film = (title: string, ...people: string[]): SeriesFilm => ({ title, directors: people.slice(0, 1), cast: people.slice(1) });

describe('series', () => {
  test('a main name is the title before its subtitle, without an article or a number', () => {
    expect(seriesName('Star Wars: Episode V - The Empire Strikes Back')).toEqual(['star', 'wars']);
    expect(seriesName('The Godfather Part II')).toEqual(['godfather']);
    expect(seriesName('Toy Story 3')).toEqual(['toy', 'story']);
    expect(seriesName('Kill Bill: Vol. 2')).toEqual(['kill', 'bill']);
    expect(seriesName('2001: A Space Odyssey')).toEqual(['2001']);
  });

  test('films whose names are the same or open with two words of substance, sharing someone, are of one series', () => {
    expect(sameSeries(film('Toy Story', 'John Lasseter', 'Tom Hanks'), film('Toy Story 4', 'Josh Cooley', 'Tom Hanks'))).toBe(true);
    expect(sameSeries(film('Alien', 'Ridley Scott', 'Sigourney Weaver'), film('Aliens', 'James Cameron', 'Sigourney Weaver'))).toBe(true);
    expect(sameSeries(film('Harry Potter and the Goblet of Fire', 'Mike Newell', 'Daniel Radcliffe'), film('Harry Potter and the Half-Blood Prince', 'David Yates', 'Daniel Radcliffe'))).toBe(true);
    expect(sameSeries(film('The Dark Knight', 'Christopher Nolan'), film('The Dark Knight Rises', 'Christopher Nolan'))).toBe(true);
  });

  test('a title alike is not enough: no one in common, one word in common, or the same film twice', () => {
    expect(sameSeries(film('Crash', 'David Cronenberg', 'James Spader'), film('Crash', 'Paul Haggis', 'Sandra Bullock'))).toBe(false);
    expect(sameSeries(film('Catch-22', 'Mike Nichols', 'Martin Sheen'), film('Catch Me If You Can', 'Steven Spielberg', 'Martin Sheen'))).toBe(false);
    expect(sameSeries(film('In the Mood for Love', 'Wong Kar-wai', 'Tony Leung'), film('In the Line of Fire', 'Wolfgang Petersen', 'Tony Leung'))).toBe(false);
    expect(sameSeries(film('Monsters, Inc.', 'Pete Docter'), film('Monsters, Inc. 3D', 'Pete Docter'))).toBe(false);
    expect(sameSeries(film('The Good, the Bad and the Ugly', 'Sergio Leone'), film('The Good, the Bad and the Ugly', 'Sergio Leone'))).toBe(false);
  });
});
