import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import {
  updateLimits,
  updateMessages,
  type WebhookCreated,
  WebhookCreateInput,
  WebhookEditInput,
  type WebhookList,
  type WebhookView,
} from '../../../shared/updates';
import { isWebhookAddressRefused } from '../../core';
import { webhooks } from '../../db/schema';
import { findWebhook, listWebhooks } from './queries';
import { assertCanPublish, assertCanReadConsole, audit, type StaffContext } from './staff-writes';

type WebhookRow = typeof webhooks.$inferSelect;

function webhookView(row: WebhookRow): WebhookView {
  return {
    id: row.id,
    url: row.url,
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
    throw new AppError('validation_failed', updateMessages.webhookUrlNotAllowed, {
      url: updateMessages.webhookUrlNotAllowed,
    });
  }
}

export async function listWebhookViews({ ctx }: { ctx: StaffContext }): Promise<WebhookList> {
  assertCanReadConsole(ctx.viewer);
  return { webhooks: (await listWebhooks(ctx.db, ctx.viewer.organisation.id)).map(webhookView) };
}

/** The secret signs every payload; it is shown in this answer only. */
export async function createWebhook({
  ctx,
  input,
}: {
  ctx: StaffContext;
  input: WebhookCreateInput;
}): Promise<WebhookCreated> {
  assertCanPublish(ctx.viewer);
  const { url, categories, isActive } = WebhookCreateInput.parse(input);
  await assertTargetAllowed(ctx, url);
  const organisationId = ctx.viewer.organisation.id;
  const secret = randomBytes(32).toString('base64url');
  const row = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select id from organisations where id = ${organisationId} for update`);
    const [count] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(webhooks)
      .where(eq(webhooks.organisationId, organisationId));
    if (Number(count?.count ?? 0) >= updateLimits.webhookMaxPerOrganisation) {
      throw new AppError('conflict', updateMessages.webhookLimit);
    }
    const [created] = await tx
      .insert(webhooks)
      .values({ organisationId, url, secret, categories: [...new Set(categories)], isActive })
      .returning();
    await audit(tx, ctx.viewer, { action: 'webhook.create', target: created!.id, data: { url, categories } });
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
  assertCanPublish(ctx.viewer);
  const patch = WebhookEditInput.parse(input);
  if (patch.url !== undefined) await assertTargetAllowed(ctx, patch.url);
  const organisationId = ctx.viewer.organisation.id;
  if (!(await findWebhook(ctx.db, organisationId, input.webhookId))) {
    throw new AppError('not_found', updateMessages.webhookNotFound);
  }
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(webhooks)
      .set({
        ...(patch.url !== undefined ? { url: patch.url } : {}),
        ...(patch.categories !== undefined ? { categories: [...new Set(patch.categories)] } : {}),
        // Switching a webhook back on starts its failure count afresh.
        ...(patch.isActive !== undefined
          ? { isActive: patch.isActive, ...(patch.isActive ? { failureCount: 0 } : {}) }
          : {}),
      })
      .where(and(eq(webhooks.id, input.webhookId), eq(webhooks.organisationId, organisationId)))
      .returning();
    await audit(tx, ctx.viewer, { action: 'webhook.edit', target: input.webhookId, data: patch });
    return updated!;
  });
  return webhookView(row);
}

export async function deleteWebhook({ ctx, input }: { ctx: StaffContext; input: { webhookId: string } }) {
  assertCanPublish(ctx.viewer);
  const organisationId = ctx.viewer.organisation.id;
  await ctx.db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(webhooks)
      .where(and(eq(webhooks.id, input.webhookId), eq(webhooks.organisationId, organisationId)))
      .returning({ id: webhooks.id });
    if (!deleted) throw new AppError('not_found', updateMessages.webhookNotFound);
    await audit(tx, ctx.viewer, { action: 'webhook.delete', target: input.webhookId });
  });
}
