import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { registerJobHandlers } from '../jobs';
import { rowsOf } from '../modules/search/sql-helpers';
import { createProviders } from '../providers/create-providers';
import { openDatabaseAtVersion, type Query, readJournal } from '../test/database-at-version';
import type { DatabaseHandle } from './client';

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
let closeDatabase: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const opened = await openDatabaseAtVersion({ migrations: fixture.migrations.length, seed: restoreFixture });
  ({ database, workDirectory } = opened);
  closeDatabase = opened.close;
}, 120_000);

afterAll(async () => closeDatabase?.());

describe(`upgrading version N's database (${fixture.createdBy}) with this version's code`, () => {
  it('applies the newer migrations once and keeps every row', async () => {
    const applied = rowsOf<{ hash: string }>(
      await database.db.execute(sql`select hash from drizzle.__drizzle_migrations order by id`),
    );
    const journal = await readJournal();
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
