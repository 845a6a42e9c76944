import { and, desc, eq } from 'drizzle-orm';
import type { ChannelList, ChannelView } from '../../../shared/channels';
import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import type { Context } from '../../context';
import { writeAudit } from '../../core';
import { channelSubscriptions } from '../../db/schema';
import { canEditPortal, canUseConsole } from '../../policy';
import { followedProductNames, offeredProducts } from './subscription-preferences';

type StaffContext = Pick<Context, 'db' | 'viewer'>;
type ChannelRow = typeof channelSubscriptions.$inferSelect;

function channelView(row: ChannelRow, productNames: string[] | null): ChannelView {
  return {
    id: row.id,
    kind: row.kind,
    urlHint: row.urlHint,
    status: row.status,
    categories: row.categories,
    productNames,
    consecutiveFailures: row.consecutiveFailures,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    lastDeliveredAt: row.lastDeliveredAt?.toISOString() ?? null,
  };
}

/** Console › Subscribers: every chat channel, newest first, with its health. */
export async function listChannels({ ctx }: { ctx: StaffContext }): Promise<ChannelList> {
  if (!canUseConsole(ctx.viewer)) throw new AppError('forbidden', messages.forbidden);
  const organisationId = ctx.viewer.organisation.id;
  const [rows, offered] = await Promise.all([
    ctx.db
      .select()
      .from(channelSubscriptions)
      .where(eq(channelSubscriptions.organisationId, organisationId))
      .orderBy(desc(channelSubscriptions.createdAt)),
    offeredProducts(ctx.db, organisationId),
  ]);
  return { channels: rows.map((row) => channelView(row, followedProductNames(row.products, offered))) };
}

async function changeChannelAsStaff(
  ctx: StaffContext,
  channelId: string,
  change: 'resume' | 'remove',
): Promise<void> {
  if (!canEditPortal(ctx.viewer)) throw new AppError('forbidden', messages.forbidden);
  const where = and(
    eq(channelSubscriptions.id, channelId),
    eq(channelSubscriptions.organisationId, ctx.viewer.organisation.id),
  );
  const [row] =
    change === 'remove'
      ? await ctx.db.delete(channelSubscriptions).where(where).returning()
      : await ctx.db
          .update(channelSubscriptions)
          .set({ status: 'confirmed', consecutiveFailures: 0 })
          .where(and(where, eq(channelSubscriptions.status, 'quarantined')))
          .returning();
  if (!row) throw new AppError('not_found', 'Channel not found, or not paused');
  await writeAudit(ctx.db, ctx.viewer, {
    action: `subscription.channel_${change === 'remove' ? 'removed' : 'resumed'}`,
    target: `channel:${row.id}`,
    data: { kind: row.kind, urlHint: row.urlHint },
  });
}

export const resumeChannel = ({ ctx, input }: { ctx: StaffContext; input: { channelId: string } }) =>
  changeChannelAsStaff(ctx, input.channelId, 'resume');
export const removeChannel = ({ ctx, input }: { ctx: StaffContext; input: { channelId: string } }) =>
  changeChannelAsStaff(ctx, input.channelId, 'remove');
