import { and, asc, eq, gt, inArray, isNotNull, max, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { z } from 'zod';
import { isLocale, type Locale, offeredLocalesOf } from '../../../shared/i18n/locales';
import { PortalCustomisation } from '../../../shared/portal';
import { categoryLabels, type UpdateCategory, updateLimits } from '../../../shared/updates';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import {
  organisations,
  subscribers,
  subscriptionBlocks,
  topics,
  topicUpdates,
  updateDeliveries,
} from '../../db/schema';
import type { Providers } from '../../providers';
import { PermanentJobError } from '../../providers/jobs/database-queue';
import type { JobHandler } from '../../providers/jobs/types';
import {
  deliverMailBatch,
  type MailSender,
  mailBrand,
  mailSender,
  queueMails,
  updateMailQueue,
} from '../mail';
import {
  followedProductNames,
  offeredProducts,
  queueChannelUpdate,
  reachedByChoice,
  unsubscribeLinks,
} from '../subscriptions';
import { updateMailsPerJob } from './queries';
import { renderUpdateText } from './render-markdown';
import {
  composeUpdateMail,
  personaliseUpdateMail,
  type UpdateMailContent,
  updateMailReason,
} from './update-mail';

export type FanOutDeps = {
  db: Database;
  config: Pick<Config, 'publicUrl' | 'mailFrom'>;
  providers: Pick<Providers, 'mail' | 'jobs'>;
  logger?: Pick<Logger, 'warn' | 'info'>;
  batchSize?: number;
  /** Called after each committed batch; tests stop a worker here. */
  afterBatch?: (info: { updateId: string; inserted: number }) => Promise<void>;
};

/** `follows` is what a subscriber chose (null: everything); a listed address has none. */
type Recipient = {
  email: string;
  subscriberId: string | null;
  /** The subscriber's language; listed addresses and subscribers without one get the default. */
  locale?: Locale | null;
  follows?: { categories: UpdateCategory[] | null; productNames: string[] | null };
};
type Blocks = { emails: Set<string>; domains: Set<string> };

const FanOutPayload = z.object({ updateId: z.uuid() });
const UpdateMail = z.object({ outboxMessageId: z.uuid(), deliveryId: z.uuid() });
// One mail per job was the format before batching; such jobs may still be queued after an upgrade.
const UpdateMailPayload = z.union([
  z.object({ mails: z.array(UpdateMail).min(1).max(updateMailsPerJob) }),
  UpdateMail,
]);
// Sends under way at once in one job; the SMTP pool has JOB_CONCURRENCY connections.
const defaultSendConcurrency = 4;

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1);
const isBlocked = (blocks: Blocks, email: string) =>
  blocks.emails.has(email) || blocks.domains.has(domainOf(email));

async function loadUpdate(db: Database, updateId: string) {
  const [row] = await db
    .select({
      update: topicUpdates,
      topic: topics,
      organisation: {
        id: organisations.id,
        slug: organisations.slug,
        name: organisations.name,
        customisation: organisations.customisation,
        logoAssetId: organisations.logoAssetId,
        revision: organisations.revision,
      },
    })
    .from(topicUpdates)
    .innerJoin(topics, eq(topics.id, topicUpdates.topicId))
    .innerJoin(organisations, eq(organisations.id, topicUpdates.organisationId))
    .where(eq(topicUpdates.id, updateId))
    .limit(1);
  return row ?? null;
}

async function loadBlocks(db: Database, organisationId: string): Promise<Blocks> {
  const rows = await db
    .select({ kind: subscriptionBlocks.kind, value: subscriptionBlocks.value })
    .from(subscriptionBlocks)
    .where(eq(subscriptionBlocks.organisationId, organisationId));
  return {
    emails: new Set(rows.filter((row) => row.kind === 'email').map((row) => row.value)),
    domains: new Set(rows.filter((row) => row.kind === 'domain').map((row) => row.value)),
  };
}

/**
 * Delivery rows, outbox mails and their delivery jobs for one batch, in one transaction. The unique
 * (update, lower(email)) key decides who is new: a batch run twice (after a crash) mails nobody twice.
 */
