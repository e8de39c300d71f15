#!/usr/bin/env bun
// How well the offline engine reads replies to a list of candidates, on the team's labelled
// replies. Development: data/eval/dialogue/replies.jsonl (plain picks and refusals, and the
// ways people correct themselves, in several languages; its first held-out third was measured
// three times and then retired into development) and replies-dev.jsonl (later replies for the
// hardest classes). Held out: replies-heldout.jsonl, written afterwards by writers who saw
// neither the reader nor the other sets, never looked at reply by reply. A reply is read right when
// the intent matches and: for a confirmation, the candidate; for a refinement, the candidate
// it is anchored on, the people it keeps, and whether it carries new details.
//
//   bun bench/dialogue.ts [--split dev|test|all] [--show-misses]   (misses only for dev)
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type MovieCandidate, toMovieCandidate } from '../src/catalog/candidates.ts';
import { loadConfig } from '../src/config.ts';
import type { Intent } from '../src/llm/language-model.ts';
import { OfflineLanguageModel } from '../src/llm/offline/offline-model.ts';
import { readJsonLines } from '../src/search/corpus.ts';
import { openEmbedder } from '../src/search/open-search.ts';
import { isStopword, stem, words } from '../src/search/tokens.ts';

export interface LabelledReply {
  class: string;
  lang: string;
  split: 'dev' | 'test';
  message: string;
  candidates: Array<{ title: string; year: number; director: string; cast: string[] }>;
  expected: { intent: 'confirm'; index: number } | { intent: 'refine'; anchor: number | null; people: string[]; details: string[] };
}

export const candidatesOf = (reply: LabelledReply): MovieCandidate[] =>
  reply.candidates.map((c, i) =>
    toMovieCandidate(
      { id: `c${i}`, title: c.title, aliases: [], year: c.year, directors: c.director.split(', '), genres: [], cast: c.cast, runtimeMinutes: null, plot: '', countries: [], languages: [], votes: null },
      null,
      0.5,
    ),
  );

/** Whether `intent` reads the reply as labelled; the reason when not. */
export function judge(reply: LabelledReply, intent: Intent): string | null {
  const expected = reply.expected;
  if (expected.intent === 'confirm') {
    if (intent.kind !== 'confirm') return `read as a refinement (${JSON.stringify(intent)})`;
    return intent.index === expected.index - 1 ? null : `confirmed #${intent.index + 1}, not #${expected.index}`;
  }
  if (intent.kind === 'ask') return `read as a question about #${intent.index + 1}`;
  if (intent.kind === 'notShown') return `read as pointing at #${intent.position}, beyond the list`;
  if (intent.kind !== 'refine') return `confirmed #${intent.index + 1}`;
  const anchor = intent.anchor === null ? null : intent.anchor + 1;
  if (anchor !== expected.anchor) return `anchored on ${anchor}, not ${expected.anchor}`;
  const kept = (intent.hints.people ?? []).map((p) => p.toLowerCase());
  const missing = expected.people.filter((person) => !kept.some((k) => k.includes(person.toLowerCase()) || person.toLowerCase().includes(k)));
  if (missing.length) return `did not keep ${missing.join(', ')}`;
  if (expected.details.length > 0 && !intent.details.trim()) return 'lost the new details';
  if (expected.details.length === 0 && intent.details.trim() && reply.expected.intent === 'refine' && reply.class !== 'right-person-wrong-film') {
    return `invented details "${intent.details}"`;
  }
  // Details the reply states in so many words must come through: the words search reads
  // (a lost "in" or "the" changes no search, so it is no misreading).
  const searchable = (text: string) => words(text).filter((word) => !isStopword(word)).map(stem);
  const said = new Set(searchable(reply.message));
  const got = new Set(searchable(intent.details));
  const lost = expected.details.flatMap(searchable).filter((w) => said.has(w) && !got.has(w));
  return lost.length ? `lost the detail words ${lost.join(', ')}` : null;
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { split: { type: 'string', default: 'all' }, 'show-misses': { type: 'boolean', default: false } } });
  if (values['show-misses'] && values.split !== 'dev') throw new Error('--show-misses only with --split dev: the held-out set is never looked at reply by reply');
  const dir = join(import.meta.dir, '..', 'data', 'eval', 'dialogue');
  const files = { dev: ['replies.jsonl', 'replies-dev.jsonl'], test: ['replies-heldout.jsonl'] };
  const chosen = values.split === 'all' ? [...files.dev, ...files.test] : files[values.split as keyof typeof files];
  if (!chosen) throw new Error('--split must be dev, test or all');
  const replies = (await Promise.all(chosen.map((file) => readJsonLines<LabelledReply>(join(dir, file))))).flat();
  const model = new OfflineLanguageModel(await openEmbedder(loadConfig().search));
  await model.warmUp();
  const byClass = new Map<string, { right: number; total: number; wrongAs: Map<string, number> }>();
  let right = 0;
  const misses: string[] = [];
  for (const reply of replies) {
    const intent = await model.classifyConfirmation(reply.message, candidatesOf(reply));
    const problem = judge(reply, intent);
    const entry = byClass.get(reply.class) ?? { right: 0, total: 0, wrongAs: new Map<string, number>() };
    entry.total++;
    if (!problem) {
      entry.right++;
      right++;
    } else {
      const as = intent.kind === 'confirm' ? 'confirm (other)' : intent.kind === 'ask' ? 'a question' : intent.kind === 'notShown' ? 'beyond the list' : intent.anchor === null ? 'refine' : 'refine (anchored)';
      const label = reply.expected.intent === 'confirm' && intent.kind === 'confirm' ? 'wrong candidate' : as;
      entry.wrongAs.set(label, (entry.wrongAs.get(label) ?? 0) + 1);
      misses.push(`  [${reply.class}] "${reply.message}": ${problem}`);
    }
    byClass.set(reply.class, entry);
  }
  console.log(`replies read right by the offline engine (split ${values.split}): ${right}/${replies.length} = ${(right / replies.length).toFixed(3)}\n`);
  console.log('| class | right | accuracy | read wrongly as |\n| --- | --- | --- | --- |');
  for (const [name, entry] of [...byClass].sort()) {
    const wrong = [...entry.wrongAs].map(([as, n]) => `${as} ${n}`).join(', ') || '—';
    console.log(`| ${name} | ${entry.right}/${entry.total} | ${(entry.right / entry.total).toFixed(3)} | ${wrong} |`);
  }
  if (values['show-misses']) console.log(`\n${misses.join('\n')}`);
  process.exit(0);
}
