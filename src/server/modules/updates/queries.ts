import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import { type UpdateCategory, updateMessages } from '../../../shared/updates';
import type { Database } from '../../db/client';
import { jobs, products, subscribers, topics, topicUpdates, updateDeliveries } from '../../db/schema';

export type TopicRow = typeof topics.$inferSelect;
export type UpdateRow = typeof topicUpdates.$inferSelect;
/** The product a topic concerns, as visitors may be told it: only a shown product is named. */
export type TopicProduct = { id: string; name: string; slug: string; isShown: boolean };
export type TopicWithUpdates = TopicRow & { updates: UpdateRow[]; product?: TopicProduct | null };

export const fanOutQueue = 'updates.fan-out';
/** Update mails one delivery job sends: a few statements per job instead of several per mail. */
export const updateMailsPerJob = 100;

/**
 * Topics of the organisation with their updates, newest update first; hidden topics only when asked.
 * With a product id: that product's topics and the organisation-wide ones (no product).
 */
export async function listTopicsWithUpdates(
  db: Database,
  organisationId: string,
  options: { includeHidden: boolean; category?: UpdateCategory; productId?: string },
): Promise<TopicWithUpdates[]> {
  const conditions = [eq(topics.organisationId, organisationId)];
  if (!options.includeHidden) conditions.push(eq(topics.isHidden, false));
  if (options.category) conditions.push(eq(topics.category, options.category));
  if (options.productId)
    conditions.push(or(isNull(topics.productId), eq(topics.productId, options.productId))!);
  const joined = await db
    .select({
      topic: topics,
      product: { id: products.id, name: products.name, slug: products.slug, isShown: products.isShown },
    })
    .from(topics)
    .leftJoin(products, eq(products.id, topics.productId))
    .where(and(...conditions));
  const topicRows = joined.map((row) => ({ ...row.topic, product: row.product }));
  if (topicRows.length === 0) return [];
  const updateRows = await db
    .select()
    .from(topicUpdates)
    .where(
      and(
        eq(topicUpdates.organisationId, organisationId),
        inArray(
          topicUpdates.topicId,
          topicRows.map((topic) => topic.id),
        ),
      ),
    )
    .orderBy(desc(topicUpdates.createdAt), desc(topicUpdates.id));
  const byTopic = new Map<string, UpdateRow[]>();
  for (const update of updateRows) {
    const list = byTopic.get(update.topicId) ?? [];
    list.push(update);
    byTopic.set(update.topicId, list);
  }
  return topicRows.map((topic) => ({ ...topic, updates: byTopic.get(topic.id) ?? [] }));
}

export async function findTopic(db: Database, organisationId: string, topicId: string, forUpdate = false) {
  const query = db
    .select()
    .from(topics)
    .where(and(eq(topics.id, topicId), eq(topics.organisationId, organisationId)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function findTopicWithUpdates(
  db: Database,
  organisationId: string,
  topicId: string,
): Promise<TopicWithUpdates | null> {
  const topic = await findTopic(db, organisationId, topicId);
  if (!topic) return null;
  const updates = await db
    .select()
    .from(topicUpdates)
    .where(eq(topicUpdates.topicId, topic.id))
    .orderBy(desc(topicUpdates.createdAt), desc(topicUpdates.id));
  return { ...topic, updates };
}

export async function countConfirmedSubscribers(db: Database, organisationId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(subscribers)
    .where(and(eq(subscribers.organisationId, organisationId), eq(subscribers.status, 'confirmed')));
  return Number(row?.count ?? 0);
}

export type DeliveryCounts = { queued: number; sent: number; failed: number; isFanningOut: boolean };

/** update_deliveries rows by status, and whether a fan-out job for the update is still waiting or running. */
export async function loadDeliveryProgress(
  db: Database,
  organisationId: string,
  updateIds: string[],
): Promise<Map<string, DeliveryCounts>> {
  const progress = new Map<string, DeliveryCounts>();
  if (updateIds.length === 0) return progress;
  for (const id of updateIds) progress.set(id, { queued: 0, sent: 0, failed: 0, isFanningOut: false });
  const [counts, running] = await Promise.all([
    db
      .select({
        updateId: updateDeliveries.updateId,
        status: updateDeliveries.status,
        count: sql<number>`count(*)::int`,
      })
      .from(updateDeliveries)
      .where(
        and(
          eq(updateDeliveries.organisationId, organisationId),
          inArray(updateDeliveries.updateId, updateIds),
        ),
      )
      .groupBy(updateDeliveries.updateId, updateDeliveries.status),
    db
      .select({ updateId: sql<string>`${jobs.payload}->>'updateId'` })
      .from(jobs)
      .where(and(eq(jobs.queue, fanOutQueue), inArray(jobs.state, ['queued', 'active']))),
  ]);
  for (const row of counts) {
    const entry = progress.get(row.updateId);
    if (entry) entry[row.status] = Number(row.count);
  }
  for (const row of running) {
    const entry = progress.get(row.updateId);
    if (entry) entry.isFanningOut = true;
  }
  return progress;
}

/** The product whose grants a visitor's account carries: the one named, else the default one. */
export async function findGrantProductId(
  db: Database,
  organisationId: string,
  productSlug: string | undefined,
): Promise<string | null> {
  const rows = await db
    .select({ id: products.id, slug: products.slug, isDefault: products.isDefault })
    .from(products)
    .where(eq(products.organisationId, organisationId))
    .orderBy(desc(products.isDefault), asc(products.createdAt));
  const named = productSlug
    ? rows.find((row) => row.slug === productSlug || row.id === productSlug)
    : undefined;
  return (named ?? rows[0])?.id ?? null;
}

/** The id of the organisation's product with this slug (or id), or null when it has none such. */
export async function findProductIdBySlug(
  db: Database,
  organisationId: string,
  productSlug: string,
): Promise<string | null> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.organisationId, organisationId), eq(products.slug, productSlug)))
    .limit(1);
  return row?.id ?? null;
}

/** A topic may only name a product of its own organisation. */
export async function assertTopicProduct(
  db: Database,
  organisationId: string,
  productId: string | null | undefined,
): Promise<void> {
  if (!productId) return;
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.organisationId, organisationId), eq(products.id, productId)))
    .limit(1);
  if (!row)
    throw new AppError('bad_request', updateMessages.productUnknown, {
      productId: updateMessages.productUnknown,
    });
}
