import { AppError } from '../shared/errors';
import { ConfigError, loadConfig } from './config';
import { type DatabaseHandle, DataDirectoryInUseError, openDatabase } from './db/client';
import { createStorage, type FileStorage } from './providers/storage';

/**
 * What the operator commands share (trust-center:export/import, questionnaire:draft…): the database and
 * files the server would use, a failure printed as one line, exit 0 or 1.
 */

/** A one-line failure the operator can act on; the command exits 1 after printing it. */
export class CommandError extends Error {}

export type Output = { stdout: (text: string) => void; stderr: (text: string) => void };

/** DATABASE_URL, or the PGlite data directory when no server holds it; S3_* or DATA_DIR for files. */
export async function withDatabase<T>(
  work: (handle: DatabaseHandle, storage: FileStorage) => Promise<T>,
): Promise<T> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const storage = await createStorage(config);
  try {
    return await work(database, storage);
  } finally {
    await storage.close();
    await database.close();
  }
}

export function describeFailure(error: unknown): string {
  if (error instanceof CommandError || error instanceof AppError) return error.message;
  if (error instanceof ConfigError || error instanceof DataDirectoryInUseError) return error.message;
  if (error instanceof Error && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) {
    return `${error.message} (see --help)`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** The scripts' entry: run, print a failure as one line, exit 0 or 1. */
export function runCommand(run: (argv: string[], output: Output) => Promise<void>): void {
  const output: Output = {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
  };
  // Exit only once what was written has left: a piped export can be larger than one write.
  run(process.argv.slice(2), output).then(
    () => process.stdout.write('', () => process.exit(0)),
    (error) => {
      process.stderr.write(`attest: ${describeFailure(error).replaceAll('\n', ' ')}\n`, () =>
        process.exit(1),
      );
    },
  );
}
