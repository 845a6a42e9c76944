import type { FastifyRequest } from 'fastify';
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

/** A verb's context on a route that serves no viewer (dev mailbox, signed links, the FAQ key). */
export type ServerContext = Omit<Context, 'viewer'>;

export type AppDeps = {
  config: Config;
  database: DatabaseHandle;
  providers: Providers;
  logger?: Logger;
  /** Set by main.ts: once shutting down, /readyz fails so load balancers stop sending requests. */
  lifecycle?: { isShuttingDown(): boolean };
};

/** The viewer the viewer plugin built for this request; a route without `config.viewer` has none. */
export function requireViewer(request: FastifyRequest): Viewer {
  if (!request.viewer) throw new Error('route is missing config.viewer');
  return request.viewer;
}

/**
 * The one way a route builds a verb's context: the app's database, providers and config, and, given
 * the request, the viewer the viewer plugin built for it (decision 294).
 */
export function verbContext(deps: AppDeps): ServerContext;
export function verbContext(deps: AppDeps, request: FastifyRequest): Context;
export function verbContext(deps: AppDeps, request?: FastifyRequest): ServerContext | Context {
  const server = { db: deps.database.db, providers: deps.providers, config: deps.config };
  return request ? { ...server, viewer: requireViewer(request) } : server;
}
