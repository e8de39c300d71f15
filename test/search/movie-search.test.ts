// The search the chat pipeline uses, on the bundled corpus with the real model and ranker.
import { describe, expect, test } from 'bun:test';
import type { LexicalScores } from '../../src/search/lexical-index.ts';
import { namedFilmTellingMost } from '../../src/search/movie-search.ts';
import { sharedSearch } from '../support/harness.ts';

describe('MovieSearch on the bundled corpus', async () => {
  const search = await sharedSearch();

  test('knows the years its films came out in, and when a description places the film outside them', async () => {
    const { from, to } = search.yearsHeld;
    expect(from).toBeGreaterThanOrEqual(1900);
    expect(from).toBeLessThan(1930);
    expect(to).toBeGreaterThanOrEqual(2019);
    expect(to).toBeLessThan(new Date().getFullYear());
    expect(search.eraBeyondCorpus({ from: to + 1, to: to + 1 })).toBe(true);
    expect(search.eraBeyondCorpus({ from: from - 20, to: from - 1 })).toBe(true);
    expect(search.eraBeyondCorpus({ from: to, to: to + 5 })).toBe(false);
    expect(search.eraBeyondCorpus({ from: 1980, to: 1989 })).toBe(false);
    expect(search.eraBeyondCorpus(null)).toBe(false);
  });

  test('finds the film from a plain description, and offers it', async () => {
    const result = await search.search('a great white shark terrorizes a summer beach town and a police chief hunts it', { k: 5 });
    expect(result.hits[0]!.movie.title).toBe('Jaws');
    expect(result.hits).toHaveLength(5);
    expect(result.abstain).toBe(false);
  });

  test('relevances are probabilities, best first, and the best stands out', async () => {
    const result = await search.search('a cynical TV weatherman covering a festival in a small Pennsylvania town relives February 2 over and over', { k: 5 });
    expect(result.hits[0]!.movie.title).toBe('Groundhog Day');
    const relevances = result.hits.map((hit) => hit.relevance);
    for (const relevance of relevances) {
      expect(relevance).toBeGreaterThanOrEqual(0);
      expect(relevance).toBeLessThanOrEqual(1);
    }
    expect(relevances).toEqual([...relevances].sort((a, b) => b - a));
    expect(result.topRelevance).toBe(relevances[0]!);
    expect(relevances[0]! - relevances[1]!).toBeGreaterThan(0.1);
  });

  test('a name whose first word is a function word is still a name: "will smith" is not any Smith', async () => {
    const result = await search.search('will smith', { k: 5 });
    expect(result.hits.slice(0, 2).map((hit) => hit.movie.title).sort()).toEqual(['Seven Pounds', 'The Pursuit of Happyness']);
  });

  test('a title typed whole finds its film first, though the plot never says the title', async () => {
    for (const [query, title] of [['Jaws', 'Jaws'], ['the matrix', 'The Matrix'], ['groundhog day 1993', 'Groundhog Day']] as const) {
      const result = await search.search(query, { k: 5 });
      expect(result.hits[0]!.movie.title).toBe(title);
      expect(result.abstain).toBe(false);
    }
  });

  test("a sequel's number picks the sequel, whether the title has it as a digit or a numeral", async () => {
    for (const [query, title] of [['toy story 2', 'Toy Story 2'], ['toy story 3', 'Toy Story 3'], ['godfather 2', 'The Godfather: Part II'], ['terminator 2', 'Terminator 2: Judgment Day'], ['star wars episode 5', 'Star Wars: Episode V - The Empire Strikes Back']] as const) {
      const result = await search.search(query, { k: 5 });
      expect(result.hits[0]!.movie.title).toBe(title);
    }
  });

  test('a name people call a film by finds it like its title: a number in its series, a short form, a title used elsewhere', async () => {
    for (const [query, title] of [
      ['harry potter 3', 'Harry Potter and the Prisoner of Azkaban'],
      ['lord of the rings 2', 'The Lord of the Rings: The Two Towers'],
      ['lotr 3', 'The Lord of the Rings: The Return of the King'],
      ['die hard 3', 'Die Hard: With a Vengeance'],
      ['the road warrior', 'Mad Max 2'],
      ['e.t.', 'E.T. the Extra-Terrestrial'],
    ] as const) {
      const result = await search.search(query, { k: 5 });
      expect(result.hits[0]!.movie.title).toBe(title);
      expect(result.hits[0]!.relevance).toBeGreaterThan(0.9);
    }
  });

  test('a title said with people the film credits names it as surely as the title alone', async () => {
    // Both are Miyazaki's: only one has the title said, and it comes first with a clear lead.
    for (const query of ['spirited away miyazaki', 'miyazaki spirited away']) {
      const result = await search.search(query, { k: 5 });
      expect(result.hits[0]!.movie.title).toBe('Spirited Away');
      expect(result.hits[0]!.relevance).toBeGreaterThan(0.9);
    }
    // A name the film does not credit leaves the title unsaid.
    const wrongName = await search.search('spirited away kurosawa', { k: 5 });
    expect(wrongName.hits[0]!.relevance).toBeLessThan(0.9);
  });

  test('tells the people a description names, as it spells them, from the characters and words of a story', async () => {
    const namesSaid = async (query: string) => (await search.search(query, { k: 5 })).namesSaid;
    expect(await namesSaid('arnold schwarzenegger as a kindergarten teacher')).toEqual(['Arnold Schwarzenegger']);
    // A surname alone, like a word the corpus holds mostly in credits, is not told for sure.
    expect(await namesSaid('schwarzenegger as a kindergarten teacher')).toEqual([]);
    expect(await namesSaid('crows attack a seaside town')).toEqual([]);
    expect(await namesSaid('will smith and a genie in a lamp')).toEqual(['Will Smith']);
    expect(await namesSaid('a christopher nolan film about dreams, with leonardo dicaprio')).toEqual(['Christopher Nolan', 'Leonardo Dicaprio']);
    expect(await namesSaid('neo and trinity fight agent smith')).toEqual([]);
    expect(await namesSaid('a shark terrorizes a beach town')).toEqual([]);
  });

  test('tells when the best film credits the people named and holds none of the rest of the description', async () => {
    const named = async (query: string) => {
      const result = await search.search(query, { k: 5 });
      return { title: result.hits[0]!.movie.title, namedOnly: result.bestNamedOnly };
    };
    // John Wick is not in the bundled corpus: The Matrix is Keanu Reeves's, with no dog in it.
    expect(await named('keanu reeves dog revenge')).toEqual({ title: 'The Matrix', namedOnly: true });
    // The plot's "programmer who hacks" holds a hacker.
    expect(await named('keanu reeves as a hacker')).toEqual({ title: 'The Matrix', namedOnly: false });
    expect((await named('tom hanks stranded on an island with a volleyball')).namedOnly).toBe(false);
    // Nothing but the name: nothing to hold.
    expect((await named('a tom hanks movie')).namedOnly).toBe(false);
  });

  test('a person named is honoured among the first five: the best film crediting them takes the fifth place when none of the four before does', async () => {
    const credits = (movie: { cast: string[]; directors: string[] }, name: string) => [...movie.cast, ...movie.directors].includes(name);
    const described = 'a shark terrorizes a beach town, with harrison ford';
    const five = (await search.search(described, { k: 5 })).hits.map((hit) => hit.movie);
    expect(five[0]!.title).toBe('Jaws');
    expect(five.slice(0, 4).some((movie) => credits(movie, 'Harrison Ford'))).toBe(false);
    expect(credits(five[4]!, 'Harrison Ford')).toBe(true);
    // A shorter list is the ranking as it is, and one with a film of theirs in it is left alone.
    const four = (await search.search(described, { k: 4 })).hits.map((hit) => hit.movie);
    expect(four.map((movie) => movie.title)).toEqual(five.slice(0, 4).map((movie) => movie.title));
    const withTheirs = (await search.search('sigourney weaver and a shark terrorizes a beach town', { k: 5 })).hits.map((hit) => hit.movie.title);
    expect(withTheirs.slice(0, 2)).toEqual(['Jaws', 'Alien']);
  });

  test('films like one: of its kind, never itself or its own series, nor a film sharing only a name', async () => {
    const film = async (title: string) => (await search.search(title, { k: 1 })).hits[0]!.movie;
    const toyStory = await film('toy story');
    const likeToyStory = await search.similarTo(toyStory, 5);
    expect(likeToyStory).toHaveLength(5);
    for (const like of likeToyStory) expect(like.title).not.toStartWith('Toy Story');
    const likeSpiritedAway = await search.similarTo(await film('spirited away'), 5);
    for (const like of likeSpiritedAway.slice(0, 3)) expect(like.genres).toContain('Animation');
    const likeGodfather = await search.similarTo(await film('the godfather'), 5);
    expect(likeGodfather.map((like) => like.title).filter((title) => title.startsWith('The Godfather'))).toEqual([]);
    expect(likeGodfather[0]!.genres).toContain('Crime');
    const harry = await film('when harry met sally');
    expect(harry.title).toBe('When Harry Met Sally...');
    expect((await search.similarTo(harry, 5)).map((like) => like.title)).not.toContain('Dirty Harry');
  });

  test("tells a film's series from the collection, oldest first, and nothing for a film without one", () => {
    const seriesOf = (title: string) => {
      const movie = search.seriesOf({ id: `probe-${title}`, title, directors: [], cast: ['Tom Hanks', 'Sigourney Weaver', 'Roy Scheider'] });
      return movie.map((film) => `${film.title} (${film.year})`);
    };
    // The film itself is left out, by its id or, as here, by its title.
    expect(seriesOf('Toy Story 3')).toEqual(['Toy Story (1995)', 'Toy Story 2 (1999)', 'Toy Story 4 (2019)']);
    expect(seriesOf('Alien')).toEqual(['Aliens (1986)']);
    expect(seriesOf('Jaws')).toEqual([]);
  });

  test('a film placed in its series ("the sequel to alien", "the second toy story") is found as if its title were typed; a title or a description is not read so', async () => {
    const first = async (said: string) => (await search.search(said, { k: 5 })).hits[0]?.movie.title;
    expect(await first('the sequel to alien')).toBe('Aliens');
    expect(await first('the second toy story')).toBe('Toy Story 2');
    expect(await first('the one after the dark knight')).toBe('The Dark Knight Rises');
    expect(await first('the last lord of the rings movie')).toBe('The Lord of the Rings: The Return of the King');
    expect(await first('the prequel to the godfather part 2')).toBe('The Godfather');
    expect(await first('the last samurai')).toBe('The Last Samurai');
  });

  test('a place in a series the collection lacks is told apart: Jaws has no sequel here, Alien has one, a description places nothing', () => {
    const lacking = search.seriesPlaceLacking('the sequel to jaws');
    expect(lacking?.film.title).toBe('Jaws');
    expect(lacking?.place).toEqual({ kind: 'after' });
    expect(search.seriesPlaceLacking('the prequel to the godfather')?.film.title).toBe('The Godfather');
    expect(search.seriesPlaceLacking('the sequel to alien')).toBeNull();
    expect(search.seriesPlaceLacking('the first jaws')).toBeNull();
    expect(search.seriesPlaceLacking('a shark terrorizes a beach town')).toBeNull();
    expect(search.seriesPlaceLacking('the sequel to zorblax quendle')).toBeNull();
  });

  test('tells the films a person directed, oldest first, and none for a person who directed none', () => {
    const films = search.directedBy('Hayao Miyazaki');
    expect(films.map((film) => film.title)).toContain('My Neighbor Totoro');
    for (const film of films) expect(film.directors).toContain('Hayao Miyazaki');
    expect(films.map((film) => film.year)).toEqual([...films.map((film) => film.year)].sort((a, b) => a - b));
    // Credited as an actor only, no film is his to direct.
    expect(search.directedBy('Tom Hanks')).toEqual([]);
  });

  test('a word typed apart that the corpus holds as one is searched as the whole word', async () => {
    const result = await search.search('film by kore-eda about a family of shoplifters', { k: 5 });
    expect(result.hits[0]!.movie.title).toBe('Shoplifters');
    expect(result.abstain).toBe(false);
  });

  test('a day lived over and over finds the films whose hero relives one', async () => {
    const result = await search.search('man stuck living the same day again and again', { k: 5 });
    expect(result.hits.slice(0, 2).map((hit) => hit.movie.title).sort()).toEqual(['Edge of Tomorrow', 'Groundhog Day']);
  });

  test('a word typed wrong is searched as the word meant', async () => {
    const typed = await search.search('drumer kid and a sadistic band teacher who throws a cymbal at his head', { k: 5 });
    expect(typed.hits[0]!.movie.title).toBe('Whiplash');
    expect(search.informative('a theif')).toBe(true);
  });

  test('abstains on a message that describes no film', async () => {
    const result = await search.search('asdf qwerty zxcv', { k: 5 });
    expect(result.abstain).toBe(true);
  });

  test('tells a text that gives it something to go on from one that gives nothing', () => {
    expect(search.informative('there was a zorblax and a quendle in it')).toBe(false);
    expect(search.informative('a zorblax on a spacecraft')).toBe(true);
    expect(search.informative('an 80s zorblax')).toBe(true);
    expect(search.informative('a korean zorblax')).toBe(true);
  });

  test('reads what the description constrains', async () => {
    const { analysis } = await search.search('a shark terrorizes a beach town, 70s movie', { k: 5 });
    expect(analysis.era).toEqual({ from: 1970, to: 1979 });
  });

  test('"black and white" says how the film looks: it finds no story of race', async () => {
    // Searched in plots, "black" and "white" put To Kill a Mockingbird far ahead of the jury film.
    const result = await search.search('old black and white movie about a jury', { k: 5 });
    expect(result.hits[0]!.movie.title).toBe('12 Angry Men');
  });

  test('excluded films never come back', async () => {
    const first = await search.search('a boy wizard goes to a school of magic', { k: 3 });
    const excluded = new Set(first.hits.map((h) => h.movie.id));
    const next = await search.search('a boy wizard goes to a school of magic', { k: 3, excludeIds: excluded });
    expect(next.hits).toHaveLength(3);
    for (const hit of next.hits) expect(excluded.has(hit.movie.id)).toBe(false);
  });

  test('an excluded film leaves before ranking: the film behind it ranks first, as in a corpus without it', async () => {
    const query = 'a great white shark terrorizes a summer beach town and a police chief hunts it';
    const first = await search.candidates(query);
    const leader = first.candidates.find((c) => c.lexicalRank === 0)!;
    const runnerUp = first.candidates.find((c) => c.lexicalRank === 1)!;
    const without = await search.candidates(query, { excluded: { count: 1, has: (key) => key === leader.key } });
    expect(without.candidates.some((c) => c.key === leader.key)).toBe(false);
    expect(without.candidates.find((c) => c.key === runnerUp.key)!.lexicalRank).toBe(0);
  });

  test('a film ruled out by its title leaves the race, and its title words leave the description', async () => {
    const godfather = (await search.search('the godfather', { k: 1 })).hits[0]!.movie;
    expect(godfather.title).toBe('The Godfather');
    const ruledOut = await search.search('not the godfather, the other coppola war film', { k: 5 });
    expect(ruledOut.hits[0]!.movie.title).toBe('Apocalypse Now');
    expect(ruledOut.analysis.text).not.toContain('godfather');
    // As if the person had rejected it: the same list.
    const rejected = await search.search(', the other coppola war film', { k: 5, excludeIds: new Set([godfather.id]) });
    expect(ruledOut.hits.map((hit) => hit.movie.id)).toEqual(rejected.hits.map((hit) => hit.movie.id));
  });

  test('a person ruled out leaves the description, as if never named', async () => {
    const ruledOut = await search.search('fighter pilots at a navy school, not tom hanks, it was tom cruise', { k: 5 });
    const unsaid = await search.search('fighter pilots at a navy school, , it was tom cruise', { k: 5 });
    expect(ruledOut.analysis.text).not.toContain('hanks');
    expect(ruledOut.hits.map((hit) => hit.movie.id)).toEqual(unsaid.hits.map((hit) => hit.movie.id));
  });

  test('"not" before words that are neither a title nor a name, or a whole title, changes nothing', async () => {
    for (const query of ['not a real doctor, he fakes it at a hospital', 'Not Without My Daughter']) {
      expect((await search.search(query, { k: 5 })).analysis.text).toBe(query);
    }
  });

  test('hints given apart from the description join what it says', async () => {
    const plain = await search.search('a man hunts a killer', { k: 5 });
    const hinted = await search.search('a man hunts a killer', { k: 5, hints: { genres: ['Animation'], people: ['Denzel Washington'], era: { from: 1990, to: 1999 } } });
    expect(plain.analysis.genres).toBe(0);
    expect(hinted.analysis.genres).not.toBe(0);
    expect(hinted.analysis.terms).toContain('denzel');
    expect(hinted.analysis.era).toEqual({ from: 1990, to: 1999 });
  });
});

