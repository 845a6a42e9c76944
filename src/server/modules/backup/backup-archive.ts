import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import * as tar from 'tar';
import { z } from 'zod';
import { type DatabaseHandle, migrationsFolder, type PausedDatabase } from '../../db/client';

/**
 * Embedded-mode backups: one tar.gz with manifest.json, database.tar (PGlite's dump of its data
 * directory) and files/ (DATA_DIR/files), taken at one instant while writes wait.
 */

const BackupManifest = z.object({
  format: z.literal('attest-backup'),
  formatVersion: z.literal(1),
  attestVersion: z.string(),
  createdAt: z.string(),
  /** Migrations applied to the database when it was taken; a restore refuses a newer schema. */
  migrationsApplied: z.number().int().min(0),
  /** Row count and content digest of every table at the backup point; a restore must reproduce them. */
  tables: z.record(z.string(), z.object({ rows: z.number().int(), digest: z.string() })),
  database: z.object({ path: z.literal('database.tar'), sha256: z.string(), bytes: z.number().int() }),
  files: z.array(z.object({ path: z.string(), sha256: z.string(), bytes: z.number().int() })),
});
export type BackupManifest = z.infer<typeof BackupManifest>;

export class BackupError extends Error {}

type TableDigests = BackupManifest['tables'];
type Query = PausedDatabase['query'];

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Every table's rows and an order-independent digest of their text; the same on the source and the copy. */
export async function digestTables(query: Query): Promise<TableDigests> {
  const tables = await query<{ schema: string; name: string }>(
    `select table_schema as schema, table_name as name from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle') order by 1, 2`,
  );
  const digests: TableDigests = {};
  for (const { schema, name } of tables) {
    const [row] = await query<{ rows: number; digest: string }>(
      `select count(*)::int as rows, md5(coalesce(string_agg(md5(t::text), '' order by md5(t::text)), '')) as digest
       from ${quoteIdentifier(schema)}.${quoteIdentifier(name)} t`,
    );
    digests[`${schema}.${name}`] = { rows: row!.rows, digest: row!.digest };
  }
  return digests;
}

async function migrationsApplied(query: Query): Promise<number> {
  const [row] = await query<{ count: number }>(
    'select count(*)::int as count from drizzle.__drizzle_migrations',
  );
  return row?.count ?? 0;
}

