// Confirmation intent without a language model: title mentions, ordinals and yes/no cues,
// with negation handled, and, when no rule decides, the nearest of two sets of labelled
// example replies in embedding space.
import { foldAccents } from '../../text.ts';
import type { MovieCandidate } from '../../catalog/candidates.ts';
import { normaliseTitle, titleSimilarity } from '../../catalog/matching.ts';
import type { Embedder } from '../../search/embedder.ts';
import type { Intent } from '../language-model.ts';

/** Team-written examples for the nearest-example fallback (not the evaluation set). */
const CONFIRM_EXAMPLES = [
  'yes that is the one',
  'that is exactly the movie I was thinking of',
  'you found it, thank you',
  'that is it',
  'correct, that film',
  'I am pretty sure it is that one',
  'oh wow yes, finally',
  'spot on',
  'sounds right to me',
  'that must be it',
  'I remember now, that is it',
  'you got it',
];
const REFINE_EXAMPLES = [
  'none of these are right',
  'it is not any of those films',
  'no, it was more recent than that',
  'not those, it was a comedy set in a school',
  'wrong films, there was a dog in it',
  'I do not think so, the main character was a woman',
  'no it was animated',
  'those are not it, it took place in space',
  'different movie, it had a big twist at the end',
  'can you look again, it was in black and white',
  'not quite, the story was about two brothers',
  'try again please',
];

const NEGATIONS = new Set(['not', 'no', 'nope', 'none', 'neither', 'nor', 'never', 'isnt', 'wasnt', 'aint', 'dont', 'nah', 'wrong']);
const AFFIRMATIONS = /^(yes|yeah|yep|yup|ya|yea|sure|correct|right|exactly|bingo|absolutely|definitely|indeed|that s it|thats it|that s the one|thats the one|this one|that one|it s that one|perfect|found it|you got it|got it|spot on|ok|okay|yess+)\b/;
const REFUSALS = /^(\w+ )?(no|nope|nah|none|neither|not|wrong|negative|nothing)\b|\b(none of (these|those|them)|not (it|them|these|those|any)|neither of|not quite|try again|any others|anything else|something else|other (one|ones|movie|film)s?)\b/;
const AFTERTHOUGHT = /\b(wait|actually|hang on|hold on|oh no|scratch that|on second thought)\b/;
const BUT_NOT = /\b(but|though|although)\b.*\b(no|not|wrong|nope|different|none)\b|\bclose but\b/;

