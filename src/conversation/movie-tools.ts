// The Q&A agent's tools for the confirmed film: its facts (catalog record fetched live when it
// has one, else what the candidate carries), its credits, and from the corpus similar films
// and the other films of its series and of its directors.
import { directorsOf, type MovieCandidate, releaseYear } from '../catalog/candidates.ts';
import type { CatalogProvider, CatalogTitle } from '../catalog/catalog.ts';
import type { MovieFacts, MovieTools, SimilarFilm } from '../llm/language-model.ts';
import type { CorpusMovie } from '../search/corpus.ts';
import type { MovieSearch } from '../search/movie-search.ts';

/** A film of the corpus as the tools name it. */
const filmNamed = (film: CorpusMovie): SimilarFilm => ({ title: film.title, year: film.year, directors: film.directors });

export function movieTools(movie: MovieCandidate, catalog: CatalogProvider, search: MovieSearch, deadline: number): MovieTools {
  let record: Promise<CatalogTitle | null> | null = null;
  const inCorpus = { id: movie.corpus_id, title: movie.rag_title, directors: directorsOf(movie), cast: movie.rag_cast };
  const catalogRecord = () =>
    (record ??= movie.catalog_id
      ? catalog.getTitles([movie.catalog_id], { deadline }).then((titles) => titles[0] ?? null, () => null)
      : Promise.resolve(null));
  const details = async (): Promise<MovieFacts> => {
    const live = await catalogRecord();
    const runtime = live?.runtimeMinutes ?? movie.rag_runtime_minutes ?? null;
    return {
      title: movie.catalog_title ?? movie.rag_title,
      originalTitle: live?.originalTitle ?? null,
      year: releaseYear(movie),
      directors: movie.catalog_directors.length ? movie.catalog_directors : (movie.rag_director?.split(', ') ?? []),
      cast: movie.catalog_stars.length ? movie.catalog_stars : movie.rag_cast,
      genres: movie.catalog_genres.length ? movie.catalog_genres : movie.rag_genre,
      rating: live?.rating ?? movie.catalog_rating,
      runtimeMinutes: runtime,
      countries: movie.rag_countries ?? [],
      languages: movie.rag_languages ?? [],
      logline: movie.catalog_plot,
      plot: movie.rag_plot || null,
    };
  };
  return {
    details,
    async credits() {
      const facts = await details();
      return { directors: facts.directors, cast: facts.cast };
    },
    async similar(count: number): Promise<SimilarFilm[]> {
      const films = await search.similarTo({ ...inCorpus, plot: movie.rag_plot, genres: movie.rag_genre }, count);
      return films.map(filmNamed);
    },
    async byDirectors(): Promise<SimilarFilm[]> {
      const { directors } = await details();
      const films = directors.flatMap((director) => search.directedBy(director)).filter((film) => film.id !== movie.corpus_id);
      return [...new Map(films.map((film) => [film.id, film])).values()].sort((a, b) => a.year - b.year).map(filmNamed);
    },
    async series(): Promise<SimilarFilm[]> {
      return search.seriesOf(inCorpus).map(filmNamed);
    },
  };
}