async function writeBatch(
  deps: FanOutDeps,
  target: {
    organisation: { id: string; slug: string };
    updateId: string;
    contentIn: (locale: Locale) => Promise<UpdateMailContent>;
    defaultLocale: Locale;
    sender: MailSender;
  },
  recipients: Recipient[],
): Promise<number> {
  if (recipients.length === 0) return 0;
  const { db, config } = deps;
  // Signed before the transaction, so it stays short.
  const prepared = await Promise.all(
    recipients.map(async (recipient) => {
      const locale = recipient.locale ?? target.defaultLocale;
      return {
        ...recipient,
        locale,
        content: await target.contentIn(locale),
        deliveryId: crypto.randomUUID(),
        outboxMessageId: crypto.randomUUID(),
        links: await unsubscribeLinks({ db, config }, target.organisation, recipient.email),
      };
    }),
  );
  return db.transaction(async (tx) => {
    // One JSON parameter for the batch: drizzle's multi-row VALUES cost more than the insert itself.
    const rows = JSON.stringify(
      prepared.map((recipient) => ({
        id: recipient.deliveryId,
        subscriberId: recipient.subscriberId,
        email: recipient.email,
        outboxMessageId: recipient.outboxMessageId,
      })),
    );
    const result = await tx.execute(sql`
      insert into update_deliveries (id, organisation_id, update_id, subscriber_id, email, outbox_message_id)
      select r.id, ${target.organisation.id}::uuid, ${target.updateId}::uuid, r."subscriberId", r.email,
        r."outboxMessageId"
      from jsonb_to_recordset(${rows}::jsonb) as r(id uuid, "subscriberId" uuid, email text, "outboxMessageId" uuid)
      on conflict do nothing
      returning id`);
    const inserted = (result as unknown as { rows: Array<{ id: string }> }).rows;
    const insertedIds = new Set(inserted.map((row) => row.id));
    const fresh = prepared.filter((recipient) => insertedIds.has(recipient.deliveryId));
    if (fresh.length === 0) return 0;
    await queueMails(
      { db: tx, providers: deps.providers, config },
      fresh.map((recipient) => ({
        ...personaliseUpdateMail(recipient.content, {
          unsubscribeUrl: recipient.links.pageUrl,
          manageUrl: recipient.links.preferencesUrl,
          reason: updateMailReason(recipient.follows ?? null, recipient.locale),
        }),
        to: recipient.email,
        organisationId: target.organisation.id,
        ...target.sender,
        headers: recipient.links.headers,
        outboxMessageId: recipient.outboxMessageId,
        jobPayload: { deliveryId: recipient.deliveryId },
      })),
      { queue: updateMailQueue, mailsPerJob: updateMailsPerJob },
    );
    return fresh.length;
  });
}

/** Where a restarted fan-out picks up: the greatest subscriber address already given a delivery row. */
async function subscriberCursor(db: Database, updateId: string): Promise<string> {
  const [row] = await db
    .select({ email: max(updateDeliveries.email) })
    .from(updateDeliveries)
    .where(and(eq(updateDeliveries.updateId, updateId), isNotNull(updateDeliveries.subscriberId)));
  return row?.email ?? '';
}

/**
 * The fan-out job: listed addresses first, then confirmed subscribers page by page (keyset on the
 * address). Correctness rests on the unique key, not on the cursor: a rerun from anywhere skips
 * nobody and mails nobody twice. Private-audience updates go to listed addresses only.
 */
