#!/usr/bin/env bun
// Server start to ready (GET /health/ready answers 200) and resident memory once ready, for
// the service on its embedded defaults (a new data directory, then an existing one) and on
// Postgres + Redis, with the bundled index.
//
//   bun bench/startup.ts [--runs N] [--command "dist/movie-discovery serve"] [--large]
//   --large  with the 35k-film index of the benchmarks instead of the bundled one
//            (built by bench/retrieval-quality.ts or bench/search-scale.ts)
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { LARGE_CORPUS_FILE, LARGE_INDEX_DIR } from './bench-index.ts';
import { percentile } from './stats.ts';

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const RUNS = Number(option('--runs') ?? 3);
const COMMAND = (option('--command') ?? `${process.execPath} ${join(import.meta.dir, '..', 'src', 'main.ts')} serve`).split(' ');
const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The index every start uses: the bundled one, or with --large the 35k-film one. */
const INDEX_ENV: Record<string, string> = args.includes('--large')
  ? { INDEX_DIR: LARGE_INDEX_DIR, CORPUS_FILE: LARGE_CORPUS_FILE }
  : {};
if (args.includes('--large') && !existsSync(join(LARGE_INDEX_DIR, 'movies.manifest.json'))) {
  throw new Error('no 35k index yet: run bun bench/search-scale.ts first');
}

let port = 18500;

interface Sample {
  readyMs: number;
  rssMb: number;
}

async function startOnce(env: Record<string, string>): Promise<Sample> {
  const listen = port++;
  const started = performance.now();
  const child = spawn(COMMAND[0]!, COMMAND.slice(1), {
    env: { ...process.env, ...INDEX_ENV, ...env, PORT: String(listen), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (performance.now() - started > 60_000) throw new Error('not ready within 60 s');
      const ok = await fetch(`http://127.0.0.1:${listen}/health/ready`).then((r) => r.ok, () => false);
      if (ok) break;
      await Bun.sleep(5);
    }
    const readyMs = performance.now() - started;
    await Bun.sleep(200); // let start-up garbage settle before reading memory
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return { readyMs, rssMb: rssKb / 1024 };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

const median = (values: number[]) => percentile(values, 0.5);
const rows: string[] = [];
const report = (label: string, samples: Sample[]) =>
  rows.push(`| ${label} | ${median(samples.map((s) => s.readyMs)).toFixed(0)} ms | ${median(samples.map((s) => s.rssMb)).toFixed(0)} MB | ${samples.length} |`);

// Embedded defaults: the first start unpacks the database's template; later starts reuse it.
const fresh: Sample[] = [];
const existing: Sample[] = [];
for (let run = 0; run < RUNS; run++) {
  const dir = mkdtempSync(join(tmpdir(), 'md-startup-'));
  try {
    fresh.push(await startOnce({ DATA_DIR: dir }));
    existing.push(await startOnce({ DATA_DIR: dir }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
report('embedded defaults, new data directory', fresh);
report('embedded defaults, existing data directory', existing);

const name = `md_startup_${process.pid}`;
const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database ${name}`);
try {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const samples: Sample[] = [];
  for (let run = 0; run < RUNS; run++) {
    const dir = mkdtempSync(join(tmpdir(), 'md-startup-'));
    samples.push(await startOnce({ DATA_DIR: dir, DATABASE_URL: url.toString(), REDIS_URL: 'redis://127.0.0.1:6379', JWT_SECRET: 'x'.repeat(40) }));
    rmSync(dir, { recursive: true, force: true });
  }
  report('Postgres + Redis', samples);
} finally {
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end();
}

console.log(`start to ready, command: ${COMMAND.join(' ')}${args.includes('--large') ? ', 35k-film index' : ''}\n`);
console.log('| configuration | start to ready (median) | RSS once ready (median) | runs |\n| --- | --- | --- | --- |');
for (const row of rows) console.log(row);
