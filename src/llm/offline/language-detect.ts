// Which language a message is written in, from its function words (or its script): enough to
// tell a Spanish or German description from an English one, which the offline engine searches
// in a word-by-word gloss (its embedding model and lexical index read English only).
import { glossToEnglish } from './gloss.ts';

export interface LanguageGuess {
  /** ISO 639-1 code. */
  code: string;
  name: string;
}

const PROFILES: Array<{ code: string; name: string; words: string[] }> = [
  { code: 'en', name: 'English', words: 'the a an and of to in is it that was with for on his her he she they who where when this film movie about one but not'.split(' ') },
  { code: 'es', name: 'Spanish', words: 'el la los las un una y de del en que es con por para se su pero película peli donde cuando al lo muy sobre hay creo era'.split(' ') },
  { code: 'de', name: 'German', words: 'der die das ein eine und ist nicht mit von zu den dem im auf es sich ich film wo wie auch aber war einem einen über dann'.split(' ') },
  { code: 'fr', name: 'French', words: 'le la les un une et de des du en est qui que dans avec pour sur il elle film où pas au aux se son sa je était'.split(' ') },
  { code: 'it', name: 'Italian', words: 'il lo la gli le un una e di del della in che è con per su si film dove non ma al nel sono era uno'.split(' ') },
  { code: 'pt', name: 'Portuguese', words: 'o a os as um uma e de do da em que é com por para se filme onde não mas no na ao eu era sobre'.split(' ') },
  { code: 'nl', name: 'Dutch', words: 'de het een en van in is dat die met op voor niet zijn er film waar maar ook hij zij'.split(' ') },
];

/** Letters only a few languages use: a strong hint even in a short message. */
const MARKS: Array<[RegExp, string]> = [
  [/[ñ¿¡]/, 'es'],
  [/[ß]|\b\w*(ä|ö|ü)\w*\b/, 'de'],
  [/[ç]|\b(où|été|était|très)\b/, 'fr'],
  [/[ãõ]/, 'pt'],
];

const ENGLISH: LanguageGuess = { code: 'en', name: 'English' };

/** Scripts other than Latin, and the language they most likely mean. */
const SCRIPTS: Array<[RegExp, LanguageGuess]> = [
  [/[\p{Script=Hiragana}\p{Script=Katakana}]/u, { code: 'ja', name: 'Japanese' }],
  [/\p{Script=Hangul}/u, { code: 'ko', name: 'Korean' }],
  [/\p{Script=Han}/u, { code: 'zh', name: 'Chinese' }],
  [/\p{Script=Cyrillic}/u, { code: 'ru', name: 'Russian' }],
  [/\p{Script=Greek}/u, { code: 'el', name: 'Greek' }],
  [/\p{Script=Arabic}/u, { code: 'ar', name: 'Arabic' }],
  [/\p{Script=Hebrew}/u, { code: 'he', name: 'Hebrew' }],
  [/\p{Script=Devanagari}/u, { code: 'hi', name: 'Hindi' }],
  [/\p{Script=Thai}/u, { code: 'th', name: 'Thai' }],
];

/** The name of a language detectLanguage knows, in English. */
export const languageName = (code: string) => PROFILES.find((profile) => profile.code === code)?.name ?? code;

/** The script most of the message's letters are in, when it is not Latin. */
function scriptLanguage(text: string): LanguageGuess | null {
  const letters = [...text].filter((c) => /\p{L}/u.test(c));
  const latin = letters.filter((c) => /\p{Script=Latin}/u.test(c)).length;
  if (letters.length === 0 || latin >= letters.length / 2) return null;
  // Japanese mixes kana with Han characters, so kana decides before Han does.
  return SCRIPTS.find(([pattern]) => pattern.test(text))?.[1] ?? { code: 'und', name: 'a language in another script' };
}

/**
 * The most likely language of `text`. Short or ambiguous messages count as English: only a
 * clear majority of another language's function words (or its letters) says otherwise.
 */
export function detectLanguage(text: string): LanguageGuess {
  const script = scriptLanguage(text);
  if (script) return script;
  const lower = text.toLowerCase();
  const tokens = lower.split(/[^\p{L}']+/u).filter(Boolean);
  if (tokens.length === 0) return ENGLISH;
  const scores = PROFILES.map((profile) => ({ profile, hits: tokens.filter((token) => profile.words.includes(token)).length }));
  for (const [pattern, code] of MARKS) if (pattern.test(lower)) scores.find((s) => s.profile.code === code)!.hits += 2;
  scores.sort((a, b) => b.hits - a.hits);
  const english = scores.find((s) => s.profile.code === 'en')!.hits;
  const best = scores[0]!;
  if (best.profile.code === 'en' || best.hits < 2 || best.hits <= english + 1) return ENGLISH;
  const tied = scores.filter((s) => s.hits === best.hits);
  const chosen = tied.length === 1 ? best.profile : bestKnown(text, tied.map((s) => s.profile));
  return chosen ? { code: chosen.code, name: chosen.name } : ENGLISH;
}

/**
 * Of languages whose function words a message has as many of (Spanish and French share "de",
 * "la", "un", "que", "en"), the one whose glossary reads most of its words: "pelicula de un
 * robot que limpia la basura" is Spanish. Null when that does not tell them apart either.
 */
function bestKnown(text: string, tied: Array<{ code: string; name: string }>): { code: string; name: string } | null {
  const known = tied.map((language) => ({ language, known: glossToEnglish(text, language.code)?.known ?? 0 })).sort((a, b) => b.known - a.known);
  return known[0]!.known > known[1]!.known ? known[0]!.language : null;
}
