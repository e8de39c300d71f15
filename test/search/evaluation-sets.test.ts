// The evaluation sets (data/eval/retrieval/) must stay fresh: a description written in the
// words of the text it is searched against measures nothing but string matching. Each present
// description is checked against everything the search stores about its film: no run of five
// words in common with its plot or logline, and no title (of two words or more) said whole.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'bun:test';
import { BUNDLED_CORPUS, buildLargeCorpus, WIKIPEDIA_DIR } from '../../scripts/large-corpus.ts';
import { type CorpusMovie, namesOf, readJsonLines, storyTexts } from '../../src/search/corpus.ts';
import { tempDirectory } from '../support/services.ts';

const EVAL_DIR = join(import.meta.dir, '..', '..', 'data', 'eval', 'retrieval');
const RUN = 5;
const PRESENT_SETS = ['vague', 'descriptive', 'short'] as const;

const words = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}\s']/gu, ' ').split(/\s+/).filter(Boolean);
const runsOf = (text: string, length = RUN) => {
  const w = words(text);
  return new Set(w.slice(0, Math.max(0, w.length - length + 1)).map((_, i) => w.slice(i, i + length).join(' ')));
};
/** A title's words without a leading article: "The Breakfast Club" is said by "breakfast club". */
const titleWords = (title: string) => words(title).filter((word, i) => i > 0 || !['the', 'a', 'an'].includes(word));
const saysWhole = (query: string, title: string) => titleWords(title).length > 1 && ` ${words(query).join(' ')} `.includes(` ${titleWords(title).join(' ')} `);

/** What is wrong with each description of a film of `corpus`: the run it shares, or the title it says. */
async function staleDescriptions(corpus: CorpusMovie[]): Promise<string[]> {
  const byId = new Map(corpus.map((movie) => [movie.id, movie]));
  const problems: string[] = [];
  for (const set of PRESENT_SETS) {
    for (const { id, query } of await readJsonLines<{ id: string; query: string }>(join(EVAL_DIR, `${set}.jsonl`))) {
      const movie = byId.get(id);
      if (!movie) continue;
      const stored = new Set(storyTexts(movie).flatMap((text) => [...runsOf(text)]));
      const shared = [...runsOf(query)].find((run) => stored.has(run));
      if (shared) problems.push(`${set} ${id}: "${shared}"`);
      const title = namesOf(movie).find((name) => saysWhole(query, name));
      if (title) problems.push(`${set} ${id}: says the title "${title}"`);
    }
  }
  return problems;
}

describe('evaluation sets', () => {
  test('the checker finds a shared run and a title said whole', async () => {
    const movie = (await readJsonLines<CorpusMovie>(BUNDLED_CORPUS)).find((m) => m.id === 'the-breakfast-club-1985')!;
    expect(runsOf('five kids spend a whole saturday detention together').has('spend a whole saturday detention')).toBe(true);
    expect(saysWhole('that breakfast club movie', movie.title)).toBe(true);
    expect(saysWhole('they skip breakfast at the club', movie.title)).toBe(false);
    const copied = { ...movie, logline: 'Five teenagers who have nothing in common spend a whole saturday detention together.' };
    expect(await staleDescriptions([copied])).toContainEqual('descriptive the-breakfast-club-1985: "spend a whole saturday detention"');
  });

  test('no description shares five words in a row with the plot or logline of its bundled film, or says its title', async () => {
    expect(await staleDescriptions(await readJsonLines<CorpusMovie>(BUNDLED_CORPUS))).toEqual([]);
  });

  const dir = tempDirectory();
  afterAll(() => dir.dispose());
  test.skipIf(!existsSync(WIKIPEDIA_DIR))('nor with the Wikipedia lead of a film only the 35k corpus holds', async () => {
    const large = await buildLargeCorpus(join(dir.value, '35k.jsonl'));
    const wikipediaOnly = (await readJsonLines<CorpusMovie>(large.path)).slice(large.bundled);
    expect(await staleDescriptions(wikipediaOnly)).toEqual([]);
  }, 60_000);
});
