import { afterAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { directorsFromExtract, readCorpusFile } from '../../src/search/corpus-formats.ts';
import { tempDirectory } from '../support/services.ts';

const dir = tempDirectory();
afterAll(() => dir.dispose());
const file = async (name: string, content: string) => {
  const path = join(dir.value, name);
  await Bun.write(path, content);
  return path;
};

describe('readCorpusFile', () => {
  test('project JSONL: good lines indexed, bad lines reported by line number', async () => {
    const good = { title: 'Jaws', year: 1975, directors: ['Steven Spielberg'], genres: ['Thriller'], cast: ['Roy Scheider'], plot: 'A shark.' };
    const path = await file('c.jsonl', [JSON.stringify(good), '{not json', '', JSON.stringify({ ...good, year: 'soon' }), JSON.stringify({ ...good, plot: '' }), '[1]'].join('\n'));
    const result = await readCorpusFile(path);
    expect(result.format).toBe('jsonl');
    expect(result.movies.map((m) => m.id)).toEqual(['jaws-1975']);
    expect(result.problems).toEqual([
      { line: 2, reason: 'not valid JSON' },
      { line: 4, reason: 'year soon is not a plausible release year' },
      { line: 5, reason: 'no plot text to search' },
      { line: 6, reason: 'not a JSON object' },
    ]);
  });

  test('project JSONL: a logline is kept when given, and an empty one is none', async () => {
    const good = { title: 'Jaws', year: 1975, directors: ['Steven Spielberg'], genres: ['Thriller'], cast: ['Roy Scheider'], plot: 'A shark.' };
    const path = await file('l.jsonl', [JSON.stringify({ ...good, logline: ' A shark terrorises a beach town. ' }), JSON.stringify({ ...good, year: 1976, logline: '' })].join('\n'));
    const [withLogline, without] = (await readCorpusFile(path)).movies;
    expect(withLogline!.logline).toBe('A shark terrorises a beach town.');
    expect(without).not.toHaveProperty('logline');
  });

  test('project JSONL: names a film is known by are kept when given, and an empty list is none', async () => {
    const good = { title: 'Aliens', year: 1986, directors: ['James Cameron'], genres: ['Action'], cast: ['Sigourney Weaver'], plot: 'Marines and aliens.' };
    const path = await file('k.jsonl', [JSON.stringify({ ...good, knownAs: ['Alien 2', 7, ' '] }), JSON.stringify({ ...good, year: 1987, knownAs: [] })].join('\n'));
    const [known, without] = (await readCorpusFile(path)).movies;
    expect(known!.knownAs).toEqual(['Alien 2']);
    expect(without).not.toHaveProperty('knownAs');
  });

  test('wikipedia-movie-data JSON: director from the lead, problems at the line the element starts', async () => {
    const films = [
      { title: 'Alpha', year: 1990, cast: ['A B'], genres: ['Drama'], extract: 'Alpha is a 1990 American film directed by Jane Doe and John Roe and written by X.' },
      { title: 'Beta', year: 1991, cast: [], genres: [] },
      'oops',
      { title: 'Alpha', year: 1990, cast: [], genres: [], extract: 'A second film of the same name.' },
    ];
    const result = await readCorpusFile(await file('w.json', JSON.stringify(films, null, 2)));
    expect(result.format).toBe('wikipedia-json');
    expect(result.movies.map((m) => m.id)).toEqual(['alpha-1990', 'alpha-1990-2']);
    expect(result.movies[0]!.directors).toEqual(['Jane Doe', 'John Roe']);
    expect(result.problems.map((p) => p.reason)).toEqual(['no plot text to search', 'not a JSON object']);
    const lines = JSON.stringify(films, null, 2).split('\n');
    expect(lines[result.problems[0]!.line - 1]!.trim()).toBe('{');
    expect(lines[result.problems[1]!.line - 1]!.trim()).toBe('"oops",');
  });

  test('IMDb CSV layout: quoted fields, a certificate in the year column reported with its line', async () => {
    const header = 'Poster_Link,Series_Title,Released_Year,Certificate,Runtime,Genre,IMDB_Rating,Overview,Meta_score,Director,Star1,Star2,Star3,Star4,No_of_Votes,Gross';
    const csv = [
      header,
      'x,Jaws,1975,A,124 min,"Adventure, Thriller",8,"A shark, a town.",87,Steven Spielberg,Roy Scheider,Robert Shaw,Richard Dreyfuss,Lorraine Gary,1,2',
      'x,"Multi ""line""",2001,A,90 min,Drama,7,"First line',
      'second line",1,Someone,A,B,C,D,1,2',
      'x,Apollo 13,PG,U,140 min,Drama,7.6,Houston.,77,Ron Howard,Tom Hanks,Bill Paxton,Kevin Bacon,Gary Sinise,1,2',
    ].join('\n');
    const result = await readCorpusFile(await file('i.csv', csv));
    expect(result.movies.map((m) => [m.title, m.year, m.runtimeMinutes])).toEqual([['Jaws', 1975, 124], ['Multi "line"', 2001, 90]]);
    expect(result.movies[0]!.genres).toEqual(['Adventure', 'Thriller']);
    expect(result.problems).toEqual([{ line: 5, reason: 'year missing is not a plausible release year' }]);
  });

  test('a CSV of another layout is refused with the missing columns', async () => {
    const result = await readCorpusFile(await file('o.csv', 'name,year\nJaws,1975\n'));
    expect(result.movies).toEqual([]);
    expect(result.problems[0]!.reason).toContain('missing columns');
  });
});

describe('directorsFromExtract', () => {
  test('reads one or more directors from a Wikipedia lead', () => {
    expect(directorsFromExtract('Heat is a 1995 crime film directed by Michael Mann.')).toEqual(['Michael Mann']);
    expect(directorsFromExtract('It was directed by Joel Coen, Ethan Coen and Someone Else, and stars X.')).toEqual(['Joel Coen', 'Ethan Coen', 'Someone Else']);
    expect(directorsFromExtract('A film about directing.')).toEqual([]);
    expect(directorsFromExtract('a 2009 film directed by J. J. Abrams. It stars Chris Pine.')).toEqual(['J. J. Abrams']);
  });
});
