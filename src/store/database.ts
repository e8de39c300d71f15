// The database port: Postgres (postgres.js) when DATABASE_URL is set, embedded PGlite in
// the data directory otherwise. Both speak the same drizzle schema and migrations; the
// rest of the code sees only `Database`.
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { assetPath, pgliteRuntimeOptions } from '../assets.ts';
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

const migrationsFolder = () => assetPath('drizzle');

/** Any fixed number: every replica takes the same advisory lock around migrations. */
const MIGRATION_LOCK_KEY = 7_461_019;

export function connectPostgres(url: string, poolSize: number): Database {
  const client = postgres(url, {
    max: poolSize,
    onnotice: () => {},
    connect_timeout: 5,
    // A dropped connection is replaced on next use; an idle one is closed after a while.
    idle_timeout: 60,
  });
  const db = drizzlePostgres(client, { schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    async migrate() {
      // One dedicated connection holds the advisory lock for the whole migration.
      const lockClient = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 5 });
      try {
        await lockClient`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
        await migratePostgres(drizzlePostgres(lockClient), { migrationsFolder: migrationsFolder() });
        await lockClient`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`;
      } finally {
        await lockClient.end({ timeout: 5 });
      }
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      await client.end({ timeout: 5 });
    },
  };
}

/** Embedded PGlite in `dir`; holds `dir/.lock` so a second process fails instead of corrupting it. */
export async function openPglite(dir: string): Promise<Database> {
  if (isNewDataDirectory(dir)) await unpackTemplate(await pgliteTemplate(), dir);
  mkdirSync(dir, { recursive: true });
  const releaseLock = lockDirectory(dir);
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const client = await PGlite.create(dir, {
      ...(await pgliteRuntimeOptions({ initdb: !existsSync(join(dir, 'PG_VERSION')) })),
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
