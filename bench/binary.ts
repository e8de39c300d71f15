#!/usr/bin/env bun
// The single binary as a new user meets it, and the service from source beside it: start to
// ready and resident memory (where it goes, from /proc/PID/smaps), after 100 conversations,
// with the 35k-film index before and after a few hundred searches, and every file written
// outside DATA_DIR and the cache directory.
//
//   bun bench/binary.ts [--runs N] [--conversations N] [--searches N] [--no-build] [--no-binary] [--no-source] [--no-large] [--no-trace]
//
// The binary: `npm run build`, then dist/movie-discovery copied alone into a new empty
// directory and started there as `env -i HOME=<dir> PORT=<port> ./movie-discovery serve`
// (a first start: nothing unpacked, no database), then once more in the same directory (a
// restart). The source: `bun src/main.ts serve` (what `npm start` runs) in a new empty
// directory, HOME the same, nothing else set. Conversations go through the API: accounts are
// registered, then each conversation is a new session with a description from the evaluation
// set and a confirmation, one after the other; each account takes at most 24 turns, under the
// default chat rate limit. The 35k-film index is the one bench/search-scale.ts caches under
// $TMPDIR/movie-discovery-bench (INDEX_DIR and CORPUS_FILE point at it).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { LARGE_CORPUS_FILE, LARGE_INDEX_DIR } from './bench-index.ts';
import { percentile } from './stats.ts';

const ROOT = join(import.meta.dir, '..');
const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const RUNS = Number(option('--runs') ?? 3);
const CONVERSATIONS = Number(option('--conversations') ?? 100);
const SEARCHES = Number(option('--searches') ?? 300);
const BINARY = join(ROOT, 'dist', 'movie-discovery');
const LARGE = { INDEX_DIR: LARGE_INDEX_DIR, CORPUS_FILE: LARGE_CORPUS_FILE };
/** Turns per account: the default chat limit is a burst of 30. */
const TURNS_PER_ACCOUNT = 24;

const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
const median = (values: number[]) => percentile(values, 0.5);
/** A port nothing listens on now (the machine may run other services). */
function freePort(): number {
  const probe = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } });
  const port = probe.port;
  probe.stop(true);
  return port;
}

interface Target {
  label: string;
  /** Prepares a new empty directory and returns the command to run in it. */
  prepare(dir: string): string[];
  /** The cache directory the command documents, inside `dir`. */
  cacheDir(dir: string): string;
}

const binary: Target = {
  label: 'binary',
  prepare(dir) {
    copyFileSync(BINARY, join(dir, 'movie-discovery'));
    spawnSync('chmod', ['+x', join(dir, 'movie-discovery')]);
    return [join(dir, 'movie-discovery'), 'serve'];
  },
  cacheDir: (dir) => join(dir, '.cache', 'movie-discovery'),
};

const source: Target = {
  label: 'npm start',
  prepare: () => [process.execPath, join(ROOT, 'src', 'main.ts'), 'serve'],
  // From source the service reads its files where they lie in the repository.
  cacheDir: () => ROOT,
};

interface Server {
  child: ChildProcess;
  port: number;
  readyMs: number;
  stop(): Promise<void>;
}

