// The binary's commands as a user runs them (from source here; .ci/binary.sh runs the binary).
import { describe, expect, test } from 'bun:test';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { tempDirectory } from '../support/services.ts';

const MAIN = join(import.meta.dir, '..', '..', 'src', 'main.ts');
const run = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, [MAIN, ...args], { encoding: 'utf8', env: { ...process.env, LOG_LEVEL: 'warn', ...env }, timeout: 60_000 });

describe('command line', () => {
  test('search prints the top hits as JSON {title, year, score, id}', () => {
    const result = run(['search', 'a shark terrorises a beach town', '--k', '3', '--json']);
    expect(result.status).toBe(0);
    const hits = JSON.parse(result.stdout);
    expect(hits).toHaveLength(3);
    expect(hits[0]).toEqual({ title: 'Jaws', year: 1975, score: expect.any(Number), id: 'jaws-1975' });
  });

  test('ingest indexes a file, reports bad rows with line numbers, and search reads the new index', async () => {
    const dir = tempDirectory();
    try {
      const corpus = join(dir.value, 'films.jsonl');
      const film = (title: string, plot: string) => JSON.stringify({ title, year: 2001, directors: ['D'], genres: ['Drama'], cast: ['C'], plot });
      await Bun.write(corpus, [film('Lighthouse Keeper', 'an old man keeps a lighthouse alone on a rocky island'), '{oops', film('Space Cook', 'a chef cooks for astronauts on a space station')].join('\n'));
      // CORPUS_FILE unset: the index keeps following the file it was ingested from, and is not
      // rebuilt from the bundled corpus by the next start.
      const env = { INDEX_DIR: join(dir.value, 'index') };
      const ingest = run(['ingest', corpus], env);
      expect(ingest.status).toBe(0);
      expect(ingest.stderr).toContain(`${corpus}:2: skipped: not valid JSON`);
      expect(ingest.stderr).toContain('indexed 2 films');
      const search = run(['search', 'a chef in orbit', '--k', '5', '--json'], env);
      expect(JSON.parse(search.stdout).map((hit: { title: string }) => hit.title)).toEqual(['Space Cook', 'Lighthouse Keeper']);

      // A file with no film in it fails and leaves the working index as it was.
      const junk = join(dir.value, 'junk.jsonl');
      await Bun.write(junk, 'not a corpus\n');
      const failed = run(['ingest', junk], env);
      expect(failed.status).toBe(1);
      expect(failed.stderr).toContain(`no film could be read from ${junk} (1 row skipped): the index was left as it was`);
      expect(failed.stderr).not.toContain('    at ');
      const missing = run(['ingest', join(dir.value, 'nowhere.jsonl')], env);
      expect(missing.status).toBe(1);
      expect(missing.stderr).toContain(`cannot read the corpus file ${join(dir.value, 'nowhere.jsonl')} (no such file): the index was left as it was`);
      expect(missing.stderr).not.toContain('    at ');
      expect(JSON.parse(run(['search', 'a chef in orbit', '--k', '1', '--json'], env).stdout)[0].title).toBe('Space Cook');

      // CORPUS_FILE set wins: ingest says so, and the next start rebuilds the index from it.
      const other = join(dir.value, 'other.jsonl');
      await Bun.write(other, film('Desert Bus', 'a bus crosses a desert for eight hours'));
      const ingestAgain = run(['ingest', corpus], { ...env, CORPUS_FILE: other });
      expect(ingestAgain.stderr).toContain(`the next start rebuilds this index from it; unset CORPUS_FILE to keep ${corpus}`);
      const rebuilt = run(['search', 'a chef in orbit', '--k', '5', '--json'], { ...env, CORPUS_FILE: other });
      expect(JSON.parse(rebuilt.stdout).map((hit: { title: string }) => hit.title)).toEqual(['Desert Bus']);
    } finally {
      await dir.dispose();
    }
  });

  test('bad usage and bad settings fail with a clear message and no stack trace', () => {
    const unknown = run(['dance']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('unknown command "dance"');
    const badK = run(['search', 'x', '--k', 'many']);
    expect(badK.status).toBe(2);
    expect(badK.stderr).toContain('--k must be a whole number');
    const badConfig = run(['migrate'], { PORT: 'eighty', RATE_LIMIT_LOGIN: 'lots' });
    expect(badConfig.status).toBe(1);
    expect(badConfig.stderr).toContain('PORT must be a whole number');
    expect(badConfig.stderr).toContain('RATE_LIMIT_LOGIN');
    expect(badConfig.stderr).not.toContain('    at ');
    const noRanker = run(['search', 'a shark'], { RANKER_FILE: '/nonexistent/ranker.json' });
    expect(noRanker.status).toBe(1);
    expect(noRanker.stderr).toContain('cannot read the ranker file /nonexistent/ranker.json (no such file)');
    expect(noRanker.stderr).not.toContain('    at ');
    const noModel = run(['search', 'a shark'], { EMBEDDING_MODEL: '/nonexistent/model' });
    expect(noModel.status).toBe(1);
    expect(noModel.stderr).toContain('EMBEDDING_MODEL: no transformers.js model folder at /nonexistent/model');
    expect(noModel.stderr).not.toContain('    at ');
  });

  test('--version and --help', () => {
    expect(run(['--version']).stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    expect(run(['--help']).stdout).toContain('ingest [FILE]');
  });
});
