// The fields a film is searched by, as index terms. Fielded scoring lets a match in the story
// count differently from a match in the title or the credits: a short description that shares
// one rare word with a title should not beat the film whose story it tells.
import { type CorpusMovie, namesOf, storyTexts } from './corpus.ts';
import { originWords } from './origins.ts';
import { bigrams, stopwordLedPairs, tokenize } from './tokens.ts';

export const FIELDS = ['title', 'plot', 'people', 'genre', 'origin', 'phrase'] as const;
export type Field = (typeof FIELDS)[number];
export const FIELD_COUNT = FIELDS.length;
export const fieldIndex = (field: Field) => FIELDS.indexOf(field);

/** Words people use for a genre that the genre's own name does not contain. */
const GENRE_WORDS: Record<string, string> = {
  animation: 'animated cartoon',
  'sci-fi': 'science fiction scifi space',
  'science fiction': 'scifi sci fi',
  horror: 'scary',
  comedy: 'funny',
  romance: 'romantic love',
  musical: 'music songs singing',
  music: 'musical songs',
  western: 'cowboy cowboys',
  war: 'soldiers',
  family: 'kids children',
  documentary: 'real true',
  biography: 'biopic true story',
  crime: 'criminal',
  thriller: 'suspense',
  superhero: 'superheroes comic',
  sport: 'sports',
  sports: 'sport',
};

/** Capitalised words inside sentences: the characters and places a plot names ("Andy", "Red", "Maine"). */
export function namesInPlot(plot: string): string[] {
  const names: string[] = [];
  for (const sentence of plot.split(/(?<=[.!?:;])\s+/)) {
    const tokens = sentence.split(/\s+/);
    for (let i = 1; i < tokens.length; i++) {
      const word = tokens[i]!.replace(/[^\p{L}'-]/gu, '');
      if (/^\p{Lu}\p{Ll}/u.test(word)) names.push(word.replace(/'s$/, ''));
    }
  }
  return names;
}

export function filmFields(movie: CorpusMovie): Record<Field, string[]> {
  const texts = storyTexts(movie);
  const story = texts.map(tokenize);
  const genres = movie.genres.map((genre) => `${genre} ${GENRE_WORDS[genre.toLowerCase()] ?? ''}`).join(' ');
  const credits = [...movie.directors, ...movie.cast];
  return {
    title: tokenize(namesOf(movie).join(' ')),
    plot: story.flat(),
    people: [...tokenize([...credits, ...texts.flatMap(namesInPlot)].join(' ')), ...credits.flatMap(stopwordLedPairs)],
    genre: tokenize(genres),
    origin: tokenize(originWords(movie.countries, movie.languages).join(' ')),
    phrase: story.flatMap(bigrams),
  };
}
