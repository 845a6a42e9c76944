import type { Logger } from 'pino';
import type { Config } from './config';
import type { Database, DatabaseHandle } from './db/client';
import type { Viewer } from './policy/viewer';
import type { Providers } from './providers';

/** What every verb receives: the database (or a transaction), who is asking, and the providers. */
export type Context = {
  db: Database;
  viewer: Viewer;
  providers: Providers;
  config: Config;
};

export type AppDeps = {
  config: Config;
  database: DatabaseHandle;
  providers: Providers;
  logger?: Logger;
  /** Set by main.ts: once shutting down, /readyz fails so load balancers stop sending requests. */
  lifecycle?: { isShuttingDown(): boolean };
};
