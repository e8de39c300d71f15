import { describe, expect, test } from 'bun:test';
import { type MovieCandidate, toMovieCandidate } from '../../src/catalog/candidates.ts';
import type { CatalogTitle } from '../../src/catalog/catalog.ts';
import type { MovieTools, SimilarFilm } from '../../src/llm/language-model.ts';
import { OfflineLanguageModel } from '../../src/llm/offline/offline-model.ts';
import { helpfulDetails, yearsBeyondCollection } from '../../src/llm/wording.ts';
import { answerFromFacts, topicOf, topicsOf } from '../../src/llm/offline/questions.ts';
import type { CorpusMovie } from '../../src/search/corpus.ts';

const ASK = helpfulDetails({ eraKnown: false });

const film = (title: string, year: number, directors = ['Someone Else'], cast = ['A Person']): CorpusMovie => ({
  id: title.toLowerCase(), title, aliases: [], year, directors, genres: ['Drama'], cast, runtimeMinutes: 100, plot: `The story of ${title}.`,
  countries: [], languages: [], votes: null,
});
/** The catalog's record of a film, as the catalog adapters give it. */
const listed = (movie: CorpusMovie): CatalogTitle => ({ id: `tt-${movie.id}`, title: movie.title, originalTitle: movie.title, year: movie.year, runtimeMinutes: movie.runtimeMinutes, rating: 7, plot: `${movie.title}, in a line.`, genres: movie.genres, directors: movie.directors, stars: movie.cast, posterUrl: null });
const candidates: MovieCandidate[] = [
  film('The Hateful Eight', 2015, ['Quentin Tarantino']),
  film('Jaws', 1975, ['Steven Spielberg']),
  film('The Adventures of Robin Hood', 1938, ['Michael Curtiz'], ['Errol Flynn']),
].map((movie, i) => toMovieCandidate(movie, listed(movie), 0.9 - i / 10));

describe('OfflineLanguageModel', () => {
  const model = new OfflineLanguageModel(null);

  test('presents numbered candidates with year, director and confidence as a percentage, streamed', async () => {
    const pieces: string[] = [];
    const text = await model.presentCandidates({ query: 'q', candidates, refinement: 0, likely: true, askFor: ASK }, (t) => pieces.push(t));
    expect(pieces.join('')).toBe(text);
    expect(text).toContain('I found 3 films that fit your description:');
    expect(text).toContain('1. The Hateful Eight (2015), directed by Quentin Tarantino. Match: 90%.');
    expect(text).toContain('2. Jaws (1975), directed by Steven Spielberg. Match: 80%.');
    expect(text).toContain('Is it one of these?');
    expect(text).not.toContain('not sure');
  });

  test('when the film is placed in years the collection lacks, says so before the list', async () => {
    const beyondCollection = yearsBeyondCollection({ from: 2030, to: 2039 }, { from: 1920, to: 2020 });
    expect(beyondCollection).toBe('None of the films I know came out in the 2030s: the latest I have came out in 2020, so yours may not be in my collection.');
    expect(yearsBeyondCollection({ from: 1890, to: 1910 }, { from: 1920, to: 2020 })).toBe(
      'None of the films I know came out between 1890 and 1910: the earliest I have came out in 1920, so yours may not be in my collection.',
    );
    const text = await model.presentCandidates({ query: 'q', candidates, refinement: 0, likely: false, askFor: ASK, sayFirst: beyondCollection }, () => {});
    expect(text.startsWith(`${beyondCollection}\nI'm not sure I have your film`)).toBe(true);
    expect(await model.presentCandidates({ query: 'q', candidates, refinement: 0, likely: false, askFor: ASK }, () => {})).not.toContain('None of the films');
  });

  test('a film the catalog did not match says so beside its match, and is told by the first sentence the collection holds', async () => {
    const lead = { ...film('The Lion King', 2019, ['Jon Favreau']), plot: 'The Lion King is a 2019 American musical drama film. It is a remake of the 1994 film.' };
    const text = await model.presentCandidates({ query: 'q', candidates: [candidates[0]!, toMovieCandidate(lead, null, 0.02)], refinement: 0, likely: true, askFor: ASK }, () => {});
    expect(text).toContain('1. The Hateful Eight (2015), directed by Quentin Tarantino. Match: 90%. The Hateful Eight, in a line.\n');
    expect(text).toContain('2. The Lion King (2019), directed by Jon Favreau. Match: 2% (not matched in the film catalog). The Lion King is a 2019 American musical drama film.\n');
  });

  test('when the film is probably not among them, says so plainly and asks for a detail that would help', async () => {
    for (const refinement of [0, 1]) {
      const text = await model.presentCandidates({ query: 'q', candidates, refinement, likely: false, askFor: ASK }, () => {});
      expect(text).toContain("I'm not sure I have your film: nothing I know fits the description closely. These are the nearest I found:");
      expect(text).not.toContain('fit your description:');
      expect(text).toContain('2. Jaws (1975), directed by Steven Spielberg. Match: 80%.');
      expect(text).toContain('If not, a detail would help me: roughly when it came out, an actor in it, or a scene you remember.');
    }
    const single = await model.presentCandidates({ query: 'q', candidates: candidates.slice(0, 1), refinement: 0, likely: false, askFor: ASK }, () => {});
    expect(single).toContain('This is the nearest I found:');
    expect(single).toContain('Is this the one? Say yes. If not');
  });

  test('a reply that names no candidate and says neither yes nor no describes the film further', async () => {
    const reading = await model.classifyConfirmation('it had a lot of snow in it', candidates);
    expect(reading).toMatchObject({ kind: 'refine', anchor: null, hints: {} });
    expect(reading.kind === 'refine' && reading.details).toContain('snow');
  });
});

