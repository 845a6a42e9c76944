import { and, asc, desc, eq, ilike, inArray, like, sql } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import {
  BlockInput,
  type SubscriberListQuery,
  SubscriberListQuery as SubscriberListQuerySchema,
  type SubscriberListResponse,
  type SubscriberStatus,
  type SubscriptionBlockList,
  type SubscriptionBlockView,
  subscriberPageSize,
  type UpdateCategory,
  updateCategories,
  updateMessages,
} from '../../../shared/updates';
import type { Context } from '../../context';
import { insertAuditEntry, toCsv } from '../../core';
import type { Database } from '../../db/client';
import { products, subscribers, subscriptionBlocks } from '../../db/schema';
import { canEditPortal, canUseConsole } from '../../policy';
import { isAddressBlocked, reachedByChoice } from './queries';

type StaffContext = Pick<Context, 'db' | 'viewer'>;

function assertCanRead(ctx: StaffContext) {
  if (!canUseConsole(ctx.viewer)) throw new AppError('forbidden', messages.forbidden);
}
function assertCanManage(ctx: StaffContext) {
  if (!canEditPortal(ctx.viewer)) throw new AppError('forbidden', messages.forbidden);
}

function audit(
  db: Database,
  ctx: StaffContext,
  action: string,
  target: string,
  data: Record<string, unknown>,
) {
  return insertAuditEntry(db, {
    organisationId: ctx.viewer.organisation.id,
    actorStaffUserId: ctx.viewer.staff?.id ?? null,
    action,
    target,
    data,
  });
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * How many confirmed, unpaused subscribers an update of each kind reaches: the same condition as the
 * fan-out's query, counted in one statement.
 */
async function reachByCategory(db: Database, organisationId: string) {
  const followers = (category: UpdateCategory) =>
    sql<number>`count(*) filter (where ${reachedByChoice({ category })})::int`;
  const [row] = await db
    .select({
      ...Object.fromEntries(updateCategories.map((category) => [category, followers(category)])),
      paused: sql<number>`count(*) filter (where ${subscribers.pausedAt} is not null)::int`,
    })
    .from(subscribers)
    .where(and(eq(subscribers.organisationId, organisationId), eq(subscribers.status, 'confirmed')));
  const counted = (row ?? {}) as Record<string, unknown>;
  return {
    reach: Object.fromEntries(
      updateCategories.map((category) => [category, Number(counted[category] ?? 0)]),
    ) as Record<UpdateCategory, number>,
    paused: Number(counted.paused ?? 0),
  };
}

/** Names for followed product ids, as staff read them (every product, shown or not); null stays "every product". */
async function productNamer(db: Database, organisationId: string) {
  const rows = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(eq(products.organisationId, organisationId));
  const names = new Map(rows.map((row) => [row.id, row.name]));
  return (followed: readonly string[] | null) =>
    followed ? followed.map((id) => names.get(id) ?? 'a deleted product') : null;
}

/** Every subscriber with their choice, as CSV (console › Subscribers › Export). */
export async function exportSubscribers({ ctx }: { ctx: StaffContext }): Promise<string> {
  assertCanRead(ctx);
  const productNamesOf = await productNamer(ctx.db, ctx.viewer.organisation.id);
  const rows = await ctx.db
    .select()
    .from(subscribers)
    .where(eq(subscribers.organisationId, ctx.viewer.organisation.id))
    .orderBy(asc(subscribers.email));
  return toCsv(
    [
      [
        'email',
        'status',
        'follows',
        'products',
        'paused_at',
        'source',
        'subscribed_at',
        'confirmed_at',
        'unsubscribed_at',
      ],
      ...rows.map((row) => [
        row.email,
        row.status,
        row.categories ? row.categories.join(' ') : 'all',
        productNamesOf(row.products)?.join('; ') ?? 'all',
        row.pausedAt,
        row.source,
        row.createdAt,
        row.confirmedAt,
        row.unsubscribedAt,
      ]),
    ],
    { bom: false },
  );
}

/** Subscribers, newest first, filtered by status and part of the address; counts cover the organisation. */
export async function listSubscribers({
  ctx,
  input,
}: {
  ctx: StaffContext;
  input: SubscriberListQuery;
}): Promise<SubscriberListResponse> {
  assertCanRead(ctx);
  const { status, q, page } = SubscriberListQuerySchema.parse(input);
  const organisationId = ctx.viewer.organisation.id;
  const conditions = [eq(subscribers.organisationId, organisationId)];
  if (status) conditions.push(eq(subscribers.status, status));
  if (q) conditions.push(ilike(subscribers.email, `%${escapeLike(q)}%`));
  const [rows, countRows, [filtered]] = await Promise.all([
    ctx.db
      .select()
      .from(subscribers)
      .where(and(...conditions))
      .orderBy(desc(subscribers.createdAt), asc(subscribers.id))
      .limit(subscriberPageSize)
      .offset((page - 1) * subscriberPageSize),
    ctx.db
      .select({ status: subscribers.status, count: sql<number>`count(*)::int` })
      .from(subscribers)
      .where(eq(subscribers.organisationId, organisationId))
      .groupBy(subscribers.status),
    ctx.db
      .select({ count: sql<number>`count(*)::int` })
      .from(subscribers)
      .where(and(...conditions)),
  ]);
  const { reach, paused } = await reachByCategory(ctx.db, organisationId);
  const productNamesOf = await productNamer(ctx.db, organisationId);
  const counts: Record<SubscriberStatus, number> = { pending: 0, confirmed: 0, unsubscribed: 0, blocked: 0 };
  for (const row of countRows) counts[row.status] = Number(row.count);
  const total = Number(filtered?.count ?? 0);
  return {
    subscribers: rows.map((row) => ({
      id: row.id,
      email: row.email,
      status: row.status,
      source: row.source,
      createdAt: row.createdAt.toISOString(),
      confirmedAt: row.confirmedAt?.toISOString() ?? null,
      unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
      categories: row.categories,
      productNames: productNamesOf(row.products),
      pausedAt: row.pausedAt?.toISOString() ?? null,
    })),
    counts,
    reach,
    paused,
    page,
    pageSize: subscriberPageSize,
    total,
    totalPages: Math.max(1, Math.ceil(total / subscriberPageSize)),
  };
}

/** Removes the subscriber row; the address may subscribe again (double opt-in applies). */
export async function deleteSubscriber({
  ctx,
  input,
}: {
  ctx: StaffContext;
  input: { subscriberId: string };
}) {
  assertCanManage(ctx);
  await ctx.db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(subscribers)
      .where(
        and(
          eq(subscribers.id, input.subscriberId),
          eq(subscribers.organisationId, ctx.viewer.organisation.id),
        ),
      )
      .returning({ id: subscribers.id });
    if (!deleted) throw new AppError('not_found', updateMessages.subscriberNotFound);
    await audit(tx, ctx, 'subscriber.delete', input.subscriberId, {});
  });
}

