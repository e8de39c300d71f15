// Text folding shared by every comparison of titles, messages and documents.

/** Accents removed ("Amélie" -> "Amelie"), so people can type without them. */
export const foldAccents = (text: string) => text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
