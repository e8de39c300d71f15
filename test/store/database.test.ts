import { afterAll, describe, expect, test } from 'bun:test';
import { readdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { createServices } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { createLogger } from '../../src/log.ts';
import { DataDirectoryLockedError, openPglite } from '../../src/store/database.ts';
import { connectPostgres } from '../../src/store/postgres-database.ts';
import { tempDirectory, tempPostgresDatabase } from '../support/services.ts';

describe('PGlite data directory', () => {
  const dir = tempDirectory();
  afterAll(() => dir.dispose());

  test('migrates, and a second opener of the same directory fails clearly', async () => {
    const first = await openPglite(dir.value);
    try {
      await first.migrate();
      await first.migrate(); // idempotent
      await first.ping();
      const error = await openPglite(dir.value).catch((e) => e);
      expect(error).toBeInstanceOf(DataDirectoryLockedError);
      expect(String(error.message)).toContain(`in use by process ${process.pid}`);
    } finally {
      await first.close();
    }
  });

  test('a new data directory is unpacked from the template, migrated already', async () => {
    const fresh = tempDirectory();
    try {
      const database = await openPglite(`${fresh.value}/pglite`);
      try {
        const applied = await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
        expect((applied as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBeGreaterThan(0);
        await database.migrate(); // nothing left to apply
      } finally {
        await database.close();
      }
      expect(readdirSync(fresh.value)).toEqual(['pglite']); // no partial unpack left beside it
    } finally {
      await fresh.dispose();
    }
  });

  test('what is written on a database made from the template is there after a restart', async () => {
    const fresh = tempDirectory();
    const path = `${fresh.value}/pglite`;
    try {
      const first = await openPglite(path);
      try {
        await first.db.execute(sql`create table kept (note text)`);
        await first.db.execute(sql`insert into kept values ('written before the restart')`);
      } finally {
        await first.close();
      }
      const again = await openPglite(path);
      try {
        const kept = await again.db.execute(sql`select note from kept`);
        expect((kept as unknown as { rows: Array<{ note: string }> }).rows).toEqual([{ note: 'written before the restart' }]);
        const databases = await again.db.execute(sql`select datname from pg_database`);
        expect((databases as unknown as { rows: Array<{ datname: string }> }).rows).toEqual([{ datname: 'postgres' }]);
      } finally {
        await again.close();
      }
    } finally {
      await fresh.dispose();
    }
  });

  test('a lock left by a dead process is taken over', async () => {
    await Bun.write(`${dir.value}/.lock`, '999999'); // no such process
    const reopened = await openPglite(dir.value);
    await reopened.ping();
    await reopened.close();
  });
});

describe('Postgres', () => {
  test('replicas migrating at the same time do not collide', async () => {
    const database = await tempPostgresDatabase();
    const replicas = [connectPostgres(database.value, 2), connectPostgres(database.value, 2), connectPostgres(database.value, 2)];
    try {
      await Promise.all(replicas.map((replica) => replica.migrate()));
      await Promise.all(replicas.map((replica) => replica.ping()));
    } finally {
      await Promise.all(replicas.map((replica) => replica.close()));
      await database.dispose();
    }
  });

  test('a start on an unreachable server names it (host, port, database), never with its password', async () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://postgres:hunter2@127.0.0.1:1/none', JWT_SECRET: 'x'.repeat(40) });
    const starting = createServices(config, createLogger('silent'));
    await expect(starting).rejects.toThrow(/^Postgres at 127\.0\.0\.1:1\/none: .*ECONNREFUSED/);
    await expect(starting).rejects.not.toThrow(/hunter2/);
  });

  test('ping fails when the server cannot be reached', async () => {
    const unreachable = connectPostgres('postgres://postgres@127.0.0.1:1/none', 1);
    expect(unreachable.ping()).rejects.toThrow();
    await unreachable.close();
  });
});