function blockView(row: typeof subscriptionBlocks.$inferSelect): SubscriptionBlockView {
  return { id: row.id, kind: row.kind, value: row.value, createdAt: row.createdAt.toISOString() };
}

const matchingSubscribers = (organisationId: string, kind: 'email' | 'domain', value: string) =>
  and(
    eq(subscribers.organisationId, organisationId),
    kind === 'email' ? eq(subscribers.email, value) : like(subscribers.email, `%@${escapeLike(value)}`),
  );

export async function listBlocks({ ctx }: { ctx: StaffContext }): Promise<SubscriptionBlockList> {
  assertCanRead(ctx);
  const rows = await ctx.db
    .select()
    .from(subscriptionBlocks)
    .where(eq(subscriptionBlocks.organisationId, ctx.viewer.organisation.id))
    .orderBy(asc(subscriptionBlocks.kind), asc(subscriptionBlocks.value));
  return { blocks: rows.map(blockView) };
}

/** Blocks an address or a whole domain: no more subscription or update mail; matching subscribers become blocked. */
export async function blockSubscription({
  ctx,
  input,
}: {
  ctx: StaffContext;
  input: BlockInput;
}): Promise<SubscriptionBlockView> {
  assertCanManage(ctx);
  const { kind, value } = BlockInput.parse(input);
  const organisationId = ctx.viewer.organisation.id;
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(subscriptionBlocks)
      .values({ organisationId, kind, value })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError('conflict', updateMessages.blockExists);
    await tx
      .update(subscribers)
      .set({ status: 'blocked' })
      .where(
        and(
          matchingSubscribers(organisationId, kind, value),
          inArray(subscribers.status, ['pending', 'confirmed']),
        ),
      );
    await audit(tx, ctx, 'subscription.block', row.id, { kind, value });
    return blockView(row);
  });
}

/**
 * Lifts a block. Subscribers it blocked become unsubscribed (not confirmed again): they subscribe
 * anew, with double opt-in, if they want mail. Addresses still under another block stay blocked.
 */
export async function unblockSubscription({ ctx, input }: { ctx: StaffContext; input: { blockId: string } }) {
  assertCanManage(ctx);
  const organisationId = ctx.viewer.organisation.id;
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(subscriptionBlocks)
      .where(
        and(eq(subscriptionBlocks.id, input.blockId), eq(subscriptionBlocks.organisationId, organisationId)),
      )
      .returning();
    if (!row) throw new AppError('not_found', updateMessages.blockNotFound);
    const blocked = await tx
      .select({ id: subscribers.id, email: subscribers.email })
      .from(subscribers)
      .where(
        and(matchingSubscribers(organisationId, row.kind, row.value), eq(subscribers.status, 'blocked')),
      );
    const released: string[] = [];
    for (const subscriber of blocked) {
      if (!(await isAddressBlocked(tx, organisationId, subscriber.email))) released.push(subscriber.id);
    }
    if (released.length > 0) {
      await tx
        .update(subscribers)
        .set({ status: 'unsubscribed', unsubscribedAt: new Date() })
        .where(inArray(subscribers.id, released));
    }
    await audit(tx, ctx, 'subscription.unblock', row.id, { kind: row.kind, value: row.value });
  });
}
