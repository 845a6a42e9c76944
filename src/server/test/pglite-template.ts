import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder } from '../db/client';

/**
 * A migrated, empty PGlite database as a dump, shared by every test file through a file named by the
 * migrations' contents: loading it costs ~0.8 s where initdb plus migrations cost ~3 s, once per file.
 * openPglite still runs the migrations on it, so a stale template would only cost time, never rows.
 */
function templateFile(): string {
  const hash = createHash('sha256');
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const pgliteVersion = JSON.parse(
    fs.readFileSync(path.join(path.dirname(pgliteEntry), '..', 'package.json'), 'utf8'),
  ).version as string;
  hash.update(pgliteVersion);
  for (const file of fs.readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(migrationsFolder, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  return path.join(os.tmpdir(), `attest-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
}

async function buildTemplate(file: string): Promise<Blob> {
  const client = await PGlite.create({ extensions: { pg_trgm } });
  await client.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  await migrate(drizzle({ client }), { migrationsFolder });
  const dump = await client.dumpDataDir('none');
  await client.close();
  // Written aside and renamed: files running at the same time never read half a template.
  const partial = `${file}.${process.pid}.${Date.now()}`;
  fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(partial, file);
  return dump;
}

let template: Promise<Blob> | undefined;

export function migratedPgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    const file = templateFile();
    if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);
    return buildTemplate(file);
  })();
  return template;
}
