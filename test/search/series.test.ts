// Which films are of one series, read from titles and credits.
import { describe, expect, test } from 'bun:test';
import { filmAtPlace, placedBeside, sameSeries, type SeriesFilm, seriesName, seriesReferenceIn } from '../../src/search/series.ts';

const film = (title: string, ...people: string[]): SeriesFilm => ({ title, directors: people.slice(0, 1), cast: people.slice(1) });

describe('series', () => {
  test('a main name is the title before its subtitle, without an article or a number', () => {
    expect(seriesName('Star Wars: Episode V - The Empire Strikes Back')).toEqual(['star', 'wars']);
    expect(seriesName('The Godfather Part II')).toEqual(['godfather']);
    expect(seriesName('Toy Story 3')).toEqual(['toy', 'story']);
    expect(seriesName('Kill Bill: Vol. 2')).toEqual(['kill', 'bill']);
    expect(seriesName('2001: A Space Odyssey')).toEqual(['2001']);
    // "3-D" numbers the third Jaws; "3D" alone is a release of a film.
    expect(seriesName('Jaws 3-D')).toEqual(['jaws']);
    expect(seriesName('Monsters, Inc. 3D')).toEqual(['monsters', 'inc']);
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

  test('a description that places a film in its series is read as the place and the name', () => {
    expect(seriesReferenceIn('the sequel to Alien')).toEqual({ place: { kind: 'after' }, name: ['alien'] });
    expect(seriesReferenceIn('the one after the dark knight')).toEqual({ place: { kind: 'after' }, name: ['dark', 'knight'] });
    expect(seriesReferenceIn('toy story sequel')).toEqual({ place: { kind: 'after' }, name: ['toy', 'story'] });
    expect(seriesReferenceIn('the prequel to the godfather part II')).toEqual({ place: { kind: 'before' }, name: ['godfather', 'part', '2'] });
    expect(seriesReferenceIn('the second toy story')).toEqual({ place: { kind: 'at', index: 1 }, name: ['toy', 'story'] });
    expect(seriesReferenceIn('the last lord of the rings movie')).toEqual({ place: { kind: 'last' }, name: ['lord', 'of', 'the', 'rings'] });
    expect(seriesReferenceIn('a shark eats swimmers at a beach')).toBeNull();
    expect(seriesReferenceIn('the second one')).toBeNull();
  });

  test('the film at a place: the first is the oldest, another place the film numbered so, after and before by year from the film named', () => {
    const godfathers = [{ title: 'The Godfather', year: 1972 }, { title: 'The Godfather: Part II', year: 1974 }, { title: 'The Godfather: Part III', year: 1990 }];
    expect(filmAtPlace({ kind: 'at', index: 0 }, godfathers, ['godfather'])?.year).toBe(1972);
    expect(filmAtPlace({ kind: 'at', index: 2 }, godfathers, ['godfather'])?.year).toBe(1990);
    expect(filmAtPlace({ kind: 'last' }, godfathers, ['godfather'])?.year).toBe(1990);
    expect(filmAtPlace({ kind: 'after' }, godfathers, ['godfather'])?.year).toBe(1974);
    expect(filmAtPlace({ kind: 'before' }, godfathers, ['godfather', 'part', '2'])?.year).toBe(1972);
    // A collection may lack a film of the series: no title numbers the third Harry Potter.
    const potters = [{ title: "Harry Potter and the Sorcerer's Stone", year: 2001 }, { title: 'Harry Potter and the Prisoner of Azkaban', year: 2004 }, { title: 'Harry Potter and the Goblet of Fire', year: 2005 }];
    expect(filmAtPlace({ kind: 'at', index: 2 }, potters, ['harry', 'potter'])).toBeUndefined();
  });

  test('a reply placing the film beside one shown asks for its sequel or prequel; anything else is no such reply', () => {
    expect(placedBeside('no, the sequel', 'Alien')).toBe('the sequel to Alien');
    expect(placedBeside("it's the one after that", 'Alien')).toBe('the sequel to Alien');
    expect(placedBeside('the prequel to it', 'The Godfather: Part II')).toBe('the prequel to The Godfather: Part II');
    expect(placedBeside('no, it was set after the war', 'Alien')).toBeNull();
    expect(placedBeside('the sequel was better', 'Alien')).toBeNull();
  });
});