async function migrationsKnown(): Promise<number> {
  const journal = JSON.parse(await fs.readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'));
  return (journal as { entries: unknown[] }).entries.length;
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  const handle = await fs.open(file);
  try {
    for await (const chunk of handle.createReadStream()) hash.update(chunk as Buffer);
  } finally {
    await handle.close();
  }
  return hash.digest('hex');
}

async function listFiles(directory: string, prefix = ''): Promise<string[]> {
  const entries = await fs
    .readdir(directory, { withFileTypes: true })
    .catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
  const found: string[] = [];
  for (const entry of entries) {
    const relative = path.posix.join(prefix, entry.name);
    if (entry.isDirectory()) found.push(...(await listFiles(path.join(directory, entry.name), relative)));
    // A `.partial-` file is an upload still being written: not yet referenced by any row.
    else if (entry.isFile() && !entry.name.includes('.partial-')) found.push(relative);
  }
  return found;
}

/**
 * Takes a backup of a PGlite database and DATA_DIR/files into a staging directory, then returns the
 * archive as a gzip stream. Writes wait only while the database is dumped and the files are
 * hard-linked (stored files are never changed in place, so a link keeps the bytes of that instant).
 */
export async function createBackup(options: {
  database: DatabaseHandle;
  dataDir: string;
  attestVersion: string;
}): Promise<Readable> {
  const pause = options.database.withWritesPaused;
  if (!pause) throw new BackupError('Backups are for the embedded database; on PostgreSQL use pg_dump');
  const staging = path.join(options.dataDir, 'backup-staging', randomUUID());
  const filesRoot = path.join(options.dataDir, 'files');
  await fs.mkdir(path.join(staging, 'files'), { recursive: true });
  try {
    const snapshot = await pause(async (paused) => {
      const tables = await digestTables(paused.query);
      const applied = await migrationsApplied(paused.query);
      const dump = await paused.dumpDataDir();
      await fs.writeFile(path.join(staging, 'database.tar'), new Uint8Array(await dump.arrayBuffer()));
      const files = await listFiles(filesRoot);
      for (const file of files) {
        const target = path.join(staging, 'files', file);
        await fs.mkdir(path.dirname(target), { recursive: true });
        await fs
          .link(path.join(filesRoot, file), target)
          .catch(() => fs.copyFile(path.join(filesRoot, file), target));
      }
      return { tables, applied, files };
    });
    const files = [];
    for (const file of snapshot.files) {
      const stored = path.join(staging, 'files', file);
      files.push({ path: file, sha256: await sha256Of(stored), bytes: (await fs.stat(stored)).size });
    }
    const databaseFile = path.join(staging, 'database.tar');
    const manifest: BackupManifest = {
      format: 'attest-backup',
      formatVersion: 1,
      attestVersion: options.attestVersion,
      createdAt: new Date().toISOString(),
      migrationsApplied: snapshot.applied,
      tables: snapshot.tables,
      database: {
        path: 'database.tar',
        sha256: await sha256Of(databaseFile),
        bytes: (await fs.stat(databaseFile)).size,
      },
      files,
    };
    await fs.writeFile(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const archive = tar.create({ gzip: true, cwd: staging, portable: true }, [
      'manifest.json',
      'database.tar',
      'files',
    ]);
    const removeStaging = () => void fs.rm(staging, { recursive: true, force: true });
    archive.once('end', removeStaging);
    archive.once('error', removeStaging);
    archive.once('close', removeStaging);
    return archive as unknown as Readable;
  } catch (error) {
    await fs.rm(staging, { recursive: true, force: true });
    throw error;
  }
}

async function isEmptyDirectory(directory: string): Promise<boolean> {
  const entries = await fs.readdir(directory).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return entries.length === 0;
}

/**
 * Restores an archive into an empty DATA_DIR (the server stopped): checks every checksum and the
 * schema level first, loads the database, then checks every table against the manifest.
 */
export async function restoreBackup(options: { file: string; dataDir: string }): Promise<BackupManifest> {
  if (!(await isEmptyDirectory(options.dataDir))) {
    throw new BackupError(`${options.dataDir} is not empty: restore into a new, empty DATA_DIR`);
  }
  await fs.mkdir(options.dataDir, { recursive: true });
  const staging = path.join(options.dataDir, `.restoring-${randomUUID()}`);
  await fs.mkdir(staging);
  let isComplete = false;
  try {
    await tar.extract({ file: options.file, cwd: staging, strict: true }).catch((error: Error) => {
      throw new BackupError(`${options.file} is not a readable backup archive (${error.message})`);
    });
    const parsed = BackupManifest.safeParse(
      JSON.parse(await fs.readFile(path.join(staging, 'manifest.json'), 'utf8').catch(() => 'null')),
    );
    if (!parsed.success) throw new BackupError(`${options.file} has no valid manifest.json`);
    const manifest = parsed.data;
    const known = await migrationsKnown();
    if (manifest.migrationsApplied > known) {
      throw new BackupError(
        `The backup's schema (${manifest.migrationsApplied} migrations) is newer than this version of Attest (${known}): restore it with Attest ${manifest.attestVersion} or newer`,
      );
    }
    const expected = [
      manifest.database,
      ...manifest.files.map((file) => ({ ...file, path: `files/${file.path}` })),
    ];
    for (const entry of expected) {
      const actual = await sha256Of(path.join(staging, entry.path)).catch(() => 'missing');
      if (actual !== entry.sha256)
        throw new BackupError(`${entry.path} in the backup is damaged (${actual})`);
    }
    const dump = await fs.readFile(path.join(staging, 'database.tar'));
    const client = await PGlite.create({
      dataDir: path.join(options.dataDir, 'pglite'),
      loadDataDir: new Blob([new Uint8Array(dump)]),
      extensions: { pg_trgm },
      relaxedDurability: false,
    });
    try {
      const restored = await digestTables(async (statement) => (await client.query(statement)).rows as never);
      for (const [table, expectedDigest] of Object.entries(manifest.tables)) {
        const actual = restored[table];
        if (actual?.rows !== expectedDigest.rows || actual.digest !== expectedDigest.digest) {
          throw new BackupError(`Table ${table} does not match the backup after loading it`);
        }
      }
      await client.query('CHECKPOINT');
    } finally {
      await client.close();
    }
    await fs.rename(path.join(staging, 'files'), path.join(options.dataDir, 'files')).catch(async () => {
      await fs.mkdir(path.join(options.dataDir, 'files'), { recursive: true });
    });
    isComplete = true;
    return manifest;
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
    if (!isComplete) {
      await fs.rm(path.join(options.dataDir, 'pglite'), { recursive: true, force: true });
      await fs.rm(path.join(options.dataDir, 'files'), { recursive: true, force: true });
    }
  }
}
