/**
 * Restores a backup into a new, empty DATA_DIR while no server runs on it
 * (npm run restore -- --file <file.tar.gz>). Every checksum and table is checked; a failure leaves
 * the directory empty.
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../src/server/config';
import { BackupError, restoreBackup } from '../src/server/modules/backup/backup-archive';

const usage = 'Usage: DATA_DIR=<new empty directory> npm run restore -- --file <file.tar.gz>';

async function main() {
  const { values } = parseArgs({ options: { file: { type: 'string' }, help: { type: 'boolean' } } });
  if (values.help || !values.file) {
    process.stdout.write(`${usage}\n`);
    process.exit(values.help ? 0 : 2);
  }
  const config = loadConfig();
  if (config.databaseUrl) throw new BackupError('DATABASE_URL is set: restore PostgreSQL with pg_restore');
  const manifest = await restoreBackup({ file: values.file, dataDir: config.dataDir });
  const rows = Object.values(manifest.tables).reduce((sum, table) => sum + table.rows, 0);
  process.stdout.write(
    `restored ${config.dataDir}: ${Object.keys(manifest.tables).length} tables, ${rows} rows, ${manifest.files.length} files (taken ${manifest.createdAt} by Attest ${manifest.attestVersion})\n`,
  );
}

main().catch((error) => {
  const known = error instanceof BackupError || error instanceof ConfigError;
  process.stderr.write(`attest restore: ${known ? error.message : String(error?.stack ?? error)}\n`);
  process.exit(1);
});