export async function fanOutUpdate(deps: FanOutDeps, updateId: string): Promise<{ queued: number }> {
  const { db } = deps;
  const batchSize = deps.batchSize ?? updateLimits.fanOutBatchSize;
  const found = await loadUpdate(db, updateId);
  if (!found) return { queued: 0 };
  const { update, topic, organisation } = found;
  const topicUrl = new URL(`/${organisation.slug}`, deps.config.publicUrl);
  topicUrl.searchParams.set('tcuUid', topic.id);
  const branded = { ...organisation, customisation: PortalCustomisation.parse(organisation.customisation) };
  // Composed once per language a recipient reads (at most the seven the portal speaks), not per mail.
  const composed = new Map<Locale, Promise<UpdateMailContent>>();
  const contentIn = (locale: Locale) => {
    let content = composed.get(locale);
    if (!content) {
      content = composeUpdateMail({
        brand: mailBrand(deps.config, branded),
        topicSubject: topic.subject,
        category: topic.category,
        message: update.message,
        topicUrl: topicUrl.toString(),
        locale,
      });
      composed.set(locale, content);
    }
    return content;
  };
  const offeredLocales = offeredLocalesOf(branded.customisation);
  const target = {
    organisation,
    updateId,
    contentIn,
    defaultLocale: branded.customisation.defaultLocale,
    sender: mailSender(branded),
  };
  const blocks = await loadBlocks(db, organisation.id);
  let queued = 0;

  const listed = [...new Set(update.emailAddresses.map((email) => email.toLowerCase()))];
  for (let start = 0; start < listed.length; start += batchSize) {
    const chunk = listed.slice(start, start + batchSize);
    // A listed address that unsubscribed or was blocked is not mailed either.
    const optedOut = await db
      .select({ email: subscribers.email })
      .from(subscribers)
      .where(
        and(
          eq(subscribers.organisationId, organisation.id),
          inArray(subscribers.email, chunk),
          inArray(subscribers.status, ['unsubscribed', 'blocked']),
        ),
      );
    const excluded = new Set(optedOut.map((row) => row.email));
    const recipients = chunk
      .filter((email) => !excluded.has(email) && !isBlocked(blocks, email))
      .map((email) => ({ email, subscriberId: null }));
    const inserted = await writeBatch(deps, target, recipients);
    queued += inserted;
    await deps.afterBatch?.({ updateId, inserted });
  }

  if (!update.emailSubscribers || update.audience === 'private') return { queued };
  // Chat channels that follow this kind and product get one message each (idempotent on a rerun).
  await queueChannelUpdate(db, deps.providers, {
    organisationId: organisation.id,
    updateId,
    category: topic.category,
    productId: topic.productId,
    content: {
      eyebrow: `${categoryLabels[topic.category]} update from ${organisation.name}`,
      title: topic.subject,
      text: truncateForChannel(renderUpdateText(update.message)),
      url: topicUrl.toString(),
      linkLabel: 'Read it on the trust center',
    },
  });
  let cursor = await subscriberCursor(db, updateId);
  const offered = await offeredProducts(db, organisation.id);
  for (;;) {
    const page = await db
      .select({
        id: subscribers.id,
        email: subscribers.email,
        categories: subscribers.categories,
        products: subscribers.products,
        locale: subscribers.locale,
      })
      .from(subscribers)
      .where(
        and(
          eq(subscribers.organisationId, organisation.id),
          eq(subscribers.status, 'confirmed'),
          gt(subscribers.email, cursor),
          // Each person's choice decides here, in the query: paused people and other kinds are not read.
          reachedByChoice({ category: topic.category, productId: topic.productId }),
        ),
      )
      .orderBy(asc(subscribers.email))
      .limit(batchSize);
    if (page.length === 0) break;
    const recipients = page
      .filter((row) => !isBlocked(blocks, row.email))
      .map((row) => ({
        email: row.email,
        subscriberId: row.id,
        // A language the organisation stopped offering falls back to its default.
        locale: isLocale(row.locale) && offeredLocales.includes(row.locale) ? row.locale : null,
        follows: { categories: row.categories, productNames: followedProductNames(row.products, offered) },
      }));
    const inserted = await writeBatch(deps, target, recipients);
    queued += inserted;
    cursor = page[page.length - 1]!.email;
    await deps.afterBatch?.({ updateId, inserted });
    if (page.length < batchSize) break;
  }
  return { queued };
}

/** Chat messages stay short: the update's text up to a few paragraphs, the link has the rest. */
function truncateForChannel(text: string): string {
  const limit = 1500;
  return text.length <= limit ? text : `${text.slice(0, limit).replace(/\s+\S*$/, '')} …`;
}

export function createFanOutHandler(deps: FanOutDeps): JobHandler {
  return async (payload) => {
    const parsed = FanOutPayload.safeParse(payload);
    if (!parsed.success) throw new PermanentJobError('updates.fan-out payload needs an updateId');
    const { queued } = await fanOutUpdate(deps, parsed.data.updateId);
    deps.logger?.info({ updateId: parsed.data.updateId, queued }, 'update fan-out done');
  };
}

/**
 * Sends one job's update mails (deliverMailBatch: concurrent over the pooled transport, acceptances
 * recorded in bulk) and copies each mail's fate to its delivery row in the same statement.
 */
export function createUpdateMailHandler(
  deps: Pick<FanOutDeps, 'db' | 'providers' | 'logger'> & { sendConcurrency?: number },
): JobHandler {
  return async (payload, job) => {
    const parsed = UpdateMailPayload.safeParse(payload);
    if (!parsed.success) {
      throw new PermanentJobError('updates.mail payload needs mails of outboxMessageId and deliveryId');
    }
    const mails = 'mails' in parsed.data ? parsed.data.mails : [parsed.data];
    const deliveryIdOf = new Map(mails.map((mail) => [mail.outboxMessageId, mail.deliveryId]));
    await deliverMailBatch({
      ctx: { db: deps.db, providers: deps.providers, logger: deps.logger },
      input: {
        outboxMessageIds: mails.map((mail) => mail.outboxMessageId),
        attempts: job.attempts,
        maxAttempts: job.maxAttempts,
      },
      options: {
        concurrency: deps.sendConcurrency ?? defaultSendConcurrency,
        signal: job.signal,
        tagOf: (outboxMessageId) => deliveryIdOf.get(outboxMessageId),
        alsoRecord: sql`
          update update_deliveries delivery
          set status = case when settled.status = 'sent' then 'sent' else 'failed' end
          from settled
          where delivery.id = settled.tag::uuid and settled.status in ('sent', 'quarantined')`,
      },
    });
  };
}