describe('OfflineLanguageModel, other languages', () => {
  const model = new OfflineLanguageModel(null);

  test('a description in a glossed language is searched in its English gloss, and says so', async () => {
    const understood = await model.understandDescription('una película alemana de los años 80 sobre un submarino en la guerra');
    expect(understood).toMatchObject({ kind: 'description', translatedFrom: 'Spanish' });
    expect(understood.kind === 'description' && understood.text).toMatch(/german.*80s.*submarine.*war/);
    const text = await model.presentCandidates({ query: 'a german film', candidates, refinement: 0, likely: true, askFor: ASK, translatedFrom: 'Spanish' }, () => {});
    expect(text).toContain('I read Spanish word by word; I searched for "a german film"');
  });

  test('a language without a glossary is refused, naming the languages it reads', async () => {
    const understood = await model.understandDescription('een film over een onderzeeër in de oorlog, met veel spanning en een kapitein die niet wil opgeven');
    expect(understood).toEqual({ kind: 'unsupported-language', language: 'Dutch', code: 'nl', readable: ['English', 'Spanish', 'German', 'French', 'Italian', 'Portuguese'] });
  });

  test("a refinement's new details in another language are searched in English", async () => {
    const reading = await model.classifyConfirmation('no, era una película alemana sobre un submarino', candidates);
    expect(reading.kind).toBe('refine');
    expect(reading.kind === 'refine' && reading.details).toMatch(/german.*submarine/);
  });
});

