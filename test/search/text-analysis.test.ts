// The pieces that turn text into what search compares: terms, passages, hints, origins.
import { describe, expect, test } from 'bun:test';
import { genreBit, GENRES } from '../../src/search/genres.ts';
import { countriesFromLead, ORIGINS } from '../../src/search/origins.ts';
import { storyTexts } from '../../src/search/corpus.ts';
import { passagesOf, sentences } from '../../src/search/passages.ts';
import { analyseQuery, eraOf, ruledOutSpans } from '../../src/search/query-analysis.ts';
import { filmFields } from '../../src/search/film-fields.ts';
import { bigrams, stem, stopwordLedPairs, tokenize } from '../../src/search/tokens.ts';

describe('tokens', () => {
  test('drops function words and punctuation, folds accents, joins apostrophes', () => {
    expect(tokenize("The Sharks' beach, a movie! Amélie didn't")).toEqual(['shark', 'beach', 'ameli', 'didnt']);
  });

  test('one stem for the forms of a word, in a description and in a plot alike', () => {
    for (const forms of [['kill', 'kills', 'killed', 'killing'], ['love', 'loved', 'loving', 'loves'], ['wed', 'wedding'], ['story', 'stories'], ['run', 'running']]) {
      expect(new Set(forms.map(stem)).size).toBe(1);
    }
    // A short word keeps its final e where dropping it would make another word of it.
    for (const [a, b] of [['car', 'care'], ['plan', 'plane'], ['hop', 'hope'], ['star', 'stare'], ['war', 'ware']] as const) expect(stem(a)).not.toBe(stem(b));
    for (const forms of [['care', 'caring', 'cared'], ['hope', 'hoping', 'hoped'], ['hop', 'hopping'], ['dance', 'dancing'], ['escape', 'escaping']]) {
      expect(new Set(forms.map(stem)).size).toBe(1);
    }
    // -ly leaves at least four letters: "early" is not "ear", "sally" not "sal"; "lonely" is "lone".
    for (const [a, b] of [['early', 'ear'], ['sally', 'sal'], ['holly', 'hol']] as const) expect(stem(a)).not.toBe(stem(b));
    for (const forms of [['lonely', 'lone'], ['slowly', 'slow'], ['secretly', 'secret']]) expect(new Set(forms.map(stem)).size).toBe(1);
    expect(stem('boss')).toBe('boss');
    expect(stem('king')).toBe('king');
    expect(stem('1980s')).toBe('1980s');
  });

  test("a sequel's number is a term, typed as a digit or written as a roman numeral", () => {
    expect(tokenize('Toy Story 2')).toEqual(['toy', stem('story'), '2']);
    expect(tokenize('The Godfather Part II')).toEqual(tokenize('godfather part 2'));
    // "v" and "x" are numerals only after a word that numbers a sequel; other single letters stay out.
    expect(tokenize('Star Wars: Episode V - The Empire Strikes Back').slice(0, 4)).toEqual(tokenize('star wars episode 5'));
    expect(tokenize('Malcolm X, V for Vendetta, plan B')).toEqual(['malcolm', 'vendetta', 'plan']);
  });

  test('an initialism is one word, and a letter hyphenated to a word is read joined and as the word', () => {
    expect(tokenize('E.T. the Extra-Terrestrial')).toEqual(['et', 'extra', 'terrestrial']);
    expect(tokenize('e.t.')).toEqual(tokenize('ET'));
    expect(tokenize('S.H.I.E.L.D agents')).toEqual(['shield', 'agent']);
    // An initialism ends where its letters do: the word after it stays a word of its own.
    expect(tokenize('the U.S.ambassador')).toEqual(['us', 'ambassador']);
    expect(tokenize('X-Men: First Class')).toEqual(['xmen', 'men', 'first', 'class']);
    expect(tokenize('xmen')).toEqual(['xmen']);
    // Initials spaced apart stay single letters, as before.
    expect(tokenize('J. R. R. Tolkien')).toEqual(['tolkien']);
  });

  test('bigrams pair adjacent terms', () => {
    expect(bigrams(['time', 'machin', 'travel'])).toEqual(['time_machin', 'machin_travel']);
  });

  test('a first name that is a function word keeps its surname company', () => {
    expect(tokenize('Will Smith')).toEqual(['smith']);
    expect(stopwordLedPairs('Will Smith and Guy Pearce')).toEqual(['will_smith', 'guy_pearc']);
    // Two function words, or one at the end, make no pair.
    expect(stopwordLedPairs('what will the')).toEqual([]);
    const fields = filmFields({ id: 'x', title: 'X', aliases: [], year: 2006, directors: ['Gabriele Muccino'], genres: [], cast: ['Will Smith'], runtimeMinutes: null, plot: 'He will sell scanners.', countries: [], languages: [], votes: null });
    expect(fields.people).toContain('will_smith');
    expect(fields.people).not.toContain('will_sell'); // the plot's words are not credits
    expect(analyseQuery('that will smith movie').namePairs).toContain('will_smith');
  });
});

