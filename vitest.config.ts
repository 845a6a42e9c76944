import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/** PostgreSQL runs the same suite when TEST_DATABASE_URL is set or a server answers on 127.0.0.1:5432. */
function isPostgresReachable(): Promise<boolean> {
  if (process.env.TEST_DATABASE_URL) return Promise.resolve(true);
  if (process.env.ATTEST_SKIP_POSTGRES === '1') return Promise.resolve(false);
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: 5432 });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/**
 * The PostgreSQL project runs what the engine can change (docs/decisions.md 332): the database layer
 * and the demo seed, the access gate, the job queue and the caches by folder, `*.postgres.test.ts`, and any other server
 * test whose first lines say `@postgres:` and why (locks, concurrency, query-heavy reads, SQL dates).
 * Everything else (HTTP, validation, rendering, mail) runs once, on PGlite: the same PostgreSQL.
 */
const postgresFolders = [
  'src/server/db/',
  'src/server/seed/',
  'src/server/policy/',
  'src/server/providers/jobs/',
  'src/server/providers/cache/',
];
const postgresMarker = /^\s*(?:\/\/|\/?\*+)\s*@postgres:\s*\S/m;
function engineDependentTests(): string[] {
  return fs
    .readdirSync('src/server', { recursive: true, encoding: 'utf8' })
    .map((file) => path.posix.join('src/server', file.split(path.sep).join('/')))
    .filter((file) => file.endsWith('.test.ts') && !file.endsWith('.pglite.test.ts'))
    .filter(
      (file) =>
        file.endsWith('.postgres.test.ts') ||
        postgresFolders.some((folder) => file.startsWith(folder)) ||
        postgresMarker.test(fs.readFileSync(file, 'utf8').split('\n').slice(0, 20).join('\n')),
    );
}

const withPostgres = await isPostgresReachable();
const serverTests = ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts'];
// `*.pglite.test.ts` is about the embedded engine only; `*.postgres.test.ts` needs a PostgreSQL server.
const postgresOnly = 'src/server/**/*.postgres.test.ts';
// HTML route tests and browser journeys serve dist/: build it first when it is missing or stale.
const webBuild = ['scripts/ensure-web-build.ts'];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Vitest's default (cores - 1) is one worker on a 2-core machine: PGlite files then run one by one
    // while the other core idles. Journeys still run alone, after everything else (groupOrder 1).
    maxWorkers: 2,
    // Server files share their worker's modules instead of importing the app again per file (~40 % of
    // the server projects' time): each file still builds its own app on its own database, so no state
    // may live in a module. `--isolate` runs each file alone again, to find one that does.
    isolate: false,
    projects: [
      {
        extends: true as const,
        test: {
          name: 'pglite',
          include: serverTests,
          exclude: [postgresOnly],
          env: { ATTEST_TEST_DB: 'pglite' },
          globalSetup: webBuild,
        },
      },
      ...(withPostgres
        ? [
            {
              extends: true as const,
              test: {
                name: 'postgres',
                include: engineDependentTests(),
                env: { ATTEST_TEST_DB: 'postgres' },
                globalSetup: webBuild,
              },
            },
          ]
        : []),
      {
        extends: true as const,
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          environment: 'node',
          // Components rendered alone speak English, the spec's texts (the page provides its own language).
          setupFiles: ['src/web/lib/test-support/english-translator.ts'],
          // A DOM test leaves the document behind it (a dialog's body style, focus): one file per worker.
          isolate: true,
        },
      },
      {
        extends: true as const,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          // Journeys patch their browser contexts and hold a server each: one file per fresh worker.
          isolate: true,
          globalSetup: [...webBuild, 'e2e/support/seeded-data-directory.ts'],
          // A hang guard, not a speed check: the longest journeys (a member's whole lifecycle in four
          // browser contexts) take ~2 min alone and more while the other journey shares the cores.
          testTimeout: 240_000,
          hookTimeout: 180_000,
          // Two journeys at once (each its own server, data directory, port and Chromium): a journey
          // mostly waits on the browser, so one alone left a core idle. ATTEST_E2E_SERIAL=1 runs one.
          fileParallelism: process.env.ATTEST_E2E_SERIAL !== '1',
          sequence: { groupOrder: 1 },
          // expect.poll waits for what a person would see; Vitest's 1 s default fails a journey on a busy
          // machine (a search filter applied after hydration took longer). A wait, not a speed check.
          expect: { poll: { timeout: 15_000, interval: 100 } },
        },
      },
    ],
  },
});
