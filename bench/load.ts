#!/usr/bin/env bun
// Load on two replicas (separate processes) on one Postgres and Redis, offline engines:
// 1. many users at once, each running a whole conversation (describe, confirm, two questions):
//    throughput, time to first event and to the done event (p50/p99), error rate, peak RSS;
// 2. raw capacity of GET /chat/sessions, against the database's own capacity for the same
//    query through the same driver, at the same concurrency.
//
//   bun bench/load.ts [--users 200] [--seconds 10] [--concurrency 32]
import { readFileSync } from 'node:fs';
import { SessionsRepository } from '../src/store/sessions.repo.ts';
import { connectPostgres } from '../src/store/postgres-database.ts';
import { PASSWORD, randomEmail, send } from '../test/support/harness.ts';
import { spawnService, type ServiceProcess } from '../test/support/processes.ts';
import { REDIS_URL, tempDirectory, tempPostgresDatabase, tempRedisPrefix } from '../test/support/services.ts';
import { percentile } from './stats.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const USERS = option('--users', 200);
const SECONDS = option('--seconds', 10);
const CONCURRENCY = option('--concurrency', 32);

const DESCRIPTIONS = [
  'a great white shark terrorizes a summer beach town and the police chief hunts it',
  'a boy wizard goes to a school of magic and fights a dark lord',
  'a weatherman wakes up reliving the same day again and again',
  'a banker in prison befriends a lifer and escapes through a tunnel behind a poster',
  'two lovers on a sinking ocean liner',
  'a robot left alone on earth cleaning up garbage falls in love',
  'a mafia patriarch hands his empire to his reluctant youngest son',
  'a hacker learns the world is a simulation and takes the red pill',
];
const QUESTIONS = ['who directed it?', 'how long is it?', 'who is in it?', 'what is it rated?'];