describe('passages', () => {
  test("a logline is a passage of its own, before the plot's", () => {
    const plot = 'A police chief on a resort island wants the beaches closed. The mayor keeps them open for the holiday crowds.';
    const movie = { id: 'jaws-1975', title: 'Jaws', aliases: [], year: 1975, directors: ['Steven Spielberg'], genres: ['Thriller'], cast: ['Roy Scheider'], runtimeMinutes: 124, plot, countries: [], languages: [], votes: null };
    expect(storyTexts({ ...movie, logline: 'A shark terrorises a beach town and three men go after it.' }).flatMap(passagesOf)).toEqual([
      'A shark terrorises a beach town and three men go after it.',
      ...passagesOf(plot),
    ]);
    expect(storyTexts(movie).flatMap(passagesOf)).toEqual(passagesOf(plot));
  });

  test('a plot becomes passages of a sentence or two; short sentences join the next', () => {
    const plot = 'Dr. Smith arrives. He finds the town empty and the church doors locked from outside. At night something scratches at every window of the inn, and he hides in the cellar until dawn. The end.';
    expect(sentences(plot)[0]).toBe('Dr. Smith arrives.');
    const passages = passagesOf(plot);
    expect(passages).toHaveLength(2);
    expect(passages[0]).toStartWith('Dr. Smith arrives. He finds');
    expect(passages[1]).toEndWith('until dawn. The end.');
  });

  test('a one-line plot is one passage', () => {
    expect(passagesOf('A dog.')).toEqual(['A dog.']);
  });
});

describe('what a description hints at', () => {
  test('decades, parts of decades and years', () => {
    expect(eraOf('an 80s movie about a robot')).toEqual({ from: 1980, to: 1989 });
    expect(eraOf("late 90's thriller")).toEqual({ from: 1995, to: 1999 });
    expect(eraOf('from the 2000s i think')).toEqual({ from: 2000, to: 2009 });
    expect(eraOf('a seventies cop film')).toEqual({ from: 1970, to: 1979 });
    expect(eraOf('came out in 1995 maybe')).toEqual({ from: 1995, to: 1995 });
    // Unsure between two decades: both.
    expect(eraOf('a film from the 60s or 70s')).toEqual({ from: 1960, to: 1979 });
    expect(eraOf('late 70s or early 80s horror')).toEqual({ from: 1975, to: 1984 });
    expect(eraOf('an 80s movie or maybe it was a remake')).toEqual({ from: 1980, to: 1989 });
  });

  test('black-and-white, silent, old and recent', () => {
    expect(eraOf('old black and white film about a ghost')!.to).toBeLessThanOrEqual(1970);
    expect(eraOf('a silent film with a tramp')!.to).toBeLessThanOrEqual(1930);
    expect(eraOf('a fairly recent horror')!.from).toBeGreaterThanOrEqual(2010);
    expect(eraOf('an old movie about pirates')!.to).toBeLessThanOrEqual(1980);
  });

  test('words saying how the film looks or how old it is are hints, not story words', () => {
    expect(analyseQuery('old black and white movie about a jury').terms).toEqual(tokenize('jury'));
    expect(analyseQuery('a silent film with a clock').terms).toEqual(tokenize('clock'));
    // In the story they stay: an old man is not an old film, and what is denied hints nothing.
    expect(analyseQuery('an old black-and-white film where a black man is on trial').terms).toEqual(tokenize('black man trial'));
    expect(analyseQuery('old man in a 90s film').terms).toContain(stem('old'));
    expect(analyseQuery('not black and white, about a jury').terms).toEqual(tokenize('black white jury'));
  });

  test('words of the retelling are not story words, nor a title\'s', () => {
    expect(analyseQuery('the movie where bruce willis is dead the whole time').terms).toEqual(tokenize('bruce willis dead'));
    expect(analyseQuery('she was his daughter all along').terms).toEqual(tokenize('daughter'));
    expect(analyseQuery('he was a ghost the entire movie').terms).toEqual(tokenize('ghost'));
    expect(analyseQuery('an old black and white film where he was dead all along').terms).toEqual(tokenize('dead'));
    // A title keeps its words, and so does a story that uses them otherwise.
    expect(analyseQuery('the whole nine yards').terms).toEqual(tokenize('whole nine yards'));
    expect(analyseQuery('the whole nine yards').titleTerms).toEqual(tokenize('whole nine yards'));
    expect(analyseQuery('the whole town is flooded').terms).toEqual(tokenize('whole town flooded'));
  });

  test('a day lived again, said as people retell it, is read as the plots say it: relived', () => {
    expect(analyseQuery('a guy wakes up on the same day over and over').terms).toEqual(tokenize('guy wakes day relives'));
    expect(analyseQuery('stuck in a time loop').terms).toEqual(tokenize('stuck time loop relives'));
    // The same day said once is only a day.
    expect(analyseQuery('they got married on the same day').terms).toEqual(tokenize('got married day'));
  });

  test('a short description is also read as a title, without its year or a word for "film"', () => {
    expect(analyseQuery('the matrix').titleTerms).toEqual(tokenize('Matrix'));
    expect(analyseQuery('Jaws 1975').titleTerms).toEqual(tokenize('Jaws'));
    expect(analyseQuery('the movie called Groundhog Day').titleTerms).toEqual(tokenize('Groundhog Day'));
    expect(analyseQuery('a great white shark terrorizes a summer beach town and a police chief hunts it').titleTerms).toBeNull();
  });

  test('an age is not a decade, and no hint is no hint', () => {
    expect(eraOf('a woman in her 30s moves to paris')).toBeNull();
    expect(eraOf('a shark attacks a beach town')).toBeNull();
  });

  test('genres, animation and origin', () => {
    const analysis = analyseQuery('korean animated movie, kind of a horror comedy');
    expect(analysis.genres & genreBit('Animation')).toBeTruthy();
    expect(analysis.genres & genreBit('Horror')).toBeTruthy();
    expect(analysis.genres & genreBit('Western')).toBeFalsy();
    expect(analysis.countries.map((i) => ORIGINS[i]!.country)).toEqual(['South Korea']);
    expect(analyseQuery('a man visits us in america').countries).toEqual([]);
  });
});

