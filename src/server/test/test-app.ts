import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
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

/** buildApp on a fresh database; jobs are not started, tests call providers.jobs.drain(). */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://attest.test', ...env });
  const database = await createTestDatabase();
  const providers = createProviders(config, database);
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
      await database.close();
    },
  };
}