const peakRssMb = (replica: ServiceProcess) => {
  const status = readFileSync(`/proc/${replica.process.pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

const database = await tempPostgresDatabase();
const prefix = tempRedisPrefix();
const dirs = [tempDirectory(), tempDirectory()];
const env = {
  DATABASE_URL: database.value,
  REDIS_URL,
  REDIS_KEY_PREFIX: prefix.value,
  JWT_SECRET: 'load-test-secret-0123456789-0123456789-abcdef',
  RATE_LIMIT_LOGIN: 'off',
  RATE_LIMIT_REGISTER: 'off',
  RATE_LIMIT_REFRESH: 'off',
  RATE_LIMIT_CHAT: 'off',
  LOG_LEVEL: 'warn',
  DATABASE_POOL_SIZE: '20',
};
const replicas = [await spawnService({ ...env, DATA_DIR: dirs[0]!.value }), await spawnService({ ...env, DATA_DIR: dirs[1]!.value })];

try {
  // ---- 1. whole conversations -----------------------------------------------------------
  interface TurnTiming {
    expectPhase: string;
    firstEventMs: number;
    doneMs: number;
    ok: boolean;
  }
  const turns: TurnTiming[] = [];
  let failedConversations = 0;

  async function turn(replica: ServiceProcess, token: string, sessionId: string, message: string, expectPhase: string): Promise<void> {
    const started = performance.now();
    let firstEventMs = NaN;
    let ok = false;
    try {
      const response = await fetch(`${replica.baseUrl}/chat`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ session_id: sessionId, message }),
      });
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      let text = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        if (Number.isNaN(firstEventMs)) firstEventMs = performance.now() - started;
        text += value;
      }
      const last = JSON.parse(text.trim().split('\n').filter(Boolean).at(-1)!.slice(6));
      ok = response.status === 200 && last.type === 'done' && last.phase === expectPhase;
    } catch {
      ok = false;
    }
    turns.push({ expectPhase, firstEventMs, doneMs: performance.now() - started, ok });
    if (!ok) throw new Error('turn failed');
  }

  async function conversation(user: number): Promise<void> {
    const first = replicas[user % 2]!;
    const second = replicas[(user + 1) % 2]!;
    const registered = await send(first.baseUrl, 'POST', '/auth/register', { json: { email: randomEmail(), password: PASSWORD } });
    const token = registered.json.access_token as string;
    const sessionId = crypto.randomUUID();
    try {
      await turn(first, token, sessionId, DESCRIPTIONS[user % DESCRIPTIONS.length]!, 'confirmation');
      await turn(second, token, sessionId, 'yes, the first one', 'qa');
      await turn(first, token, sessionId, QUESTIONS[user % QUESTIONS.length]!, 'qa');
      await turn(second, token, sessionId, QUESTIONS[(user + 1) % QUESTIONS.length]!, 'qa');
    } catch {
      failedConversations++;
    }
  }

  const started = performance.now();
  await Promise.all(Array.from({ length: USERS }, (_, user) => conversation(user)));
  const seconds = (performance.now() - started) / 1000;
  const failed = turns.filter((t) => !t.ok).length;
  const ms = (value: number) => `${value.toFixed(0)} ms`;

  // ---- 2. raw capacity: API versus database --------------------------------------------
  const owner = await send(replicas[0]!.baseUrl, 'POST', '/auth/register', { json: { email: randomEmail(), password: PASSWORD } });
  const token = owner.json.access_token as string;
  for (let i = 0; i < 5; i++) {
    await turn(replicas[0]!, token, crypto.randomUUID(), DESCRIPTIONS[i]!, 'confirmation');
  }
  const userId = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;

  async function closedLoop(work: () => Promise<boolean>): Promise<{ rps: number; errors: number }> {
    const deadline = performance.now() + SECONDS * 1000;
    let done = 0;
    let errors = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (performance.now() < deadline) {
          if (await work().catch(() => false)) done++;
          else errors++;
        }
      }),
    );
    return { rps: done / SECONDS, errors };
  }
  let next = 0;
  const api = await closedLoop(async () => {
    const replica = replicas[next++ % 2]!;
    const response = await fetch(`${replica.baseUrl}/chat/sessions?limit=20`, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    return response.status === 200;
  });
  const direct = connectPostgres(database.value, 20);
  const repository = new SessionsRepository(direct.db);
  const db = await closedLoop(async () => (await repository.list(userId, 20, 0)).total === 5);
  await direct.close();

  console.log(`load: ${USERS} users at once, each describe > confirm > two questions, alternating two replicas (offline engines)\n`);
  console.log('| figure | value |\n| --- | --- |');
  console.log(`| conversations completed / failed | ${USERS - failedConversations} / ${failedConversations} |`);
  console.log(`| turns / failed turns (error rate) | ${turns.length} / ${failed} (${((failed / turns.length) * 100).toFixed(2)}%) |`);
  console.log(`| wall time, throughput | ${seconds.toFixed(1)} s, ${(turns.length / seconds).toFixed(1)} turns/s |`);
  const discovery = turns.filter((t) => t.expectPhase === 'confirmation');
  console.log(`| time to first event p50 / p99 (all turns) | ${ms(percentile(turns.map((t) => t.firstEventMs), 0.5))} / ${ms(percentile(turns.map((t) => t.firstEventMs), 0.99))} |`);
  console.log(`| time to done p50 / p99 (all turns) | ${ms(percentile(turns.map((t) => t.doneMs), 0.5))} / ${ms(percentile(turns.map((t) => t.doneMs), 0.99))} |`);
  console.log(`| time to done p50 / p99 (discovery turns: search, catalog, presentation) | ${ms(percentile(discovery.map((t) => t.doneMs), 0.5))} / ${ms(percentile(discovery.map((t) => t.doneMs), 0.99))} |`);
  console.log(`| peak RSS per replica | ${replicas.map((r) => `${peakRssMb(r).toFixed(0)} MB`).join(', ')} |`);
  console.log(`\nraw capacity, ${CONCURRENCY} concurrent clients for ${SECONDS} s each\n`);
  console.log('| path | requests/s | errors |\n| --- | --- | --- |');
  console.log(`| GET /chat/sessions over HTTP, two replicas (auth, validation, query, JSON) | ${api.rps.toFixed(0)} | ${api.errors} |`);
  console.log(`| the same query straight through postgres.js (SessionsRepository.list) | ${db.rps.toFixed(0)} | ${db.errors} |`);
  console.log(`| ratio API / database (target >= 0.5) | ${(api.rps / db.rps).toFixed(2)} | |`);
} finally {
  for (const replica of replicas) await replica.kill();
  await prefix.dispose();
  await database.dispose();
  for (const dir of dirs) await dir.dispose();
}
process.exit(0);