describe('origins of Wikipedia leads', () => {
  test('reads the nationality adjectives of the first clause', () => {
    expect(countriesFromLead('Heat is a 1995 American crime film directed by Michael Mann.')).toEqual(['United States']);
    expect(countriesFromLead('Alpha is a 2004 British-American comedy film.')).toEqual(['United Kingdom', 'United States']);
    expect(countriesFromLead('Beta is a 1990 South Korean film.')).toEqual(['South Korea']);
    expect(countriesFromLead('No clause here.')).toEqual([]);
  });
});

describe('hints that are about the story, not the film', () => {
  test('a decade the story is set in is not when the film came out', () => {
    expect(eraOf('a mansion on a stormy night in the 50s')).toBeNull();
    expect(eraOf('it is set in the 1920s, gangsters')).toBeNull();
    expect(eraOf('a movie from the 80s set in the 50s')).toEqual({ from: 1980, to: 1989 });
    expect(eraOf('a film in the 90s about a boy band')).toEqual({ from: 1990, to: 1999 });
  });

  test('a year the story is set in is not when the film came out', () => {
    expect(eraOf('a war film set in 1944, soldiers on a beach')).toBeNull();
    expect(eraOf('the story takes place in 1912 on a big ship, it came out in 1997')).toEqual({ from: 1997, to: 1997 });
    expect(eraOf('a 1994 movie about a prison')).toEqual({ from: 1994, to: 1994 });
  });

  test('what a description says the film is not hints nothing: genre, animation, origin, era', () => {
    const genresOf = (text: string) => GENRES.filter((_, i) => analyseQuery(text).genres & (1 << i)).map((genre) => genre.name);
    expect(genresOf('a talking pig on a farm, not animated, live action')).toEqual([]);
    expect(genresOf("it's not a horror movie, more of a thriller")).toEqual(['Thriller']);
    expect(genresOf('not a comedy but a sad drama about a dog')).toEqual(['Drama']);
    expect(analyseQuery("it wasn't korean, japanese i think").countries.map((i) => ORIGINS[i]!.country)).toEqual(['Japan']);
    expect(eraOf('not from the 80s, later than that')).toBeNull();
    expect(eraOf('early 70s not 90s')).toEqual({ from: 1970, to: 1974 });
    // Past the clause or a contrast, what is said counts again.
    expect(genresOf('not scary at all, an animated musical')).toEqual(['Animation', 'Musical']);
  });

  test('a clause opening with "not" may name a film ruled out; inside a clause "not" tells the story', () => {
    const said = (text: string) => ruledOutSpans(text).map((span) => [text.slice(span.start, span.end), span.terms.join(' ')]);
    expect(said('not the godfather, the other coppola war film')).toEqual([['not the godfather', 'godfather']]);
    expect(said("a war film - it's not platoon - set in the jungle")).toEqual([["it's not platoon", 'platoon']]);
    expect(said('no, not jaws but the one with the killer whale')).toEqual([['no, not jaws', 'jaw']]);
    expect(said('at first one juror votes not guilty, and they argue')).toEqual([]);
    expect(said('he moved the headstones but not the bodies.')).toEqual([]);
  });

  test('a country named as a place is not the film\'s origin; its adjective is', () => {
    expect(analyseQuery('a heist in France, the thieves flee to New England').countries).toEqual([]);
    expect(analyseQuery('a french film about a heist').countries.map((i) => ORIGINS[i]!.country)).toEqual(['France']);
  });
});
