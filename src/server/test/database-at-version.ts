import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type DatabaseHandle, migrationsFolder, openPglite, openPostgres } from '../db/client';
import { createPostgresDatabase, testDatabaseKind } from './test-database';

export type Query = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
type Journal = { entries: { idx: number; tag: string; when: number }[] };

export async function readJournal(): Promise<Journal> {
  return JSON.parse(
    await fs.readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as Journal;
}

/** The migrations folder as a release with the journal's first `count` entries shipped it. */
async function migrationsOfFirst(count: number, directory: string): Promise<string> {
  const journal = await readJournal();
  const shipped = journal.entries.slice(0, count);
  await fs.mkdir(path.join(directory, 'meta'), { recursive: true });
  await fs.writeFile(
    path.join(directory, 'meta', '_journal.json'),
    JSON.stringify({ ...journal, entries: shipped }),
  );
  for (const entry of shipped) {
    await fs.copyFile(
      path.join(migrationsFolder, `${entry.tag}.sql`),
      path.join(directory, `${entry.tag}.sql`),
    );
  }
  return directory;
}

/**
 * A database as an older release left it: its first `migrations` migrations applied and `seed` run in
 * one transaction, then opened by this version's code (which applies the newer migrations), on the
 * engine the test project runs (PGlite on a data directory, or a fresh PostgreSQL database).
 */
export async function openDatabaseAtVersion(options: {
  migrations: number;
  seed: (query: Query) => Promise<void>;
}): Promise<{ database: DatabaseHandle; workDirectory: string; close(): Promise<void> }> {
  const workDirectory = await fs.mkdtemp(path.join(os.tmpdir(), 'attest-version-'));
  const older = await migrationsOfFirst(options.migrations, path.join(workDirectory, 'migrations'));
  let database: DatabaseHandle;
  let drop: (() => Promise<void>) | undefined;
  if (testDatabaseKind === 'pglite') {
    // The older release ran on this data directory and was stopped; this version starts on it.
    const dataDir = path.join(workDirectory, 'data');
    await fs.mkdir(path.join(dataDir, 'pglite'), { recursive: true });
    const client = await PGlite.create({ dataDir: path.join(dataDir, 'pglite'), extensions: { pg_trgm } });
    await client.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    await migratePglite(drizzlePglite({ client }), { migrationsFolder: older });
    await client.transaction((tx) => options.seed((text, values) => tx.query(text, values)));
    await client.close();
    database = await openPglite({ dataDir });
  } else {
    const created = await createPostgresDatabase('attest_version');
    drop = created.drop;
    const client = new pg.Client({ connectionString: created.url });
    await client.connect();
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    await migrateNodePostgres(drizzleNodePostgres({ client }), { migrationsFolder: older });
    await client.query('BEGIN');
    await options.seed((text, values) => client.query(text, values));
    await client.query('COMMIT');
    await client.end();
    database = await openPostgres({ url: created.url, poolSize: 2 });
  }
  return {
    database,
    workDirectory,
    close: async () => {
      await database.close();
      await drop?.();
      await fs.rm(workDirectory, { recursive: true, force: true });
    },
  };
}
