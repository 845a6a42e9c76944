import pg from 'pg';
import { type DatabaseHandle, openPglite, openPostgres } from '../db/client';
import { migratedPgliteTemplate } from './pglite-template';

export const testDatabaseKind = process.env.ATTEST_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
export const testPostgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export function databaseUrlFor(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A PostgreSQL database of its own, dropped by the returned function. */
export async function createPostgresDatabase(
  prefix = 'attest_test',
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: testPostgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  await admin.end();
  return {
    url: databaseUrlFor(testPostgresUrl, name),
    async drop() {
      const client = new pg.Client({ connectionString: testPostgresUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** A fresh, migrated database for one test file: in-memory PGlite, or a new PostgreSQL database. */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (testDatabaseKind === 'pglite') return openPglite({ template: await migratedPgliteTemplate() });
  const created = await createPostgresDatabase();
  const handle = await openPostgres({ url: created.url, poolSize: 4 });
  return {
    ...handle,
    async close() {
      await handle.close();
      await created.drop();
    },
  };
}
