import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import {
  categoriesProblem,
  type WebhookCreated,
  WebhookCreateInput,
  WebhookEditInput,
  type WebhookList,
  type WebhookView,
  webhookLimits,
  webhookMessages,
} from '../../../shared/webhooks';
import { requireAccessEditor, requireConsole, type StaffContext, writeAudit } from '../../core';
import { webhooks } from '../../db/schema';
import { listWebhooks, type WebhookRow } from './queries';
import { isWebhookAddressRefused } from './signed-delivery';

function webhookView(row: WebhookRow): WebhookView {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookView['events'],
    categories: row.categories as WebhookView['categories'],
    isActive: row.isActive,
    failureCount: row.failureCount,
    lastDeliveredAt: row.lastDeliveredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

async function assertTargetAllowed(ctx: StaffContext, url: string): Promise<void> {
  // A name that does not resolve today is accepted: delivery checks it again and records the failure.
  if (await isWebhookAddressRefused(ctx.config, url)) {
    throw new AppError('validation_failed', webhookMessages.urlNotAllowed, {
      url: webhookMessages.urlNotAllowed,
    });
  }
}

/** The subscription as stored: events once each, categories only where `update.published` uses them. */
function subscription(events: readonly string[], categories: readonly string[]) {
  const uniqueEvents = [...new Set(events)];
  const problem = categoriesProblem(uniqueEvents, categories);
  if (problem) throw new AppError('validation_failed', problem, { categories: problem });
  return {
    events: uniqueEvents,
    categories: uniqueEvents.includes('update.published') ? [...new Set(categories)] : [],
  };
}

export async function listWebhookViews({ ctx }: { ctx: StaffContext }): Promise<WebhookList> {
  requireConsole(ctx.viewer);
  return { webhooks: (await listWebhooks(ctx.db, ctx.viewer.organisation.id)).map(webhookView) };
}

/**
 * Adding or changing a webhook sends updates or who asked for access elsewhere: statuspage:edit.
 * The secret signs every payload; it is shown in this answer only.
 */
export async function createWebhook({
  ctx,
  input,
}: {
  ctx: StaffContext;
  input: WebhookCreateInput;
}): Promise<WebhookCreated> {
  requireAccessEditor(ctx.viewer);
  const { url, events, categories, isActive } = WebhookCreateInput.parse(input);
  await assertTargetAllowed(ctx, url);
  const organisationId = ctx.viewer.organisation.id;
  const secret = randomBytes(32).toString('base64url');
  const row = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select id from organisations where id = ${organisationId} for update`);
    const [count] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(webhooks)
      .where(eq(webhooks.organisationId, organisationId));
    if (Number(count?.count ?? 0) >= webhookLimits.maxPerOrganisation) {
      throw new AppError('conflict', webhookMessages.limit);
    }
    const chosen = subscription(events, categories);
    const [created] = await tx
      .insert(webhooks)
      .values({ organisationId, url, secret, ...chosen, isActive })
      .returning();
    await writeAudit(tx, ctx.viewer, {
      action: 'webhook.create',
      target: created!.id,
      data: { url, ...chosen },
    });
    return created!;
  });
  return { webhook: webhookView(row), secret };
}

export async function editWebhook({
  ctx,
  input,
}: {
  ctx: StaffContext;
  input: WebhookEditInput & { webhookId: string };
}): Promise<WebhookView> {
  requireAccessEditor(ctx.viewer);
  const patch = WebhookEditInput.parse(input);
  if (patch.url !== undefined) await assertTargetAllowed(ctx, patch.url);
  const organisationId = ctx.viewer.organisation.id;
  const ownWebhook = and(eq(webhooks.id, input.webhookId), eq(webhooks.organisationId, organisationId));
  return ctx.db.transaction(async (tx) => {
    // Locked: two edits at once (one of events, one of categories) cannot combine into a broken pair.
    const [current] = await tx.select().from(webhooks).where(ownWebhook).for('update');
    if (!current) throw new AppError('not_found', webhookMessages.notFound);
    const chosen = subscription(patch.events ?? current.events, patch.categories ?? current.categories);
    const [updated] = await tx
      .update(webhooks)
      .set({
        ...(patch.url !== undefined ? { url: patch.url } : {}),
        ...chosen,
        // Switching a webhook back on starts its failure count afresh.
        ...(patch.isActive !== undefined
          ? { isActive: patch.isActive, ...(patch.isActive ? { failureCount: 0 } : {}) }
          : {}),
      })
      .where(ownWebhook)
      .returning();
    await writeAudit(tx, ctx.viewer, { action: 'webhook.edit', target: input.webhookId, data: patch });
    return webhookView(updated!);
  });
}

export async function deleteWebhook({ ctx, input }: { ctx: StaffContext; input: { webhookId: string } }) {
  requireAccessEditor(ctx.viewer);
  const organisationId = ctx.viewer.organisation.id;
  await ctx.db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(webhooks)
      .where(and(eq(webhooks.id, input.webhookId), eq(webhooks.organisationId, organisationId)))
      .returning({ id: webhooks.id });
    if (!deleted) throw new AppError('not_found', webhookMessages.notFound);
    await writeAudit(tx, ctx.viewer, { action: 'webhook.delete', target: input.webhookId });
  });
}
