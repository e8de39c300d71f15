// The database port's server adapter: Postgres through postgres.js, chosen when DATABASE_URL
// is set. A module of its own so that an embedded start never loads the driver.
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { type Database, type Db, migrationsFolder } from './database.ts';
import { schema } from './schema.ts';

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
