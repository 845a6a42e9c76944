import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { registerJobHandlers } from '../jobs';
import { rowsOf } from '../modules/search/sql-helpers';
import { createProviders } from '../providers/create-providers';
import { createPostgresDatabase, testDatabaseKind } from '../test/test-database';
import { type DatabaseHandle, migrationsFolder, openPglite, openPostgres } from './client';

/**
 * Version N's database meets version N+1's code. The fixture is the demo organisation as the release
 * before the newest migration wrote it (every table's rows and the migrations it had applied); a
 * release that adds a migration refreshes it from the previous release (docs/operations.md, Upgrade).
 */
type Fixture = {
  createdBy: string;
  migrations: { hash: string; created_at: string }[];
  tables: Record<string, unknown[]>;
};
const fixture = JSON.parse(
  gunzipSync(
    readFileSync(new URL('./upgrade-fixtures/previous-release-demo.json.gz', import.meta.url)),
  ).toString(),
) as Fixture;
const fixturePassword = 'upgrade-fixture-password';

type Journal = { entries: { idx: number; tag: string; when: number }[] };

/** The migrations folder as version N shipped it: the journal's first N entries and their files. */
async function migrationsOfVersionN(directory: string): Promise<string> {
  const journal = JSON.parse(
    await fs.readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as Journal;
  const shipped = journal.entries.slice(0, fixture.migrations.length);
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

type Query = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

/**
 * Every fixture row, with triggers and foreign keys off as a restore would (order does not matter);
 * generated columns are left to the database.
 */
async function restoreFixture(query: Query): Promise<void> {
  await query('SET LOCAL session_replication_role = replica');
  for (const [table, rows] of Object.entries(fixture.tables)) {
    const columns = (
      await query(
        `select column_name from information_schema.columns
         where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
        [table],
      )
    ).rows.map((row) => `"${(row as { column_name: string }).column_name}"`);
    await query(
      `insert into "${table}" (${columns}) select ${columns} from json_populate_recordset(null::"${table}", $1::json)`,
      [JSON.stringify(rows)],
    );
  }
}

let workDirectory: string;
let database: DatabaseHandle;
let dropPostgres: (() => Promise<void>) | undefined;

beforeAll(async () => {
  workDirectory = await fs.mkdtemp(path.join(os.tmpdir(), 'attest-upgrade-'));
  const versionN = await migrationsOfVersionN(path.join(workDirectory, 'migrations-n'));
  if (testDatabaseKind === 'pglite') {
    // Version N ran on this data directory and was stopped; version N+1 starts on it.
    const dataDir = path.join(workDirectory, 'data');
    await fs.mkdir(path.join(dataDir, 'pglite'), { recursive: true });
    const client = await PGlite.create({ dataDir: path.join(dataDir, 'pglite'), extensions: { pg_trgm } });
    await client.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    await migratePglite(drizzlePglite({ client }), { migrationsFolder: versionN });
    await client.transaction((tx) => restoreFixture((text, values) => tx.query(text, values)));
    await client.close();
    database = await openPglite({ dataDir });
  } else {
    const created = await createPostgresDatabase('attest_upgrade');
    dropPostgres = created.drop;
    const client = new pg.Client({ connectionString: created.url });
    await client.connect();
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    await migrateNodePostgres(drizzleNodePostgres({ client }), { migrationsFolder: versionN });
    await client.query('BEGIN');
    await restoreFixture((text, values) => client.query(text, values));
    await client.query('COMMIT');
    await client.end();
    database = await openPostgres({ url: created.url, poolSize: 2 });
  }
}, 120_000);

afterAll(async () => {
  await database?.close();
  await dropPostgres?.();
  await fs.rm(workDirectory, { recursive: true, force: true });
});

describe(`upgrading version N's database (${fixture.createdBy}) with this version's code`, () => {
  it('applies the newer migrations once and keeps every row', async () => {
    const applied = rowsOf<{ hash: string }>(
      await database.db.execute(sql`select hash from drizzle.__drizzle_migrations order by id`),
    );
    const journal = JSON.parse(
      await fs.readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
    ) as Journal;
    expect(applied).toHaveLength(journal.entries.length);
    // The fixture must be older than the code, or this test would check nothing.
    expect(fixture.migrations.length).toBeLessThan(journal.entries.length);
    expect(applied.slice(0, fixture.migrations.length).map((row) => row.hash)).toEqual(
      fixture.migrations.map((row) => row.hash),
    );
    for (const [table, rows] of Object.entries(fixture.tables)) {
      const [counted] = rowsOf<{ count: number }>(
        await database.db.execute(sql.raw(`select count(*)::int as count from "${table}"`)),
      );
      expect(counted!.count, table).toBe(rows.length);
    }
  });

  it('serves the portal, search and the staff console on the upgraded data', async () => {
    const dataDir = path.join(workDirectory, 'app');
    const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://attest.test', DATA_DIR: dataDir });
    const providers = await createProviders(config, database);
    registerJobHandlers({ config, database, providers });
    const app = await buildApp({ config, database, providers });
    try {
      const view = await app.inject({ url: '/api/statuspage/share/acme/view' });
      expect(view.statusCode).toBe(200);
      expect(view.json().organisation.name).toBe('Acme Cloud');
      expect(view.json().cards.length).toBeGreaterThan(5);

      const products = fixture.tables.products as { id: string }[];
      const search = await app.inject({
        method: 'POST',
        url: '/api/statuspage/share/acme/search',
        payload: { query: { term: 'encryption', filters: { products: [products[0]!.id] } } },
      });
      expect(search.statusCode, search.body).toBe(200);
      expect(search.json().result.matches.length).toBeGreaterThan(0);

      const signIn = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: 'admin@acme.example', password: fixturePassword },
      });
      expect(signIn.statusCode, signIn.body).toBe(200);
      const cookies = Object.fromEntries(signIn.cookies.map((cookie) => [cookie.name, cookie.value]));
      const requests = await app.inject({ url: '/api/access-requests', cookies });
      expect(requests.statusCode, requests.body).toBe(200);
    } finally {
      await app.close();
      await providers.jobs.stop();
      await providers.mail.close();
      await providers.cache.close();
      await providers.storage.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