async function start(command: string[], dir: string, env: Record<string, string> = {}, wrap: string[] = []): Promise<Server> {
  const port = freePort();
  const started = performance.now();
  const argv = [...wrap, ...command];
  const child = spawn(argv[0]!, argv.slice(1), {
    cwd: dir,
    env: { HOME: dir, PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  let exited = false;
  child.once('exit', () => (exited = true));
  for (;;) {
    if (exited) throw new Error(`${command.join(' ')} exited before it was ready:\n${stderr}`);
    if (performance.now() - started > 120_000) throw new Error('not ready within 120 s');
    const ok = await fetch(`http://127.0.0.1:${port}/health/ready`).then((r) => r.ok, () => false);
    if (ok) break;
    await Bun.sleep(10);
  }
  const readyMs = performance.now() - started;
  const server: Server = {
    child,
    port,
    readyMs,
    async stop() {
      if (exited) return;
      const done = new Promise((resolve) => child.once('exit', resolve));
      // Under strace, the server itself: strace exits when it does.
      process.kill(serverPid(server), 'SIGTERM');
      await done;
    },
  };
  return server;
}

/** The server process itself (under strace, the traced child). */
function serverPid(server: { child: ChildProcess }): number {
  const pid = server.child.pid!;
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  const exe = readlinkSync(`/proc/${pid}/exe`);
  return exe.endsWith('strace') && children ? Number(children.split(' ')[0]) : pid;
}

interface Memory {
  rss: number;
  anonymous: number;
  /** File pages of the executable itself (Bun, with the embedded files of the binary). */
  executable: number;
  onnxruntime: number;
  index: number;
  otherFiles: number;
  /** Per index file: resident KB, of its size in KB. */
  indexFiles: Record<string, { resident: number; size: number; anonymous: number }>;
}

/** Resident memory in KB from /proc/PID/smaps: anonymous, then file pages by owner. */
function memory(pid: number, indexDir: string | null): Memory {
  const exe = realpathSync(`/proc/${pid}/exe`);
  const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  const field = (text: string, name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(text)?.[1] ?? 0);
  const result: Memory = { rss: field(rollup, 'Rss'), anonymous: field(rollup, 'Anonymous'), executable: 0, onnxruntime: 0, index: 0, otherFiles: 0, indexFiles: {} };
  let path = '';
  let rss = 0;
  const flush = () => {
    if (!path.startsWith('/')) return; // [anon], [heap], [stack], ...: counted in Anonymous
    const file = rss - anonymous;
    if (path === exe) result.executable += file;
    else if (path.includes('libonnxruntime')) result.onnxruntime += file;
    else if (indexDir && path.startsWith(indexDir + '/')) {
      result.index += file;
      const name = path.slice(indexDir.length + 1);
      const entry = (result.indexFiles[name] ??= { resident: 0, size: Math.round(statSync(path).size / 1024), anonymous: 0 });
      entry.resident += rss;
      entry.anonymous += anonymous;
    } else result.otherFiles += file;
  };
  let anonymous = 0;
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const header = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \d+\s*(.*)$/.exec(line);
    if (header) {
      flush();
      path = header[1]!.replace(/ \(deleted\)$/, '');
      rss = 0;
      anonymous = 0;
    } else if (line.startsWith('Rss:')) rss = Number(line.split(/\s+/)[1]);
    else if (line.startsWith('Anonymous:')) anonymous = Number(line.split(/\s+/)[1]);
  }
  flush();
  return result;
}

/** JavaScriptCore frees garbage and returns its pages some seconds after a burst of work. */
const IDLE_SECONDS = 15;

async function idleMemory(server: Server, indexDir: string | null): Promise<Memory> {
  await Bun.sleep(IDLE_SECONDS * 1000);
  return memory(serverPid(server), indexDir);
}

async function settledMemory(server: Server, indexDir: string | null): Promise<Memory> {
  await Bun.sleep(300); // let start-up garbage settle before reading memory
  return memory(serverPid(server), indexDir);
}

const descriptions = ['descriptive', 'vague'].flatMap((kind) =>
  readFileSync(join(ROOT, 'data', 'eval', 'retrieval', `${kind}.jsonl`), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { query: string }).query),
);

async function register(base: string, tag: string): Promise<string> {
  const email = `bench-${tag}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const response = await fetch(`${base}/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct-horse-battery' }),
  });
  if (response.status !== 201) throw new Error(`register: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function say(base: string, token: string, session: string, message: string): Promise<void> {
  const response = await fetch(`${base}/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ session_id: session, message }),
  });
  const text = await response.text();
  if (response.status !== 200 || !text.includes('"type":"done"')) throw new Error(`chat: ${response.status} ${text.slice(-300)}`);
}

