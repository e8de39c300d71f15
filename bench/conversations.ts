#!/usr/bin/env bun
// Scripted multi-turn conversations through the HTTP API (data/eval/dialogue/conversations.jsonl):
// a vague first description, then, whenever the film is not among the candidates shown, the
// next scripted correction or detail (some hedged). When it is shown, the simulated person
// confirms it in words that fit the script's style; after a dead end, which asks for a detail
// that would help, the next scripted message is that detail. Prints the share that reach the
// right film within the scripted messages (the three refinements), and the dead ends met. Point it at any build of
// the service, so the same script measures today's pipeline against an earlier one.
//
//   bun bench/conversations.ts --base-url http://127.0.0.1:8000 [--split dev|test|all] [--verbose]
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type CorpusMovie, readJsonLines } from '../src/search/corpus.ts';

const { values } = parseArgs({
  options: { 'base-url': { type: 'string' }, split: { type: 'string', default: 'all' }, verbose: { type: 'boolean', default: false } },
});
if (!values['base-url']) throw new Error('--base-url is required (a running service)');
const base = values['base-url'].replace(/\/+$/, '');

interface Script {
  target: string;
  style: 'detail' | 'correction' | 'hedge';
  opening: string;
  followups: string[];
  split: string;
}
const scripts = (await readJsonLines<Script>(join(import.meta.dir, '..', 'data', 'eval', 'dialogue', 'conversations.jsonl'))).filter(
  (s) => values.split === 'all' || s.split === values.split,
);
const films = new Map((await readJsonLines<CorpusMovie>(join(import.meta.dir, '..', 'data', 'corpus', 'movies.jsonl'))).map((m) => [m.id, m]));

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth'];
/** How the simulated person confirms the film at `position` (0-based). */
const confirmation = (style: Script['style'], position: number, title: string) =>
  ({
    detail: `yes! it's number ${position + 1}`,
    hedge: `I think it's the ${ORDINALS[position]}, though I remember the poster differently`,
    correction: `oh, I mixed something up, it is ${title}`,
  })[style];

async function json(path: string, body: unknown, token?: string) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return response;
}

interface Done {
  phase: string;
  reply: string;
  candidates?: Array<{ rag_title: string; rag_year: number }>;
  confirmed_movie?: { rag_title: string; rag_year: number };
}

async function say(token: string, session: string, message: string): Promise<Done> {
  const response = await json('/chat', { session_id: session, message }, token);
  if (!response.ok) throw new Error(`chat answered ${response.status}: ${await response.text()}`);
  const events = (await response.text())
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)) as { type: string } & Done);
  const done = events.find((e) => e.type === 'done');
  if (!done) throw new Error(`no done event: ${JSON.stringify(events.at(-1))}`);
  return done;
}

const registered = await json('/auth/register', { email: `bench-${crypto.randomUUID()}@example.com`, password: 'conversation-bench' });
const { access_token: token } = (await registered.json()) as { access_token: string };

type Outcome = 'found' | 'dead end' | 'not found';
const outcomes: Array<{ script: Script; outcome: Outcome; turns: number; deadEnds: number }> = [];
for (const script of scripts) {
  const film = films.get(script.target);
  if (!film) throw new Error(`unknown target ${script.target}`);
  const session = crypto.randomUUID();
  const messages = [script.opening, ...script.followups];
  let outcome: Outcome = 'not found';
  let turns = 0;
  let done = await say(token, session, messages.shift()!);
  turns++;
  let deadEnds = 0;
  for (;;) {
    // A dead end asks for a detail that would help: the person gives the next one.
    if (done.phase === 'discovery') deadEnds++;
    const position = (done.candidates ?? []).findIndex((c) => c.rag_title === film.title && c.rag_year === film.year);
    if (done.phase === 'confirmation' && position >= 0) {
      const confirmed = await say(token, session, confirmation(script.style, position, film.title));
      turns++;
      outcome = confirmed.confirmed_movie?.rag_title === film.title ? 'found' : 'not found';
      break;
    }
    const next = messages.shift();
    if (!next) {
      if (done.phase === 'discovery') outcome = 'dead end';
      break;
    }
    done = await say(token, session, next);
    turns++;
  }
  outcomes.push({ script, outcome, turns, deadEnds });
  if (values.verbose) console.log(`${outcome.padEnd(9)} ${turns} turns, ${deadEnds} dead ends  ${script.style.padEnd(10)} ${script.target}`);
}

const share = (test: (o: (typeof outcomes)[number]) => boolean, list = outcomes) => `${list.filter(test).length}/${list.length}`;
console.log(`\nscripted conversations against ${base} (split ${values.split})\n`);
console.log('| style | found within 3 refinements | ended at a dead end | not found | conversations that met a dead end |\n| --- | --- | --- | --- | --- |');
for (const style of ['detail', 'correction', 'hedge', 'all'] as const) {
  const list = style === 'all' ? outcomes : outcomes.filter((o) => o.script.style === style);
  console.log(
    `| ${style} | ${share((o) => o.outcome === 'found', list)} | ${share((o) => o.outcome === 'dead end', list)} | ` +
      `${share((o) => o.outcome === 'not found', list)} | ${share((o) => o.deadEnds > 0, list)} |`,
  );
}
const found = outcomes.filter((o) => o.outcome === 'found');
console.log(`\nturns to the film when found (confirmation included): mean ${(found.reduce((sum, o) => sum + o.turns, 0) / Math.max(1, found.length)).toFixed(2)}`);
