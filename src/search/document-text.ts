// What gets embedded for a film. The variants were measured on the retrieval evaluation set
// (bench/retrieval-quality.ts); DEFAULT_DOCUMENT_TEXT is the winner. USE-lite reads at most
// 128 tokens, so what comes first matters: the plot leads, facts follow.
import type { CorpusMovie } from './corpus.ts';

export type DocumentTextVariant = 'plot' | 'plot-facts' | 'facts-plot';

const facts = (movie: CorpusMovie) =>
  [
    `${movie.title} (${movie.year})`,
    movie.genres.length ? movie.genres.join(', ') : '',
    movie.directors.length ? `Directed by ${movie.directors.join(', ')}` : '',
    movie.cast.length ? `Starring ${movie.cast.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('. ');

export const documentText: Record<DocumentTextVariant, (movie: CorpusMovie) => string> = {
  plot: (movie) => movie.plot,
  'plot-facts': (movie) => `${movie.plot} ${facts(movie)}.`,
  'facts-plot': (movie) => `${facts(movie)}. ${movie.plot}`,
};

export const DEFAULT_DOCUMENT_TEXT: DocumentTextVariant = 'plot-facts';
