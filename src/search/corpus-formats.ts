// Readers for the corpus files the ingest command accepts. Each turns its rows into
// CorpusMovie records and reports bad rows with their line numbers instead of aborting:
//   - the project's own JSONL (data/corpus/movies.jsonl), one CorpusMovie a line;
//   - the wikipedia-movie-data JSON arrays ({title, year, cast, genres, extract, ...});
//   - the IMDb top-1000 CSV layout (Series_Title, Released_Year, Overview, Director, Star1-4, ...).
import { extname } from 'node:path';
import { type CorpusMovie, corpusId } from './corpus.ts';
import { parseCsv } from './csv.ts';
import { countriesFromLead } from './origins.ts';
import { stringList } from '../text.ts';

export interface RowProblem {
  line: number;
  reason: string;
}

export interface ReadResult {
  format: 'jsonl' | 'wikipedia-json' | 'imdb-csv';
  movies: CorpusMovie[];
  problems: RowProblem[];
}

const MIN_YEAR = 1870;
const MAX_YEAR = new Date().getFullYear() + 5;

type Row = Record<string, unknown>;
const isRecord = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export async function readCorpusFile(path: string): Promise<ReadResult> {
  const content = await Bun.file(path).text();
  const extension = extname(path).toLowerCase();
  if (extension === '.csv') return readImdbCsv(content);
  if (extension === '.json' || content.trimStart().startsWith('[')) return readJsonArray(content);
  return readJsonLines(content);
}

/** Checks the fields every format must provide; returns a reason or null. */
function rejectReason(movie: Partial<CorpusMovie>): string | null {
  if (!movie.title) return 'no title';
  if (!Number.isInteger(movie.year) || movie.year! < MIN_YEAR || movie.year! > MAX_YEAR) return `year ${movie.year ?? 'missing'} is not a plausible release year`;
  if (!movie.plot) return 'no plot text to search';
  return null;
}

/** Gives every movie a unique id (a second film with the same title and year gets "-2"). */
class IdAllocator {
  private readonly used = new Set<string>();
  next(title: string, year: number): string {
    const base = corpusId(title, year);
    let id = base;
    for (let n = 2; this.used.has(id); n++) id = `${base}-${n}`;
    this.used.add(id);
    return id;
  }
}

function collect(format: ReadResult['format'], rows: Array<{ line: number; movie: Partial<CorpusMovie> | string }>): ReadResult {
  const ids = new IdAllocator();
  const movies: CorpusMovie[] = [];
  const problems: RowProblem[] = [];
  for (const { line, movie } of rows) {
    const reason = typeof movie === 'string' ? movie : rejectReason(movie);
    if (reason || typeof movie === 'string') {
      problems.push({ line, reason: reason ?? 'unreadable' });
      continue;
    }
    const title = movie.title!;
    const year = movie.year!;
    movies.push({
      id: ids.next(title, year),
      title,
      aliases: movie.aliases ?? [],
      ...(movie.knownAs?.length ? { knownAs: movie.knownAs } : {}),
      year,
      directors: movie.directors ?? [],
      genres: movie.genres ?? [],
      cast: movie.cast ?? [],
      runtimeMinutes: movie.runtimeMinutes ?? null,
      plot: movie.plot!,
      ...(movie.logline ? { logline: movie.logline } : {}),
      countries: movie.countries ?? [],
      languages: movie.languages ?? [],
      votes: movie.votes ?? null,
    });
  }
  return { format, movies, problems };
}

function readJsonLines(content: string): ReadResult {
  const rows: Array<{ line: number; movie: Partial<CorpusMovie> | string }> = [];
  content.split('\n').forEach((raw, index) => {
    if (raw.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      return void rows.push({ line: index + 1, movie: 'not valid JSON' });
    }
    if (!isRecord(value)) return void rows.push({ line: index + 1, movie: 'not a JSON object' });
    rows.push({
      line: index + 1,
      movie: {
        title: text(value.title),
        aliases: stringList(value.aliases),
        knownAs: stringList(value.knownAs),
        year: value.year as number,
        directors: stringList(value.directors),
        genres: stringList(value.genres),
        cast: stringList(value.cast),
        runtimeMinutes: Number.isInteger(value.runtimeMinutes) ? (value.runtimeMinutes as number) : null,
        plot: text(value.plot),
        logline: text(value.logline) || undefined,
        countries: stringList(value.countries),
        languages: stringList(value.languages),
        votes: Number.isInteger(value.votes) && (value.votes as number) >= 0 ? (value.votes as number) : null,
      },
    });
  });
  return collect('jsonl', rows);
}

