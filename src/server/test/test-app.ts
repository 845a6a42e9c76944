import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import { registerJobHandlers } from '../jobs';
import type { Providers } from '../providers';
import { createProviders } from '../providers/create-providers';
import { createTestDatabase } from './test-database';

export type TestApp = {
  app: FastifyInstance;
  database: DatabaseHandle;
  providers: Providers;
  config: Config;
  close: () => Promise<void>;
};

/** buildApp on a fresh database; handlers are registered but jobs not started: tests call providers.jobs.drain(). */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  // Production refuses to start without SMTP; tests that never drain mail point it at a closed port.
  const smtp = env.NODE_ENV === 'production' ? { SMTP_URL: 'smtp://127.0.0.1:9' } : {};
  // Stored documents go to a directory of this test app, removed on close.
  const dataDir = env.DATA_DIR ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'attest-test-')));
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://attest.test',
    DATA_DIR: dataDir,
    ...smtp,
    ...env,
  });
  const database = await createTestDatabase();
  const providers = await createProviders(config, database);
  registerJobHandlers({ config, database, providers });
  const app = await buildApp({ config, database, providers });
  return {
    app,
    database,
    providers,
    config,
    async close() {
      await app.close();
      await providers.jobs.stop();
      await providers.mail.close();
      await providers.cache.close();
      await providers.storage.close();
      await database.close();
      if (!env.DATA_DIR) await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