const ORDINALS: Array<[RegExp, (count: number) => number]> = [
  [/\b(last|final|bottom)( one)?\b/, (n) => n - 1],
  [/\b(second|2nd|middle|number two|number 2|no 2|option 2|option two|choice 2)\b|(^|\s)#2\b|^(2|two)$/, () => 1],
  [/\b(third|3rd|number three|number 3|no 3|option 3|option three|choice 3)\b|(^|\s)#3\b|^(3|three)$/, () => 2],
  [/\b(fourth|4th|number 4|option 4)\b|(^|\s)#4\b|^4$/, () => 3],
  [/\b(fifth|5th|number 5|option 5)\b|(^|\s)#5\b|^5$/, () => 4],
  [/\b(first|1st|top|number one|number 1|no 1|option 1|option one|choice 1)\b|(^|\s)#1\b|^(1|one)$/, () => 0],
];

export function normaliseMessage(message: string): string {
  return foldAccents(message)
    .toLowerCase()
    .replace(/[’']/g, '')
    .replace(/#\s+/g, '#')
    .replace(/[^a-z0-9#]+/g, ' ')
    .trim();
}

/** Whether a negation appears within `window` words before position `at` of the words list. */
function negatedBefore(words: string[], at: number, window = 3): boolean {
  return words.slice(Math.max(0, at - window), at).some((word) => NEGATIONS.has(word));
}

const TITLE_STOPWORDS = new Set(['the', 'a', 'an', 'of', 'and', 'in', 'on', 'to', 'at', 'for', 'part', 'ii', 'iii', 'i', 'my', 'is', 'it']);
/** Words too common to tell films apart. */
const COMMON_WORDS = new Set(
  ('about with that this from they there their when what where which while movie film films movies think thought ' +
    'remember really pretty guy girl man woman people story scene ones like just some have were been into then than ' +
    'them these those other only also very much more most yeah yes it s one two three first second third last').split(' '),
);

/** "c r a z y" (from C.R.A.Z.Y.) and "dev d" (from Dev.D) also match "crazy" and "devd". */
const squeezed = (text: string) => text.replace(/ /g, '');

/** How strongly the words at `start` name the title: 1 exact, near 1 for typos, 0.9 for a distinctive part. */
function mentionScore(words: string[], start: number, titleWords: string[]): number {
  let best = 0;
  const title = titleWords.join(' ');
  for (const span of [titleWords.length, titleWords.length - 1, titleWords.length + 1, 1, 2, 3]) {
    if (span < 1 || start + span > words.length) continue;
    const phrase = words.slice(start, start + span).join(' ');
    if (phrase === title || squeezed(phrase) === squeezed(title)) return 1;
    if (span === titleWords.length || Math.abs(span - titleWords.length) === 1) {
      const threshold = titleWords.length === 1 ? 0.85 : 0.75;
      const score = Math.max(titleSimilarity(phrase, title), titleSimilarity(squeezed(phrase), squeezed(title)));
      if (score >= threshold) best = Math.max(best, score);
    }
    // Two or more consecutive title words, not all small words: "robin hood", "willy wonka".
    if (span >= 2 && span < titleWords.length && ` ${title} `.includes(` ${phrase} `) && !phrase.split(' ').every((w) => TITLE_STOPWORDS.has(w))) {
      best = Math.max(best, 0.9);
    }
  }
  return best;
}

/** Candidates whose title the message names, with whether the mention is negated. */
function titleMentions(text: string, candidates: MovieCandidate[]): Array<{ index: number; negated: boolean }> {
  const words = text.split(' ');
  const mentions: Array<{ index: number; negated: boolean; score: number }> = [];
  candidates.forEach((candidate, index) => {
    const titleWords = normaliseTitle(candidate.rag_title).split(' ').filter(Boolean);
    if (titleWords.join('').length < 3) return;
    let best = { score: 0, at: -1 };
    for (let start = 0; start < words.length; start++) {
      const score = mentionScore(words, start, titleWords);
      if (score > best.score) best = { score, at: start };
    }
    if (best.score > 0) mentions.push({ index, negated: negatedBefore(words, best.at), score: best.score });
  });
  return mentions.sort((a, b) => b.score - a.score);
}

/**
 * The candidate whose people or story the message names ("the tarantino one", "errol flynn in
 * tights"): distinctive words shared with one candidate's credits and plot, clearly more than
 * with any other.
 */
function describedCandidate(text: string, candidates: MovieCandidate[]): number | null {
  const words = new Set(text.split(' ').filter((w) => w.length > 3 && !COMMON_WORDS.has(w)));
  const scores = candidates.map((candidate) => {
    const about = normaliseMessage(
      [candidate.rag_director ?? '', ...candidate.rag_cast, ...candidate.catalog_stars, ...candidate.catalog_directors, candidate.rag_plot].join(' '),
    ).split(' ');
    return new Set(about.filter((w) => words.has(w))).size;
  });
  const ranked = scores.map((score, index) => ({ score, index })).sort((a, b) => b.score - a.score);
  const [first, second] = ranked;
  if (!first || first.score === 0 || (second && first.score < 2 * second.score + 1)) return null;
  return first.index;
}

function ordinalOf(text: string, count: number): { index: number; negated: boolean } | null {
  const words = text.split(' ');
  for (const [pattern, index] of ORDINALS) {
    const match = pattern.exec(text);
    if (!match) continue;
    const value = index(count);
    if (value < 0 || value >= count) continue;
    const at = text.slice(0, match.index).split(' ').filter(Boolean).length;
    return { index: value, negated: negatedBefore(words, at) };
  }
  return null;
}

export class IntentClassifier {
  private centroids: Promise<{ confirm: Float32Array; refine: Float32Array }> | null = null;

  constructor(private readonly embedder: Embedder | null) {}

  /** Embeds the example replies once (called at start-up, so the first turn does not wait). */
  async warmUp(): Promise<void> {
    if (this.embedder) await this.centroidsOnce();
  }

  async classify(message: string, candidates: MovieCandidate[]): Promise<Intent> {
    const decided = this.byRules(message, candidates);
    if (decided) return decided;
    return (await this.byExamples(message)) === 'confirm' ? { kind: 'confirm', index: 0 } : { kind: 'refine', details: '' };
  }

  /** The rules; null when they cannot tell. */
  byRules(message: string, candidates: MovieCandidate[]): Intent | null {
    let text = normaliseMessage(message);
    // "no wait, yes the second": what comes after a change of mind counts.
    const turn = [...text.matchAll(new RegExp(AFTERTHOUGHT, 'g'))].at(-1);
    if (turn) text = text.slice(turn.index! + turn[0].length).trim() || text;
    if (!text) return { kind: 'refine', details: '' };
    const refusal = REFUSALS.test(text) || BUT_NOT.test(text);

    const mentions = titleMentions(text, candidates);
    const positive = mentions.find((m) => !m.negated);
    if (positive && !refusal) return { kind: 'confirm', index: positive.index };
    if (positive && refusal && mentions.every((m) => !m.negated) && !/^(no|nope|nah|none|not)\b/.test(text) && !BUT_NOT.test(text)) {
      return { kind: 'confirm', index: positive.index };
    }
    if (mentions.length > 0 && !positive) return { kind: 'refine', details: '' };

    const ordinal = ordinalOf(text, candidates.length);
    if (ordinal && !ordinal.negated && !BUT_NOT.test(text) && !/^(no|nope|nah|none)\b/.test(text)) return { kind: 'confirm', index: ordinal.index };
    if (ordinal) return { kind: 'refine', details: '' };

    if (refusal) return { kind: 'refine', details: '' };
    // "yes, but he's a retired guy who...": a qualified yes that goes on describing is not a pick.
    const qualified = /\b(but|though|except)\b(\s+\S+){5,}/.test(text);
    if (qualified) return null;
    const described = describedCandidate(text, candidates);
    if (described !== null) return { kind: 'confirm', index: described };
    if (AFFIRMATIONS.test(text)) return { kind: 'confirm', index: 0 };
    return null;
  }

  private async byExamples(message: string): Promise<'confirm' | 'refine'> {
    // Without a model, a message no rule understood most likely describes the film further.
    if (!this.embedder) return 'refine';
    const { confirm, refine } = await this.centroidsOnce();
    const vector = await this.embedder.embedQuery(message);
    const dot = (a: Float32Array, b: Float32Array) => a.reduce((sum, v, i) => sum + v * b[i]!, 0);
    return dot(vector, confirm) > dot(vector, refine) ? 'confirm' : 'refine';
  }

  private centroidsOnce() {
    this.centroids ??= (async () => {
      const mean = async (examples: string[]) => {
        const vectors = await this.embedder!.embedDocuments(examples);
        const sum = new Float32Array(vectors[0]!.length);
        for (const vector of vectors) vector.forEach((v, i) => (sum[i]! += v / vectors.length));
        return sum;
      };
      return { confirm: await mean(CONFIRM_EXAMPLES), refine: await mean(REFINE_EXAMPLES) };
    })();
    return this.centroids;
  }
}