/** `sessions` new sessions, each a description and, with `confirm`, a confirmation. */
async function converse(server: Server, sessions: number, confirm: boolean): Promise<void> {
  const base = `http://127.0.0.1:${server.port}`;
  const perAccount = Math.floor(TURNS_PER_ACCOUNT / (confirm ? 2 : 1));
  let token = '';
  for (let i = 0; i < sessions; i++) {
    if (i % perAccount === 0) token = await register(base, String(i));
    const session = crypto.randomUUID();
    await say(base, token, session, descriptions[i % descriptions.length]!);
    if (confirm) await say(base, token, session, 'yes, the first one');
  }
}

/** Every path under `dir` (names only), to compare before and after. */
function listing(dir: string): Set<string> {
  const found = new Set<string>();
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      found.add(path);
      if (entry.isDirectory() && !entry.isSymbolicLink()) walk(path);
    }
  };
  if (existsSync(dir)) walk(dir);
  return found;
}

/** The binary's bundled index, unpacked under <cache>/<build>/data/index. */
function bundledIndexIn(cache: string): string | null {
  const build = existsSync(cache) ? readdirSync(cache).find((name) => existsSync(join(cache, name, 'data', 'index'))) : undefined;
  return build ? join(cache, build, 'data', 'index') : null;
}

const inside = (path: string, dirs: string[]) => dirs.some((dir) => path === dir || path.startsWith(dir + '/'));
/** Inside one of `dirs`, or a directory on the way to one (~/.cache for ~/.cache/movie-discovery). */
const allowedPath = (path: string, dirs: string[]) => inside(path, dirs) || dirs.some((dir) => dir.startsWith(path + '/'));

/**
 * Files the process created or wrote, from strace: opens for writing, creations, renames,
 * directories made. Paths relative to the working directory are resolved against it.
 */
function writtenPaths(trace: string, cwd: string): string[] {
  const paths = new Set<string>();
  for (const line of trace.split('\n')) {
    const call = /^\d+\s+(openat|open|creat|mkdir|mkdirat|rename|renameat2?|link|linkat|symlink|symlinkat)\((.*)\)\s+=\s+(-?\d+)/.exec(line);
    if (!call || Number(call[3]) < 0) continue;
    const [, name, rest] = call;
    if ((name === 'openat' || name === 'open') && !/O_WRONLY|O_RDWR|O_CREAT|O_TRUNC/.test(rest!)) continue;
    // With -y, a directory descriptor argument reads 3</its/path>; the path after it is relative to it.
    const operands = [...rest!.matchAll(/(?:\d+<([^>]*)>, )?"((?:[^"\\]|\\.)*)"/g)].map((m) => resolve(m[1] ?? cwd, m[2]!));
    const target = name!.startsWith('rename') || name!.startsWith('link') || name!.startsWith('symlink') ? operands.at(-1) : operands[0];
    if (!target || target.startsWith('/dev/') || target.startsWith('/proc/')) continue;
    paths.add(target);
  }
  return [...paths].sort();
}

