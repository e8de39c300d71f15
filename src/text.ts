// Text helpers shared by every comparison of titles, messages and documents, and by the
// readers of untrusted JSON (corpus files, a language model's answers).

/** Accents removed ("Amélie" -> "Amelie"), so people can type without them. */
export const foldAccents = (text: string) => text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');

/** The non-empty strings of a JSON value that should be a list of strings, trimmed; [] otherwise. */
export const stringList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v.trim() !== '').map((v) => v.trim()) : [];
