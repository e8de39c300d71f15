// Genres as corpora label them ("Science Fiction", "Sci-Fi", "Animated") and as people say
// them ("a sci fi movie", "a cartoon"), mapped onto one list, so a genre hint in a description
// can be compared with a film's genres whatever the corpus calls them.

export interface Genre {
  name: string;
  /** Lower-case genre labels of corpora that mean it. */
  labels: string[];
  /** Lower-case words or phrases of a description that ask for it. */
  said: string[];
}

export const GENRES: Genre[] = [
  { name: 'Animation', labels: ['animation', 'animated'], said: ['animated', 'animation', 'cartoon', 'cartoons', 'anime', 'pixar', 'claymation', 'stop motion', 'cgi movie', 'drawn'] },
  { name: 'Horror', labels: ['horror', 'slasher', 'supernatural'], said: ['horror', 'scary', 'slasher', 'creepy', 'terrifying', 'spooky'] },
  { name: 'Comedy', labels: ['comedy', 'satire'], said: ['comedy', 'funny', 'comedic', 'hilarious', 'rom com', 'romcom', 'spoof', 'parody'] },
  { name: 'Western', labels: ['western'], said: ['western', 'cowboy', 'cowboys', 'wild west'] },
  { name: 'Musical', labels: ['musical', 'music', 'dance', 'performance'], said: ['musical', 'singing', 'songs', 'dance movie'] },
  { name: 'War', labels: ['war'], said: ['war movie', 'war film', 'wwii', 'ww2', 'ww1', 'wwi', 'world war'] },
  { name: 'Science Fiction', labels: ['science fiction', 'sci-fi'], said: ['sci fi', 'scifi', 'science fiction', 'sci-fi'] },
  { name: 'Romance', labels: ['romance'], said: ['romance', 'romantic', 'love story', 'rom com', 'romcom'] },
  { name: 'Thriller', labels: ['thriller', 'suspense'], said: ['thriller', 'suspense', 'suspenseful'] },
  { name: 'Crime', labels: ['crime', 'noir', 'film-noir'], said: ['crime', 'gangster', 'mafia', 'heist', 'mob movie'] },
  { name: 'Noir', labels: ['noir', 'film-noir'], said: ['noir', 'film noir'] },
  { name: 'Documentary', labels: ['documentary'], said: ['documentary', 'docu'] },
  { name: 'Biography', labels: ['biography'], said: ['biopic', 'true story', 'based on a true', 'biography', 'real life story'] },
  { name: 'Fantasy', labels: ['fantasy'], said: ['fantasy', 'magical', 'fairy tale'] },
  { name: 'Family', labels: ['family'], said: ['family movie', 'kids movie', 'children s movie', 'for kids'] },
  { name: 'Sport', labels: ['sport', 'sports'], said: ['sports movie', 'sport movie', 'boxing movie', 'football movie', 'baseball movie'] },
  { name: 'Superhero', labels: ['superhero'], said: ['superhero', 'super hero', 'marvel', 'comic book'] },
  { name: 'Martial Arts', labels: ['martial arts'], said: ['martial arts', 'kung fu', 'karate'] },
  { name: 'Spy', labels: ['spy'], said: ['spy', 'secret agent', 'espionage'] },
  { name: 'Action', labels: ['action'], said: ['action movie', 'action film', 'action packed'] },
  { name: 'Adventure', labels: ['adventure'], said: ['adventure'] },
  { name: 'Mystery', labels: ['mystery'], said: ['mystery', 'whodunit', 'whodunnit'] },
  { name: 'Drama', labels: ['drama'], said: ['drama'] },
  { name: 'Silent', labels: ['silent'], said: ['silent film', 'silent movie', 'silent era', 'silent'] },
  { name: 'Teen', labels: ['teen'], said: ['teen movie', 'high school movie', 'teen comedy'] },
  { name: 'Disaster', labels: ['disaster'], said: ['disaster movie', 'disaster film'] },
];

/**
 * The genres a text says the way people say them, each with where it is first said, in the
 * order said. `text`: lower-case words separated by spaces ("is it scary", "an 80s cartoon").
 */
export function genresSaid(text: string): Array<{ genre: Genre; index: number; at: number }> {
  const padded = ` ${text} `;
  return GENRES.flatMap((genre, index) => {
    const at = Math.min(...genre.said.map((phrase) => padded.indexOf(` ${phrase} `)).filter((found) => found >= 0));
    return at === Infinity ? [] : [{ genre, index, at }];
  }).sort((a, b) => a.at - b.at);
}

const byLabel = new Map<string, number[]>();
GENRES.forEach((genre, i) => genre.labels.forEach((label) => byLabel.set(label, [...(byLabel.get(label) ?? []), i])));

/** A film's genres as a bit set over GENRES. */
export function genreMask(labels: string[]): number {
  let mask = 0;
  for (const label of labels) for (const i of byLabel.get(label.toLowerCase()) ?? []) mask |= 1 << i;
  return mask >>> 0;
}

export const genreBit = (name: string) => (1 << GENRES.findIndex((genre) => genre.name === name)) >>> 0;

/** How many genres a bit set over GENRES holds. */
export const genreCount = (mask: number) => GENRES.reduce((n, _, i) => n + ((mask >>> i) & 1), 0);

/** The share of two films' genres that they share (Jaccard), genres read as GENRES whatever the corpus calls them. */
export function sharedGenres(a: string[], b: string[]): number {
  const [first, second] = [genreMask(a), genreMask(b)];
  const union = genreCount(first | second);
  return union ? genreCount(first & second) / union : 0;
}
