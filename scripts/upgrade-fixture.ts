/**
 * Writes the upgrade test's fixture: the demo organisation as this checkout's code seeds it (every
 * table's rows and the migrations applied). Run it on the previous release's checkout when a release
 * adds a migration: node --import tsx scripts/upgrade-fixture.ts <git-revision> <out.json.gz>
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { openPglite } from '../src/server/db/client';
import { ensureCatalogueItems } from '../src/server/modules/cards/materialise-catalogue';
import { createDiskStorage } from '../src/server/providers/storage/disk-storage';
import type { seedDemoOrganisation as SeedDemoOrganisation } from '../src/server/seed/demo';

// The seed moved from db/seed to seed/ (decision 348): a checkout from before that keeps it at the old path.
const seedBeforeDecision348 = '../src/server/db/seed/demo';
const { seedDemoOrganisation } = (await import('../src/server/seed/demo').catch(
  () => import(seedBeforeDecision348),
)) as { seedDemoOrganisation: typeof SeedDemoOrganisation };

const handle = await openPglite({});
const storage = createDiskStorage({ root: mkdtempSync(path.join(os.tmpdir(), 'vn-files-')) });
await seedDemoOrganisation(handle.db, { adminPassword: 'upgrade-fixture-password', storage });
await ensureCatalogueItems(handle.db);
// Self-contained (no project helpers beyond the seed) so that it runs on an older checkout.
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const migrations = rowsOf<{ hash: string; created_at: string }>(
  await handle.db.execute(sql`select hash, created_at from drizzle.__drizzle_migrations order by id`),
);
const tables = rowsOf<{ table_name: string }>(
  await handle.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  ),
);
const data: Record<string, unknown[]> = {};
for (const { table_name: table } of tables) {
  const [result] = rowsOf<{ rows: unknown }>(
    await handle.db.execute(sql.raw(`select coalesce(json_agg(t), '[]'::json) as rows from "${table}" t`)),
  );
  const rows = (typeof result!.rows === 'string' ? JSON.parse(result!.rows) : result!.rows) as unknown[];
  if (rows.length > 0) data[table] = rows;
}
const fixture = { createdBy: process.argv[2], migrations, tables: data };
writeFileSync(process.argv[3]!, gzipSync(JSON.stringify(fixture), { level: 9 }));
console.log(Object.fromEntries(Object.entries(data).map(([table, rows]) => [table, rows.length])));
await handle.close();
