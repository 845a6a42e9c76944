import type { Logger } from 'pino';
import type { Config } from '../config';
import { findOrganisationRevisionBySlug } from '../core';
import type { DatabaseHandle } from '../db/client';
import { createAnswerProvider, createEmbeddingProvider } from './ai';
import { createPortalCache } from './cache/portal-cache';
import type { Providers } from './index';
import { createDatabaseJobQueue, jobsChannel } from './jobs/database-queue';
import { newWorkerId } from './jobs/worker-identity';
import { createDevMailboxTransport } from './mail/dev-mailbox';
import { createStorage } from './storage';

/** Chooses each provider from configuration; nothing else knows which one is in use. */
export async function createProviders(
  config: Config,
  database: DatabaseHandle,
  logger?: Logger,
): Promise<Providers> {
  // Packages a deployment may not use (nodemailer, the S3 client) load only when configured.
  const mail = config.smtpUrl
    ? (await import('./mail/smtp')).createSmtpTransport({
        url: config.smtpUrl,
        maxConnections: config.jobConcurrency,
      })
    : createDevMailboxTransport(database.db);
  const jobs = createDatabaseJobQueue({
    db: database.db,
    workerId: newWorkerId(),
    logger,
    concurrency: config.jobConcurrency,
    subscribe: (wake) => database.listen(jobsChannel, wake),
  });
  // Several nodes may share PostgreSQL: verify each cache hit against the organisation's revision.
  const cache = await createPortalCache(database, {
    staleMaxAgeMs: config.staleViewMaxAgeMs,
    lookUpRevision:
      database.kind === 'postgres' ? (slug) => findOrganisationRevisionBySlug(database.db, slug) : undefined,
  });
  return {
    mail,
    jobs,
    cache,
    ai: createAnswerProvider(config.ai),
    embeddings: createEmbeddingProvider(config.aiEmbeddings),
    storage: await createStorage(config),
  };
}
