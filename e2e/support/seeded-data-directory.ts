import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../src/server/test/server-process';
import { startJourneyServer } from './journey-server';

declare module 'vitest' {
  export interface ProvidedContext {
    seededDataDirectory: string;
  }
}

/**
 * Global setup of the journeys: one server start on an empty data directory (PGlite initdb, migrations,
 * demo seed: ~12 s) whose result every journey copies, instead of each journey paying it again.
 * A first start on an empty directory stays tested by main.pglite.test.ts and by this setup itself.
 */
export default async function setup(project: TestProject) {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'attest-e2e-seeded-'));
  const server = await startJourneyServer({ dataDirectory: directory, port: await freePort() });
  await server.stop();
  if (server.process.exitCode !== 0) {
    throw new Error(
      `the seeding server did not stop cleanly (exit ${server.process.exitCode}):\n${server.output()}`,
    );
  }
  project.provide('seededDataDirectory', directory);
  return () => rmSync(directory, { recursive: true, force: true });
}
