/**
 * Backs up the embedded database and DATA_DIR/files into one archive (npm run backup -- --out <file>).
 * With the server running, asks it (POST /admin/backup on loopback, token from DATA_DIR/control.json);
 * with it stopped, opens the data directory itself.
 */
import fs from 'node:fs';
import fsPromises from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../src/server/config';
import { DataDirectoryInUseError, openPglite } from '../src/server/db/client';
import { BackupError, createBackup } from '../src/server/modules/backup/backup-archive';
import { type ControlFile, controlFileName } from '../src/server/modules/backup/routes';
import { packageJson } from '../src/server/project-root';

const usage = 'Usage: npm run backup -- --out <file.tar.gz>   (DATA_DIR chooses the data directory)';

async function fromRunningServer(dataDir: string): Promise<Readable | null> {
  const text = await fsPromises.readFile(path.join(dataDir, controlFileName), 'utf8').catch(() => null);
  if (!text) return null;
  const control = JSON.parse(text) as ControlFile;
  const response = await fetch(`${control.url}/admin/backup`, {
    method: 'POST',
    headers: { authorization: `Bearer ${control.token}` },
  }).catch(() => null);
  // A control file left by a server that was killed: nobody answers, so open the directory directly.
  if (!response) return null;
  if (!response.ok || !response.body) {
    throw new BackupError(
      `The running server refused the backup (${response.status}): ${await response.text()}`,
    );
  }
  return Readable.fromWeb(response.body as import('node:stream/web').ReadableStream);
}

async function main() {
  const { values } = parseArgs({ options: { out: { type: 'string' }, help: { type: 'boolean' } } });
  if (values.help || !values.out) {
    process.stdout.write(`${usage}\n`);
    process.exit(values.help ? 0 : 2);
  }
  const config = loadConfig();
  if (config.databaseUrl || config.s3) {
    throw new BackupError(
      'This backup is for the embedded mode; with PostgreSQL or S3 see docs/operations.md',
    );
  }
  const out = path.resolve(values.out);
  const partial = `${out}.partial`;
  let archive = await fromRunningServer(config.dataDir);
  let close = async () => {};
  if (!archive) {
    const database = await openPglite({ dataDir: config.dataDir, migrate: false });
    close = () => database.close();
    archive = await createBackup({ database, dataDir: config.dataDir, attestVersion: packageJson.version });
  }
  try {
    await pipeline(archive, fs.createWriteStream(partial, { flags: 'w', mode: 0o600 }));
    await fsPromises.rename(partial, out);
  } finally {
    await fsPromises.rm(partial, { force: true });
    await close();
  }
  process.stdout.write(`backup written to ${out}\n`);
}

main().catch((error) => {
  const known =
    error instanceof BackupError || error instanceof ConfigError || error instanceof DataDirectoryInUseError;
  process.stderr.write(`attest backup: ${known ? error.message : String(error?.stack ?? error)}\n`);
  process.exit(1);
});
