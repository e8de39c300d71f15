// A new embedded database starts from a template: a data directory on which initdb and every
// migration already ran, packed as a tarball (about 1 MB). Unpacking it takes tens of
// milliseconds; initdb takes seconds and runs a second Postgres in the process, whose memory
// stays resident afterwards (about 400 MB more at ready). The binary carries the template
// (scripts/build-binary.ts builds it); from source it is built once, in a child process, into
// build/ (gitignored), and again when a migration or PGlite changes.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { assetPath, isCompiledBinary } from '../assets.ts';

/**
 * Postgres settings of the embedded database (initdb's and every start's). Its shared buffers
 * live in the WebAssembly heap, all of them resident once touched: Postgres's default (128 MB)
 * was most of the service's memory, for a database of a few megabytes.
 */
export const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB'];

/**
 * How the template is made (buildPgliteTemplate): part of its name, so a change to the recipe
 * builds a new one.
 */
const TEMPLATE_RECIPE = 'no-template-databases, fresh-wal';

/** Where the binary carries its template (a repository-relative asset path). */
export const EMBEDDED_TEMPLATE = 'build/pglite-template.tar.gz';

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((path) => statSync(join(dir, path)).isFile())
    .sort();
}

/** Names the template by what it is made of: PGlite's version and the migrations. */
function templateKey(): string {
  const hash = createHash('sha256');
  hash.update(readFileSync(assetPath('node_modules/@electric-sql/pglite/package.json')));
  hash.update(PGLITE_SETTINGS.join(' ')).update(TEMPLATE_RECIPE);
  const migrations = assetPath('drizzle');
  for (const file of filesUnder(migrations)) hash.update(file).update(readFileSync(join(migrations, file)));
  return hash.digest('hex').slice(0, 16);
}

/** The template of this build: the binary's own, or (from source) built once if needed. */
export async function pgliteTemplate(): Promise<string> {
  if (isCompiledBinary()) return assetPath(EMBEDDED_TEMPLATE);
  const path = assetPath(`build/pglite-template-${templateKey()}.tar.gz`);
  if (!existsSync(path)) {
    // In a child process: initdb's memory leaves with it.
    const script = assetPath('scripts/pglite-template.ts');
    const child = Bun.spawn([process.execPath, script, path], { stdout: 'ignore', stderr: 'inherit' });
    if ((await child.exited) !== 0) throw new Error(`could not build the database template ${path} (${script})`);
    removeSupersededTemplates(path);
  }
  return path;
}

/** Templates of earlier migrations or PGlite versions, left in build/ by earlier installs. */
function removeSupersededTemplates(current: string): void {
  const dir = dirname(current);
  for (const name of readdirSync(dir)) {
    if (/^pglite-template-[0-9a-f]{16}\.tar\.gz$/.test(name) && join(dir, name) !== current) rmSync(join(dir, name), { force: true });
  }
}

/**
 * Fills a new data directory from the template. It is unpacked beside `dir` and renamed into
 * place, so a directory is either complete or absent; when `dir` exists but cannot be
 * replaced (not empty, or a mount point), the template is unpacked into it instead.
 */
export async function unpackTemplate(template: string, dir: string): Promise<void> {
  const archive = new Bun.Archive(await Bun.file(template).bytes());
  const partial = `${dir}.${process.pid}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true, mode: 0o700 });
  try {
    await archive.extract(partial);
    renameSync(partial, dir);
    return;
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    const code = (error as NodeJS.ErrnoException).code;
    if (!code || !['ENOTEMPTY', 'EEXIST', 'EBUSY', 'EXDEV'].includes(code)) throw error;
  }
  if (existsSync(join(dir, 'PG_VERSION'))) return; // another process filled it meanwhile
  await archive.extract(dir);
}

/**
 * Writes the template to `out`: initdb and every migration, on a PGlite in memory.
 *
 * What every first start unpacks is kept small, since it is written before the server is ready:
 * - template0 and template1 go (two thirds of the data files): they serve only CREATE DATABASE,
 *   which the embedded database never runs;
 * - the WAL that initdb wrote (8 MB, after the final checkpoint of no use) is left behind in a
 *   segment that is deleted rather than recycled, so the one kept holds little but zeros.
 */
export async function buildPgliteTemplate(out: string): Promise<void> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = await PGlite.create({ startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS, '-c', 'wal_recycle=off'] });
  try {
    await migrate(drizzle(client), { migrationsFolder: assetPath('drizzle') });
    for (const name of ['template0', 'template1']) {
      await client.exec(`ALTER DATABASE ${name} IS_TEMPLATE false`);
      await client.exec(`DROP DATABASE ${name}`);
    }
    await client.exec('CHECKPOINT');
    await client.query('SELECT pg_switch_wal()');
    await client.exec('CHECKPOINT');
    const tarball = await client.dumpDataDir('gzip');
    mkdirSync(join(out, '..'), { recursive: true });
    const partial = `${out}.${process.pid}.partial`;
    await Bun.write(partial, tarball);
    renameSync(partial, out);
  } finally {
    await client.close();
  }
}
