// The database port, and its embedded adapter: PGlite in the data directory. Postgres
// (postgres-database.ts) takes over when DATABASE_URL is set. Both speak the same drizzle
// schema and migrations; the rest of the code sees only `Database`.
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { assetPath, compilePgliteModule, pgliteFsBundle } from '../assets.ts';
import { PGLITE_SETTINGS, pgliteTemplate, unpackTemplate } from './pglite-template.ts';
import { schema } from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  /** Applies pending migrations from drizzle/. Safe to call from several replicas at once. */
  migrate(): Promise<void>;
  /** Throws when the database cannot answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
  readonly kind: 'postgres' | 'pglite';
}

export const migrationsFolder = () => assetPath('drizzle');

/** Embedded PGlite in `dir`; holds `dir/.lock` so a second process fails instead of corrupting it. */
export async function openPglite(dir: string): Promise<Database> {
  // Before anything else: the compile goes on in the background while the rest starts.
  const compiling = compilePgliteModule('pglite.wasm');
  compiling.catch(() => {}); // awaited below, unless opening fails before
  if (isNewDataDirectory(dir)) await unpackTemplate(await pgliteTemplate(), dir);
  mkdirSync(dir, { recursive: true });
  const releaseLock = lockDirectory(dir);
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    // initdb's module only when initdb will run (a data directory not made from the template).
    const initdb = !existsSync(join(dir, 'PG_VERSION'));
    const client = await PGlite.create(dir, {
      pgliteWasmModule: await compiling,
      ...(initdb ? { initdbWasmModule: await compilePgliteModule('initdb.wasm') } : {}),
      fsBundle: pgliteFsBundle(),
      startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
    });
    const pglite = drizzle(client, { schema });
    const db = pglite as unknown as Db;
    return {
      kind: 'pglite',
      db,
      migrate: () => migrate(pglite, { migrationsFolder: migrationsFolder() }),
      async ping() {
        await db.execute(sql`select 1`);
      },
      async close() {
        await client.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/** No database yet: missing, empty, or holding only a lock left behind. */
function isNewDataDirectory(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).every((name) => name === '.lock');
}

export class DataDirectoryLockedError extends Error {}

function lockDirectory(dir: string): () => void {
  const lockPath = join(dir, '.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(lockPath, 'utf8').trim());
      if (holder && isAlive(holder)) {
        throw new DataDirectoryLockedError(
          `the data directory ${dir} is in use by process ${holder}; ` +
            'stop it, or give this process another DATA_DIR (or a DATABASE_URL)',
        );
      }
      rmSync(lockPath, { force: true }); // left behind by a process that died
    }
  }
  throw new DataDirectoryLockedError(`could not lock the data directory ${dir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
