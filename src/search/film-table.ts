// The facts ranking needs about every film, as typed arrays in a memory-mapped file: year,
// vote count, how much the corpus knows about it, genres, countries and languages, and where
// its passages are. Reading them costs no JSON parsing on the search path.
import { BinaryFile, writeBinaryFile } from './binary-file.ts';
import type { CorpusMovie } from './corpus.ts';
import { genreMask } from './genres.ts';
import { ORIGINS } from './origins.ts';

/** Countries and languages kept per film; more are rare and matter little. */
const ORIGIN_SLOTS = 3;
const UNKNOWN_VOTES = -1;

interface FilmTableMeta {
  films: number;
  /** The languages of the corpus, in the order their codes (1-based) refer to. */
  languages: string[];
}

export interface FilmFacts {
  year: number;
  votes: number | null;
  plotCharacters: number;
  castCount: number;
  /** Bit set over GENRES. */
  genres: number;
  /** Indexes into ORIGINS. */
  countries: number[];
  languages: string[];
}

const countryCodes = new Map(ORIGINS.map((origin, i) => [origin.country, i + 1]));

export function writeFilmTable(path: string, movies: CorpusMovie[]): void {
  const n = movies.length;
  const languages = [...new Set(movies.flatMap((movie) => movie.languages))].sort();
  const languageCodes = new Map(languages.map((language, i) => [language, i + 1]));
  const year = new Int16Array(n);
  const votes = new Int32Array(n);
  const plotCharacters = new Uint32Array(n);
  const castCount = new Uint8Array(n);
  const genres = new Uint32Array(n);
  const countries = new Uint8Array(n * ORIGIN_SLOTS);
  const languageSlots = new Uint16Array(n * ORIGIN_SLOTS);
  movies.forEach((movie, key) => {
    year[key] = movie.year;
    votes[key] = movie.votes === null ? UNKNOWN_VOTES : Math.min(movie.votes, 0x7fffffff);
    plotCharacters[key] = movie.plot.length;
    castCount[key] = Math.min(movie.cast.length, 255);
    genres[key] = genreMask(movie.genres);
    movie.countries
      .map((country) => countryCodes.get(country))
      .filter((code) => code !== undefined)
      .slice(0, ORIGIN_SLOTS)
      .forEach((code, slot) => (countries[key * ORIGIN_SLOTS + slot] = code));
    movie.languages.slice(0, ORIGIN_SLOTS).forEach((language, slot) => (languageSlots[key * ORIGIN_SLOTS + slot] = languageCodes.get(language)!));
  });
  const meta: FilmTableMeta = { films: n, languages };
  writeBinaryFile(path, meta, { year, votes, plotCharacters, castCount, genres, countries, languages: languageSlots });
}

export class FilmTable {
  private readonly languageNames: string[];
  private readonly year: Int16Array;
  private readonly votes: Int32Array;
  private readonly plotCharacters: Uint32Array;
  private readonly castCount: Uint8Array;
  private readonly genres: Uint32Array;
  private readonly countries: Uint8Array;
  private readonly languages: Uint16Array;

  private constructor(file: BinaryFile<FilmTableMeta>) {
    this.languageNames = file.meta.languages;
    this.year = file.section('year', Int16Array);
    this.votes = file.section('votes', Int32Array);
    this.plotCharacters = file.section('plotCharacters', Uint32Array);
    this.castCount = file.section('castCount', Uint8Array);
    this.genres = file.section('genres', Uint32Array);
    this.countries = file.section('countries', Uint8Array);
    this.languages = file.section('languages', Uint16Array);
  }

  static open(path: string): FilmTable {
    return new FilmTable(BinaryFile.open<FilmTableMeta>(path));
  }

  /** The earliest and latest year a film came out in (from > to when there is no film). */
  yearSpan(): { from: number; to: number } {
    let from = Infinity;
    let to = -Infinity;
    for (const year of this.year) {
      from = Math.min(from, year);
      to = Math.max(to, year);
    }
    return { from, to };
  }

  facts(key: number): FilmFacts {
    const slots = (array: Uint8Array | Uint16Array) => Array.from(array.subarray(key * ORIGIN_SLOTS, (key + 1) * ORIGIN_SLOTS)).filter((code) => code > 0);
    const votes = this.votes[key]!;
    return {
      year: this.year[key]!,
      votes: votes === UNKNOWN_VOTES ? null : votes,
      plotCharacters: this.plotCharacters[key]!,
      castCount: this.castCount[key]!,
      genres: this.genres[key]!,
      countries: slots(this.countries).map((code) => code - 1),
      languages: slots(this.languages).map((code) => this.languageNames[code - 1]!),
    };
  }
}