describe('the film of the people named that tells most of the rest', () => {
  // Film 0 names the star in its text ("starring Bruce Willis"), so it matches the pair of
  // names too; film 1 credits him and holds "ghost"; film 2 holds "ghost" without him.
  const scores = (matchedWordIdf: number[], matchedNameIdf: number[]) =>
    ({ keys: [0, 1, 2], matchedWordIdf: Float32Array.from(matchedWordIdf), matchedNameIdf: Float32Array.from(matchedNameIdf) }) as unknown as LexicalScores;

  test('is the film crediting the most of the names that holds the most of the other words, pairs of words left out', () => {
    expect(namedFilmTellingMost(scores([6, 9, 3], [6, 6, 0]))).toBe(1);
    // A film crediting fewer of the names is not it, whatever else it holds.
    expect(namedFilmTellingMost(scores([6, 12, 9], [6, 3, 0]))).toBeUndefined();
    expect(namedFilmTellingMost(scores([8, 12, 9], [6, 3, 0]))).toBe(0);
  });

  test('is none when no film credits anyone named, or none crediting them holds another word', () => {
    expect(namedFilmTellingMost(scores([6, 6, 3], [6, 6, 0]))).toBeUndefined();
    expect(namedFilmTellingMost(scores([6, 9, 3], [0, 0, 0]))).toBeUndefined();
  });
});
