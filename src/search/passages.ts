// A plot cut into passages of a sentence or two, each embedded on its own: a description
// usually recalls one scene or one turn of the story, and a single vector for a whole plot
// blurs it among everything else the plot says.

/** Passages shorter than this many words are joined with the next sentence. */
const MIN_WORDS = 8;
/** USE-lite reads at most 128 tokens; a passage stays well inside that. */
const MAX_WORDS = 60;

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** Words whose period ends an abbreviation, not a sentence. */
const ABBREVIATION = /(^|\s)(Dr|Mr|Mrs|Ms|St|Jr|Sr|Prof|Lt|Col|Gen|Capt|Sgt|Rev|Mt|No|vs|U\.S|[A-Z])\.$/;

/** Sentences, split after . ! ? when a capital or a quote follows ("Dr. No", "J. R." and "1.5" stay whole). */
export function sentences(text: string): string[] {
  const pieces = text.split(/(?<=[.!?]["”)]?)\s+(?=["“(]?[A-Z0-9])/);
  const joined: string[] = [];
  for (const piece of pieces) {
    if (joined.length && ABBREVIATION.test(joined.at(-1)!)) joined[joined.length - 1] += ` ${piece}`;
    else joined.push(piece);
  }
  return joined.map((sentence) => sentence.trim()).filter(Boolean);
}

export function passagesOf(plot: string): string[] {
  const passages: string[] = [];
  let current = '';
  for (const sentence of sentences(plot)) {
    const joined = current ? `${current} ${sentence}` : sentence;
    if (current && wordCount(joined) > MAX_WORDS) {
      passages.push(current);
      current = sentence;
    } else current = joined;
    if (wordCount(current) >= MIN_WORDS) {
      passages.push(current);
      current = '';
    }
  }
  if (current) {
    // A short tail belongs with the passage before it.
    if (passages.length && wordCount(current) < MIN_WORDS && wordCount(passages.at(-1)!) + wordCount(current) <= MAX_WORDS) {
      passages.push(`${passages.pop()!} ${current}`);
    } else passages.push(current);
  }
  return passages.map((passage) => passage.split(/\s+/).slice(0, MAX_WORDS * 2).join(' '));
}
