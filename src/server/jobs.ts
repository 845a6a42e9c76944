import { and, eq, gt, sql } from 'drizzle-orm';
import type { AppDeps } from './context';
import { jobs } from './db/schema';
import { createPurgeCredentialsHandler, purgeCredentialsQueue } from './modules/access';
import { createExpiryRemindersHandler, expiryRemindersQueue } from './modules/accounts';
import { createPurgeAnalyticsHandler, purgeAnalyticsQueue } from './modules/analytics';
import {
  createExtractTextBackfillHandler,
  createExtractTextHandler,
  extractTextBackfillQueue,
  extractTextQueue,
} from './modules/documents';
import { createDeliverMailHandler, mailDeliveryQueue } from './modules/mail';
import {
  announceExpiriesQueue,
  createAnnounceExpiriesHandler,
  createStaffDigestHandler,
  staffDigestQueue,
} from './modules/notifications';
import { createDraftQuestionnaireHandler, draftQuestionnaireQueue } from './modules/questionnaires';
import { createRefreshEmbeddingsHandler, embeddingRefreshQueue } from './modules/search';
import {
  channelDeliveryQueue,
  createChannelDeliveryHandler,
  createPurgePendingHandler,
  purgePendingQueue,
} from './modules/subscriptions';
import { createUpdatePublishedReader, registerUpdateJobHandlers } from './modules/updates';
import {
  createWebhookDeliveryHandler,
  previousReleaseQueues,
  webhookDeliveryQueue,
} from './modules/webhooks';

const minuteMs = 60_000;

/** Work that repeats: a job of the queue is enqueued once per period, whatever the number of nodes. */
export const recurringJobs = [
  { queue: purgePendingQueue, everyMs: 6 * 60 * minuteMs },
  { queue: purgeAnalyticsQueue, everyMs: 24 * 60 * minuteMs },
  { queue: purgeCredentialsQueue, everyMs: 6 * 60 * minuteMs },
  // Access ending within an organisation's reminder window is reminded within the hour it enters it.
  { queue: expiryRemindersQueue, everyMs: 60 * minuteMs },
  // Documents stored before text extraction existed (or whose job was lost) get their text.
  { queue: extractTextBackfillQueue, everyMs: 60 * minuteMs },
  // Items and updates change in other modules; this catches them (a no-op without an embedding model).
  { queue: embeddingRefreshQueue, everyMs: 15 * minuteMs },
  // Digest windows end on the hour; a run every 10 minutes sends each soon after (decision 240).
  { queue: staffDigestQueue, everyMs: 10 * minuteMs },
  { queue: announceExpiriesQueue, everyMs: 15 * minuteMs },
] as const;

/**
 * Enqueues each recurring job unless one of its queue was created within its period. The advisory
 * lock makes "check, then enqueue" one step across nodes. Returns the queues it enqueued.
 */
export async function enqueueDueRecurringJobs(deps: AppDeps, now = new Date()): Promise<string[]> {
  const enqueued: string[] = [];
  for (const { queue, everyMs } of recurringJobs) {
    const isEnqueued = await deps.database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`recurring:${queue}`}))`);
      const [recent] = await tx
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.queue, queue), gt(jobs.createdAt, new Date(now.getTime() - everyMs))))
        .limit(1);
      if (recent) return false;
      await deps.providers.jobs.enqueue(tx, queue, {}, { maxAttempts: 3 });
      return true;
    });
    if (isEnqueued) enqueued.push(queue);
  }
  return enqueued;
}

/** Every node that runs jobs looks every few minutes; tests call enqueueDueRecurringJobs themselves. */
function startRecurringJobs(deps: AppDeps): () => void {
  const check = () =>
    void enqueueDueRecurringJobs(deps).catch((error) =>
      deps.logger?.warn({ err: error }, 'scheduling recurring jobs failed'),
    );
  const first = setTimeout(check, minuteMs).unref();
  const every = setInterval(check, 5 * minuteMs).unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}

/**
 * Every queue's handler, registered on each node (main.ts and the test app alike). Returns the
 * function that stops scheduling recurring jobs (called on shutdown, before the queue stops).
 */
export function registerJobHandlers(deps: AppDeps): () => void {
  // One mail: each SMTP wait is bounded well inside this (connection, greeting, socket time-outs).
  deps.providers.jobs.register(
    mailDeliveryQueue,
    createDeliverMailHandler({ db: deps.database.db, providers: deps.providers, logger: deps.logger }),
    { timeLimitMs: 2 * minuteMs },
  );
  registerUpdateJobHandlers(deps);
  deps.providers.jobs.register(purgePendingQueue, createPurgePendingHandler(deps.database.db));
  deps.providers.jobs.register(
    channelDeliveryQueue,
    createChannelDeliveryHandler({ db: deps.database.db, config: deps.config, logger: deps.logger }),
    // One POST of at most channelLimits.requestTimeoutMs, plus reading the row and recording the result.
    { timeLimitMs: 60_000 },
  );
  deps.providers.jobs.register(
    purgeAnalyticsQueue,
    createPurgeAnalyticsHandler(deps.database.db, deps.config.analyticsRetentionDays),
  );
  const { db } = deps.database;
  deps.providers.jobs.register(purgeCredentialsQueue, createPurgeCredentialsHandler(db));
  deps.providers.jobs.register(
    expiryRemindersQueue,
    createExpiryRemindersHandler({ db, config: deps.config, providers: deps.providers }),
    { timeLimitMs: 5 * minuteMs },
  );
  deps.providers.jobs.register(
    extractTextQueue,
    createExtractTextHandler({ db, providers: deps.providers, logger: deps.logger }),
  );
  deps.providers.jobs.register(
    extractTextBackfillQueue,
    createExtractTextBackfillHandler({ db, providers: deps.providers }),
  );
  deps.providers.jobs.register(
    embeddingRefreshQueue,
    createRefreshEmbeddingsHandler({ db, providers: deps.providers, logger: deps.logger }),
  );
  deps.providers.jobs.register(staffDigestQueue, createStaffDigestHandler({ ...deps, db }), {
    timeLimitMs: 2 * minuteMs,
  });
  deps.providers.jobs.register(announceExpiriesQueue, createAnnounceExpiriesHandler({ ...deps, db }), {
    timeLimitMs: 2 * minuteMs,
  });
  // One POST of at most webhookRequestTimeoutMs (10 s) per run; retries are separate runs.
  const deliverWebhook = createWebhookDeliveryHandler({
    db,
    config: deps.config,
    logger: deps.logger,
    readUpdatePublished: createUpdatePublishedReader({ db, config: deps.config }),
  });
  deps.providers.jobs.register(webhookDeliveryQueue, deliverWebhook, { timeLimitMs: minuteMs });
  for (const [queue, adapt] of Object.entries(previousReleaseQueues)) {
    deps.providers.jobs.register(queue, (payload, job) => deliverWebhook(adapt(payload), job), {
      timeLimitMs: minuteMs,
    });
  }
  // Drafting reads the evidence once and drafts in steps of 25 rows: 2 000 rows take seconds offline,
  // and up to about half an hour through a model answering in 3 s, four questions at a time.
  deps.providers.jobs.register(
    draftQuestionnaireQueue,
    createDraftQuestionnaireHandler({ db, config: deps.config }),
    { timeLimitMs: (deps.config.ai ? 30 : 10) * minuteMs },
  );
  if (deps.config.runJobs && deps.config.nodeEnv !== 'test') return startRecurringJobs(deps);
  return () => {};
}