describe('offline Q&A', () => {
  const tools = (over: Partial<Awaited<ReturnType<MovieTools['details']>>> = {}, series: SimilarFilm[] = []): MovieTools => {
    const facts = { title: 'Jaws', originalTitle: null, year: 1975, directors: ['Steven Spielberg'], cast: ['Roy Scheider', 'Robert Shaw'], genres: ['Adventure', 'Thriller'], rating: 8, runtimeMinutes: 124, countries: ['United States'], languages: ['English'], logline: 'A shark.', plot: 'A shark terrorises a town.', ...over };
    return {
      details: async () => facts,
      credits: async () => ({ directors: facts.directors, cast: facts.cast }),
      similar: async () => [{ title: 'The Birds', year: 1963, directors: ['Alfred Hitchcock'] }],
      series: async () => series,
      byDirectors: async () => [{ title: 'Duel', year: 1971, directors: ['Steven Spielberg'] }, { title: 'E.T. the Extra-Terrestrial', year: 1982, directors: ['Steven Spielberg'] }],
    };
  };
  const sequel = (title: string, year: number): SimilarFilm => ({ title, year, directors: [] });

  test('recognises what is asked', () => {
    expect(topicOf('Who directed it?')).toBe('director');
    expect(topicOf('who is in it?')).toBe('cast');
    expect(topicOf('when did it come out')).toBe('year');
    expect(topicOf('is it any good?')).toBe('rating');
    expect(topicOf('how long is it')).toBe('runtime');
    expect(topicOf('what happens in it?')).toBe('plot');
    expect(topicOf('what kind of movie is it')).toBe('genres');
    expect(topicOf('anything similar you would recommend?')).toBe('similar');
    expect(topicOf('any movies like it?')).toBe('similar');
    expect(topicOf('what else is like this')).toBe('similar');
    expect(topicOf('what colour is the boat')).toBeNull();
    expect(topicOf('who else is in it?')).toBe('cast');
    expect(topicOf('anyone famous in it?')).toBe('cast');
    expect(topicOf('who voices the panda')).toBe('cast');
    expect(topicOf('who did the voice cast')).toBe('cast');
    expect(topicOf('is it long?')).toBe('runtime');
    expect(topicOf('is there a sequel?')).toBe('series');
    expect(topicOf('was there a movie before this one?')).toBe('series');
    expect(topicOf('is it part of a franchise')).toBe('series');
    // Another film wanted, not the series: "the first one".
    expect(topicOf('no wait, the first one')).toBeNull();
    expect(topicOf('is it a true story?')).toBe('source');
    // Who is called what in the story: the story tells it; what the film is called is its title.
    expect(topicsOf('whats the name of the robot')).toEqual(['plot']);
    expect(topicsOf('what is the dog called?')).toEqual(['plot']);
    expect(topicsOf('what are the characters names')).toEqual(['plot']);
    expect(topicsOf('what is it called')).toEqual(['title']);
    expect(topicsOf("what's the name of the film")).toEqual(['title']);
    expect(topicsOf("what's the name of the director")).toEqual(['director']);
  });

  test('a yes-or-no question about the story gets the story, said plainly to be no yes or no; a twist is asked of the plot', async () => {
    expect(await answerFromFacts('does the shark eat anyone?', tools())).toBe("I can't answer that yes or no, but here is what I know of its story: A shark terrorises a town.");
    expect(await answerFromFacts("what's the twist?", tools())).toBe('A shark terrorises a town.');
    expect(await answerFromFacts('who was killed by the shark?', tools())).toBe("I can't answer that from the facts I hold, but here is what I know of its story: A shark terrorises a town.");
    // Nothing of its story named: no story offered.
    expect(await answerFromFacts('is there a dog in it?', tools())).toStartWith("I'm not sure how to answer that from what I know about Jaws.");
  });

  test('answers its language, its country and whether it tells a book, from the facts, or says it does not know', async () => {
    expect(await answerFromFacts('is it in english?', tools())).toBe('Jaws is in English.');
    expect(await answerFromFacts('what language is it in', tools({ languages: ['Silent', 'English'] }))).toBe('Jaws is a silent film, its title cards in English.');
    expect(await answerFromFacts('what language is it', tools({ languages: [] }))).toBe("I don't know what language Jaws is in.");
    expect(await answerFromFacts('what country is it from?', tools())).toBe('Jaws is from the United States.');
    expect(await answerFromFacts('is it based on a book?', tools({ plot: 'Jaws is a 1975 thriller. It is based on the 1974 novel by Peter Benchley. A shark.' }))).toBe('It is based on the 1974 novel by Peter Benchley.');
    expect(await answerFromFacts('is it a true story?', tools())).toBe("I don't know whether Jaws is based on a book or on real events: what I have of it does not say.");
    // When the story is set is no release year.
    expect(await answerFromFacts('what year is it set in?', tools())).toStartWith("I don't know where or when its story is set");
  });

  test("answers with the collection's other films by its director", async () => {
    expect(topicOf('any other films by him?')).toBe('byDirector');
    expect(topicOf('what else did the director make?')).toBe('byDirector');
    expect(await answerFromFacts('any other films by him?', tools())).toBe('By Steven Spielberg my collection also holds Duel (1971) and E.T. the Extra-Terrestrial (1982).');
    expect(await answerFromFacts('what else did the director make?', tools({ directors: [] }))).toBe("I don't know who directed Jaws.");
  });

  test("answers where the film stands in its series, from the collection's other films of it", async () => {
    expect(await answerFromFacts('is there a sequel?', tools({}, [sequel('Jaws 2', 1978), sequel('Jaws 3-D', 1983)]))).toBe('In my collection, Jaws (1975) is followed by Jaws 2 (1978) and Jaws 3-D (1983).');
    expect(await answerFromFacts('was there one before it?', tools({ title: 'Jaws 2', year: 1978 }, [sequel('Jaws', 1975)]))).toBe('In my collection, Jaws 2 (1978) follows Jaws (1975); I know of no later film of the series.');
    expect(await answerFromFacts('any sequels?', tools({ title: 'Jaws 2', year: 1978 }, [sequel('Jaws', 1975), sequel('Jaws 3-D', 1983)]))).toBe('In my collection, Jaws 2 (1978) follows Jaws (1975) and is followed by Jaws 3-D (1983).');
    expect(await answerFromFacts('is there a sequel?', tools())).toBe('I know of no sequel or earlier film of Jaws: no other film of my collection continues its story.');
  });

  test('answers from the facts', async () => {
    expect(await answerFromFacts('who directed it', tools())).toBe('Jaws was directed by Steven Spielberg.');
    expect(await answerFromFacts('who stars in it', tools())).toBe('Jaws stars Roy Scheider and Robert Shaw.');
    expect(await answerFromFacts('how long is it', tools())).toBe('Jaws runs 124 minutes (2 h 4 min).');
    expect(await answerFromFacts('rating?', tools())).toBe("Jaws is rated 8 out of 10 by the catalog's users.");
    expect(await answerFromFacts('similar films?', tools())).toContain('The Birds (1963)');
  });

  test('answers every part of a question, in the order asked', async () => {
    expect(await answerFromFacts('when did it come out and who directed it?', tools())).toBe('Jaws came out in 1975. Jaws was directed by Steven Spielberg.');
    expect(await answerFromFacts('how long is it, and is it rated well?', tools({ rating: null }))).toBe("Jaws runs 124 minutes (2 h 4 min). I don't have a rating for Jaws.");
    // "about" asks for the plot only when nothing else is asked.
    expect(await answerFromFacts('what about the director?', tools())).toBe('Jaws was directed by Steven Spielberg.');
    expect(await answerFromFacts('what is it about?', tools())).toBe('A shark terrorises a town.');
  });

  test('answers whether it is a kind of film from its genres', async () => {
    expect(topicOf('is it scary?')).toBe('kind');
    expect(await answerFromFacts('is it a thriller?', tools())).toBe('Yes: Jaws is listed as adventure and thriller.');
    expect(await answerFromFacts('Is it scary?', tools())).toBe('Jaws is listed as adventure and thriller, not as horror.');
    expect(await answerFromFacts('would my kids like it, is it animated or a comedy?', tools())).toBe('Jaws is listed as adventure and thriller, not as animation or comedy.');
    expect(await answerFromFacts('is it funny?', tools({ genres: [] }))).toBe("I don't know the genres of Jaws, so I can't say.");
    // Two kinds asked together are both asked: a family film is no yes to "scary for kids".
    expect(await answerFromFacts('is it scary for kids?', tools({ genres: ['Animation', 'Family'] }))).toBe('Jaws is listed as animation and family, not as horror.');
    expect(await answerFromFacts('is it a comedy or a thriller?', tools())).toBe('Yes: Jaws is listed as adventure and thriller.');
    // What a film is like, which no fact says: said plainly, with what the catalog does say.
    expect(await answerFromFacts('is it sad?', tools())).toBe("I can't tell from what I know whether Jaws is sad; it is listed as adventure and thriller.");
    expect(await answerFromFacts('is it a tearjerker?', tools())).toBe("I can't tell from what I know whether Jaws is a tearjerker; it is listed as adventure and thriller.");
    expect(await answerFromFacts('was it really violent', tools({ genres: [] }))).toBe("I can't tell from what I know whether Jaws is violent.");
    expect(topicOf('is it about a shark?')).toBe('plot');
    // A question that is not a yes or no names a spy or a heist in the story, not a kind of film.
    expect(topicOf('who was the spy in it?')).toBeNull();
    expect(topicOf('what kind of movie is it, a comedy?')).toBe('genres');
  });

  test('a question in another language is read from its word-by-word gloss, and answered in English', async () => {
    const offline = new OfflineLanguageModel(null);
    expect(await offline.answerQuestion("qui l'a réalisé ?", tools())).toBe('Jaws was directed by Steven Spielberg.');
    expect(await offline.answerQuestion('wer hat den Film gedreht?', tools())).toBe('Jaws was directed by Steven Spielberg.');
    expect(await offline.answerQuestion('¿quién actúa?', tools())).toBe('Jaws stars Roy Scheider and Robert Shaw.');
    expect(await offline.answerQuestion('em que ano saiu?', tools())).toBe('Jaws came out in 1975.');
    expect(await offline.answerQuestion('combien de temps dure le film ?', tools())).toBe('Jaws runs 124 minutes (2 h 4 min).');
    for (const asked of ['¿cuánto dura?', 'quanto dura?', 'wie lange dauert der Film?']) expect(await offline.answerQuestion(asked, tools())).toBe('Jaws runs 124 minutes (2 h 4 min).');
    // English that asks nothing known is not glossed into something it did not ask.
    expect(await offline.answerQuestion('what colour is the boat', tools())).toStartWith("I'm not sure how to answer that");
  });

  test('names what it does not know when asked what no fact holds: music, writers, money, awards, places, remakes, where to watch', async () => {
    const held = 'for Jaws I have its director, cast, year, rating, genres, runtime, language and story.';
    expect(await answerFromFacts('who wrote the music?', tools())).toBe(`I don't know about its music: ${held}`);
    expect(await answerFromFacts('who wrote it', tools())).toBe(`I don't know who wrote it: ${held}`);
    expect(await answerFromFacts('what was the budget', tools())).toBe(`I don't know its budget or box office: ${held}`);
    expect(await answerFromFacts('was it a hit', tools())).toBe(`I don't know its budget or box office: ${held}`);
    expect(await answerFromFacts('how much money did it make', tools())).toBe(`I don't know its budget or box office: ${held}`);
    expect(await answerFromFacts('did it win any oscars', tools())).toBe(`I don't know its awards: ${held}`);
    expect(await answerFromFacts('where was it filmed?', tools())).toBe(`I don't know where it was filmed: ${held}`);
    expect(await answerFromFacts('was it ever remade', tools())).toBe(`I don't know about remakes: ${held}`);
    for (const asked of ['is that the disney one?', 'was it made by pixar', 'which studio made it'])
      expect(await answerFromFacts(asked, tools())).toBe(`I don't know which studio made it: ${held}`);
    for (const asked of ['is it ok for a 5 year old', 'is it suitable for kids?', 'is it pg 13'])
      expect(await answerFromFacts(asked, tools())).toBe("I don't know the age rating of Jaws, so I can't say who it suits: it is listed as adventure and thriller.");
    expect(await answerFromFacts('what is it rated, pg?', tools())).toBe("Jaws is rated 8 out of 10 by the catalog's users. I don't know the age rating of Jaws, so I can't say who it suits: it is listed as adventure and thriller.");
    expect(topicsOf('how old is it')).toEqual(['year']);
    for (const asked of ['is it on netflix?', 'where can i watch it', 'can i stream it anywhere', 'is it on dvd'])
      expect(await answerFromFacts(asked, tools())).toBe(`I don't know where you can watch it: ${held}`);
    expect(await answerFromFacts('who directed it and who wrote the music', tools())).toBe(`Jaws was directed by Steven Spielberg. I don't know about its music: ${held}`);
    // "score" is its rating.
    expect(topicOf("what's the score")).toBe('rating');
  });

  test('a thank-you is answered, not taken for a question it cannot answer', async () => {
    for (const said of ['thanks!', 'thank you so much', 'great, cheers', 'merci']) {
      expect(await answerFromFacts(said, tools())).toBe("You're welcome! Ask me anything else about Jaws, or start a new chat to look for another film.");
    }
    expect(await answerFromFacts('thanks, who directed it?', tools())).toBe('Jaws was directed by Steven Spielberg.');
  });

  test('says how to look for another film when the one confirmed is not it', async () => {
    for (const said of ['no wait, the first one', 'wrong movie!', "that's not it", 'oops I meant the other one', '1', 'number 3', 'tell me about the second one', 'who is in the next one?']) {
      expect(await new OfflineLanguageModel(null).answerQuestion(said, tools())).toBe("This chat is about Jaws now. To look for another film, start a new chat and describe it; I'll keep this one as it is.");
    }
    expect(await new OfflineLanguageModel(null).answerQuestion('who is the shark hunter', tools())).toStartWith("I can't answer that from the facts I hold, but here is what I know of its story");
  });

  test('whether someone is in it: yes with their part, by whole name or surname, or the credits it has', async () => {
    expect(await answerFromFacts('is roy scheider in it?', tools())).toBe('Yes: Roy Scheider is in Jaws.');
    expect(await answerFromFacts('with robert shaw?', tools())).toBe('Yes: Robert Shaw is in Jaws.');
    expect(await answerFromFacts('is spielberg in it?', tools())).toBe('Yes: Steven Spielberg directed Jaws.');
    expect(await answerFromFacts('does it star tom hanks?', tools())).toBe("I don't know of tom hanks in Jaws: the people I know it credits are Roy Scheider, Robert Shaw and Steven Spielberg.");
    expect(topicsOf('is there a dog in it?')).not.toContain('personIn');
    expect(topicsOf('who is in it')).toEqual(['cast']);
    expect(topicsOf('is it with anyone famous')).toEqual(['cast']);
  });

  test('says plainly when it does not know', async () => {
    expect(await answerFromFacts('how long is it', tools({ runtimeMinutes: null }))).toBe("I don't know how long Jaws is.");
    expect(await answerFromFacts('rating?', tools({ rating: null }))).toBe("I don't have a rating for Jaws.");
    expect(await answerFromFacts('what colour is the boat?', tools())).toContain("I'm not sure");
  });
});
