import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const run = promisify(execFile);

/**
 * `npm run <command>` as an operator runs it: `scripts/<script>.ts` in a child process on the given data
 * directory (PGlite, no DATABASE_URL), with its exit code and both outputs; killed after five minutes.
 */
export async function runOperatorScript(
  script: string,
  args: string[],
  dataDir: string,
  env: Record<string, string> = {},
) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', `scripts/${script}.ts`, ...args],
      {
        cwd: projectRoot,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development', ...env },
        timeout: 300_000,
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}