/** Files mapped into the process that are neither system libraries nor under `allowed`. */
function foreignMappings(pid: number, allowed: string[]): string[] {
  const exe = realpathSync(`/proc/${pid}/exe`);
  const paths = new Set<string>();
  for (const line of readFileSync(`/proc/${pid}/maps`, 'utf8').split('\n')) {
    const path = /\s(\/\S.*)$/.exec(line)?.[1]?.replace(/ \(deleted\)$/, '');
    if (!path || path === exe || /^\/(usr\/)?lib(64)?\//.test(path) || path.startsWith('/dev/') || inside(path, allowed)) continue;
    paths.add(path);
  }
  return [...paths].sort();
}

// ---------------------------------------------------------------------------------------------

const out: string[] = [];
const print = (line = '') => {
  out.push(line);
  console.log(line);
};

if (!args.includes('--no-build')) {
  const built = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
  if (built.status !== 0) throw new Error('npm run build failed');
  console.error(built.stdout.trim().split('\n').at(-1));
}
print(`binary: ${(statSync(BINARY).size / 1e6).toFixed(1)} MB`);

const breakdownHeader = '| target | state | RSS | anonymous | executable\'s file pages | libonnxruntime | index files | other files |\n| --- | --- | --- | --- | --- | --- | --- | --- |';
const breakdownRow = (label: string, state: string, m: Memory) =>
  `| ${label} | ${state} | ${mb(m.rss)} | ${mb(m.anonymous)} | ${mb(m.executable)} | ${mb(m.onnxruntime)} | ${mb(m.index)} | ${mb(m.otherFiles)} |`;
const rows: string[] = [];
const timing: string[] = [];

for (const target of [binary, source].filter((t) => !args.includes(t === binary ? '--no-binary' : '--no-source'))) {
  const first: number[] = [];
  const again: number[] = [];
  const firstMemory: Memory[] = [];
  const againMemory: Memory[] = [];
  let afterConversations: Memory | null = null;
  let afterIdle: Memory | null = null;
  for (let run = 0; run < RUNS; run++) {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), 'md-binary-')));
    try {
      const command = target.prepare(dir);
      let server = await start(command, dir);
      const indexDir = target === binary ? bundledIndexIn(target.cacheDir(dir)) : join(ROOT, 'data', 'index');
      first.push(server.readyMs);
      firstMemory.push(await settledMemory(server, indexDir));
      await server.stop();
      server = await start(command, dir);
      again.push(server.readyMs);
      againMemory.push(await settledMemory(server, indexDir));
      if (run === RUNS - 1 && CONVERSATIONS > 0) {
        const started = performance.now();
        await converse(server, CONVERSATIONS, true);
        console.error(`${target.label}: ${CONVERSATIONS} conversations in ${((performance.now() - started) / 1000).toFixed(1)} s`);
        afterConversations = await settledMemory(server, indexDir);
        afterIdle = await idleMemory(server, indexDir);
      }
      await server.stop();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const pick = (samples: Memory[]) => [...samples].sort((a, b) => a.rss - b.rss)[Math.floor(samples.length / 2)]!;
  timing.push(`| ${target.label} | ${median(first).toFixed(0)} ms | ${median(again).toFixed(0)} ms | ${RUNS} | ${first.map((v) => v.toFixed(0)).join(', ')} / ${again.map((v) => v.toFixed(0)).join(', ')} |`);
  rows.push(breakdownRow(target.label, 'ready, first start', pick(firstMemory)));
  rows.push(breakdownRow(target.label, 'ready, restart', pick(againMemory)));
  if (afterConversations) rows.push(breakdownRow(target.label, `after ${CONVERSATIONS} conversations`, afterConversations));
  if (afterIdle) rows.push(breakdownRow(target.label, `the same, ${IDLE_SECONDS} s later`, afterIdle));
}

print('\nstart to ready (GET /health/ready answers 200), median:\n');
print('| target | first start | restart | runs | each (ms) |\n| --- | --- | --- | --- | --- |');
for (const row of timing) print(row);
print('\nresident memory (median run by RSS; index files are the bundled index\'s):\n');
print(breakdownHeader);
for (const row of rows) print(row);

