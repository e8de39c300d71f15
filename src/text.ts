// Text helpers shared by every comparison of titles, messages and documents, by the readers
// of untrusted JSON (corpus files, a language model's answers), and by their error messages.

/** Accents removed ("Amélie" -> "Amelie"), so people can type without them. */
export const foldAccents = (text: string) => text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');

/** Why a file could not be read, in words for a message ("no such file"; otherwise the error's own). */
export function whyUnreadable(error: unknown): string {
  const code = (error as { code?: string }).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EISDIR') return 'a directory, not a file';
  if (code === 'EACCES') return 'permission denied';
  return (error as Error).message;
}

/** The non-empty strings of a JSON value that should be a list of strings, trimmed; [] otherwise. */
export const stringList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v.trim() !== '').map((v) => v.trim()) : [];