function readJsonArray(content: string): ReadResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch (error) {
    return { format: 'wikipedia-json', movies: [], problems: [{ line: 1, reason: `not valid JSON: ${(error as Error).message}` }] };
  }
  if (!Array.isArray(parsed)) return { format: 'wikipedia-json', movies: [], problems: [{ line: 1, reason: 'expected a JSON array of films' }] };
  const lines = elementLines(content);
  const rows = parsed.map((value, i) => {
    const line = lines[i] ?? 1;
    if (!isRecord(value)) return { line, movie: 'not a JSON object' };
    const extract = text(value.extract);
    return {
      line,
      movie: {
        title: text(value.title),
        year: value.year as number,
        directors: directorsFromExtract(extract),
        genres: stringList(value.genres),
        cast: stringList(value.cast),
        plot: extract,
        countries: countriesFromLead(extract),
      } satisfies Partial<CorpusMovie>,
    };
  });
  return collect('wikipedia-json', rows);
}

/** Wikipedia leads name the director in prose: "... is a 1990 film directed by Renny Harlin and written by ...". */
export function directorsFromExtract(extract: string): string[] {
  const after = /\bdirected by\s+(.*)$/s.exec(extract)?.[1];
  if (!after) return [];
  const names: string[] = [];
  let current: string[] = [];
  const flush = () => {
    if (current.length >= 2) names.push(current.join(' '));
    current = [];
  };
  for (const raw of after.split(/\s+/)) {
    if (raw === 'and') {
      flush();
      continue;
    }
    // A name is capitalised words; initials like "J." belong to it, any other final period ends the sentence.
    const sentenceEnd = /[^A-Z.]\.$/.test(raw) || /[;)]$/.test(raw);
    const word = raw.replace(/[,;:()]+$/, '').replace(/([^A-Z])\.$/, '$1');
    if (!/^\p{Lu}/u.test(word)) break;
    current.push(word);
    if (raw.endsWith(',')) flush();
    if (sentenceEnd) break;
  }
  flush();
  return names;
}

/** The line on which each top-level element of a JSON array starts. */
function elementLines(content: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < content.length; i++) {
    const char = content[i];
    if (char === '\n') line++;
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') {
      if (depth === 1) lines.push(line);
      inString = true;
    } else if (char === '{' || char === '[') {
      if (depth === 1) lines.push(line);
      depth++;
    } else if (char === '}' || char === ']') depth--;
    else if (depth === 1 && /[-\dtfn]/.test(char!) && /[,[]\s*$/.test(content.slice(Math.max(0, i - 20), i))) lines.push(line);
  }
  return lines;
}

const IMDB_COLUMNS = ['Series_Title', 'Released_Year', 'Genre', 'Overview', 'Director', 'Star1'];

function readImdbCsv(content: string): ReadResult {
  const [header, ...records] = parseCsv(content);
  const column = new Map((header ?? []).map((name, i) => [name.trim(), i]));
  const missing = IMDB_COLUMNS.filter((name) => !column.has(name));
  if (missing.length > 0) {
    return { format: 'imdb-csv', movies: [], problems: [{ line: 1, reason: `not the IMDb top-1000 layout: missing columns ${missing.join(', ')}` }] };
  }
  const cell = (record: string[], name: string) => (record[column.get(name) ?? -1] ?? '').trim();
  // Line numbers count physical lines: a quoted field may span several.
  let line = 2;
  const rows = records.map((record) => {
    const start = line;
    line += 1 + record.reduce((n, field) => n + (field.match(/\n/g)?.length ?? 0), 0);
    if (record.every((field) => field.trim() === '')) return null;
    const minutes = /^(\d+)\s*min$/.exec(cell(record, 'Runtime'));
    return {
      line: start,
      movie: {
        title: cell(record, 'Series_Title'),
        year: /^\d{4}$/.test(cell(record, 'Released_Year')) ? Number(cell(record, 'Released_Year')) : undefined,
        directors: [cell(record, 'Director')].filter(Boolean),
        genres: cell(record, 'Genre').split(',').map((g) => g.trim()).filter(Boolean),
        cast: ['Star1', 'Star2', 'Star3', 'Star4'].map((name) => cell(record, name)).filter(Boolean),
        runtimeMinutes: minutes ? Number(minutes[1]) : null,
        plot: cell(record, 'Overview'),
        votes: /^[\d,]+$/.test(cell(record, 'No_of_Votes')) ? Number(cell(record, 'No_of_Votes').replace(/,/g, '')) : null,
      } satisfies Partial<CorpusMovie>,
    };
  });
  return collect('imdb-csv', rows.filter((row) => row !== null));
}