// The 35k-film index: mapped, so memory grows only by the pages searches touch.
if (!args.includes('--no-large')) {
  if (!existsSync(join(LARGE.INDEX_DIR, 'movies.manifest.json'))) {
    print(`\n35k-film index: none in ${LARGE.INDEX_DIR} (run bun bench/search-scale.ts first)`);
  } else {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), 'md-binary-')));
    try {
      const server = await start(binary.prepare(dir), dir, LARGE);
      const indexDir = realpathSync(LARGE.INDEX_DIR);
      const before = await settledMemory(server, indexDir);
      const started = performance.now();
      await converse(server, SEARCHES, false);
      const seconds = (performance.now() - started) / 1000;
      const after = await settledMemory(server, indexDir);
      const idle = await idleMemory(server, indexDir);
      await server.stop();
      print(`\nbinary with the 35k-film index (ready in ${server.readyMs.toFixed(0)} ms), ${SEARCHES} searches (discovery turns) in ${seconds.toFixed(1)} s:\n`);
      print(breakdownHeader);
      print(breakdownRow('binary, 35k', 'ready', before));
      print(breakdownRow('binary, 35k', `after ${SEARCHES} searches`, after));
      print(breakdownRow('binary, 35k', `the same, ${IDLE_SECONDS} s later`, idle));
      print('\n| index file | size | resident at ready | resident after | of which anonymous (copied) |\n| --- | --- | --- | --- | --- |');
      for (const name of Object.keys({ ...before.indexFiles, ...after.indexFiles }).sort()) {
        const a = before.indexFiles[name];
        const b = after.indexFiles[name];
        print(`| ${name} | ${mb((a ?? b)!.size)} | ${mb(a?.resident ?? 0)} | ${mb(b?.resident ?? 0)} | ${mb(b?.anonymous ?? 0)} |`);
      }
      const grew = after.rss - before.rss;
      const touched = after.index - before.index;
      print(`\nRSS grew ${mb(grew)}, of which index pages touched ${mb(touched)}, anonymous ${mb(after.anonymous - before.anonymous)} (${mb(idle.anonymous - before.anonymous)} ${IDLE_SECONDS} s later)`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

// What the binary writes, and where: one first start under strace, a few conversations, a stop.
if (!args.includes('--no-trace')) {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'md-binary-')));
  const trace = join(tmpdir(), `md-binary-trace-${process.pid}.txt`);
  try {
    const command = binary.prepare(dir);
    const allowed = [join(dir, 'var'), binary.cacheDir(dir)];
    const tmpBefore = new Set(readdirSync('/tmp')); // the binary's own temporary directory: its environment is empty
    const dirBefore = listing(dir);
    const server = await start(command, dir, {}, [Bun.which('strace') ?? 'strace', '-f', '-qq', '-y', '-o', trace, '-e', 'trace=open,openat,creat,mkdir,mkdirat,rename,renameat,renameat2,link,linkat,symlink,symlinkat']);
    await converse(server, 5, true);
    const pid = serverPid(server);
    const mapped = foreignMappings(pid, allowed);
    await server.stop();
    const written = writtenPaths(readFileSync(trace, 'utf8'), dir).filter((path) => !allowedPath(path, allowed) && path !== trace);
    const newInDir = [...listing(dir)].filter((path) => !dirBefore.has(path) && !allowedPath(path, allowed));
    // /tmp is shared with every other process of the machine: only what this server wrote or mapped.
    const ours = (name: string) => name.includes(String(pid)) || [...written, ...mapped].some((path) => path.startsWith(`/tmp/${name}`));
    const newInTmp = readdirSync('/tmp').filter((name) => !tmpBefore.has(name) && ours(name));
    print('\nfiles the binary wrote outside DATA_DIR (./var) and its cache directory (~/.cache/movie-discovery), first start and 5 conversations:');
    print(`- written (strace): ${written.length ? written.join(', ') : 'none'}`);
    print(`- new in HOME and the working directory: ${newInDir.length ? newInDir.map((p) => p.slice(dir.length + 1)).join(', ') : 'none'}`);
    print(`- new in /tmp, named after the server's pid or written or mapped by it: ${newInTmp.length ? newInTmp.join(', ') : 'none'}`);
    print(`- files mapped from elsewhere (not system libraries): ${mapped.length ? mapped.join(', ') : 'none'}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(trace, { force: true });
  }
}
