import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import {
  type AccessWebhookCreated,
  AccessWebhookCreateInput,
  AccessWebhookEditInput,
  type AccessWebhookList,
  type AccessWebhookView,
  accessWebhookMaxPerOrganisation,
  notificationMessages,
} from '../../../shared/notifications';
import { updateMessages } from '../../../shared/update-texts';
import {
  isWebhookAddressRefused,
  requireAccessEditor,
  requireConsole,
  type StaffContext,
  writeAudit,
} from '../../core';
import { accessWebhooks } from '../../db/schema';
import { findAccessWebhook, listAccessWebhooks } from './queries';

type Row = typeof accessWebhooks.$inferSelect;

function view(row: Row): AccessWebhookView {
  return {
    id: row.id,
    url: row.url,
    events: row.events as AccessWebhookView['events'],
    isActive: row.isActive,
    failureCount: row.failureCount,
    lastDeliveredAt: row.lastDeliveredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

async function assertTargetAllowed(ctx: StaffContext, url: string) {
  // A name that does not resolve today is accepted: delivery checks it again and records the failure.
  if (await isWebhookAddressRefused(ctx.config, url)) {
    throw new AppError('validation_failed', updateMessages.webhookUrlNotAllowed, {
      url: updateMessages.webhookUrlNotAllowed,
    });
  }
}

export async function listAccessWebhookViews({ ctx }: { ctx: StaffContext }): Promise<AccessWebhookList> {
  requireConsole(ctx.viewer);
  return { webhooks: (await listAccessWebhooks(ctx.db, ctx.viewer.organisation.id)).map(view) };
}

/** The secret signs every payload; it is shown in this answer only. */
export async function createAccessWebhook({
  ctx,
  input,
}: {
  ctx: StaffContext;
  input: AccessWebhookCreateInput;
}): Promise<AccessWebhookCreated> {
  requireAccessEditor(ctx.viewer);
  const { url, events, isActive } = AccessWebhookCreateInput.parse(input);
  await assertTargetAllowed(ctx, url);
  const organisationId = ctx.viewer.organisation.id;
  const secret = randomBytes(32).toString('base64url');
  const row = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select id from organisations where id = ${organisationId} for update`);
    const [count] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(accessWebhooks)
      .where(eq(accessWebhooks.organisationId, organisationId));
    if (Number(count?.count ?? 0) >= accessWebhookMaxPerOrganisation) {
      throw new AppError(
        'conflict',
        `At most ${accessWebhookMaxPerOrganisation} access webhooks per organisation`,
      );
    }
    const [created] = await tx
      .insert(accessWebhooks)
      .values({ organisationId, url, secret, events: [...new Set(events)], isActive })
      .returning();
    await writeAudit(tx, ctx.viewer, {
      action: 'access_webhook.create',
      target: created!.id,
      data: { url, events },
    });
    return created!;
  });
  return { webhook: view(row), secret };
}

export async function editAccessWebhook({
  ctx,
  input,
}: {
  ctx: StaffContext;
  input: AccessWebhookEditInput & { webhookId: string };
}): Promise<AccessWebhookView> {
  requireAccessEditor(ctx.viewer);
  const patch = AccessWebhookEditInput.parse(input);
  if (patch.url !== undefined) await assertTargetAllowed(ctx, patch.url);
  const organisationId = ctx.viewer.organisation.id;
  if (!(await findAccessWebhook(ctx.db, organisationId, input.webhookId))) {
    throw new AppError('not_found', notificationMessages.webhookNotFound);
  }
  return ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(accessWebhooks)
      .set({
        ...(patch.url !== undefined ? { url: patch.url } : {}),
        ...(patch.events !== undefined ? { events: [...new Set(patch.events)] } : {}),
        // Switching a webhook back on starts its failure count afresh.
        ...(patch.isActive !== undefined
          ? { isActive: patch.isActive, ...(patch.isActive ? { failureCount: 0 } : {}) }
          : {}),
      })
      .where(and(eq(accessWebhooks.id, input.webhookId), eq(accessWebhooks.organisationId, organisationId)))
      .returning();
    await writeAudit(tx, ctx.viewer, { action: 'access_webhook.edit', target: input.webhookId, data: patch });
    return view(updated!);
  });
}

export async function deleteAccessWebhook({
  ctx,
  input,
}: {
  ctx: StaffContext;
  input: { webhookId: string };
}) {
  requireAccessEditor(ctx.viewer);
  const organisationId = ctx.viewer.organisation.id;
  await ctx.db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(accessWebhooks)
      .where(and(eq(accessWebhooks.id, input.webhookId), eq(accessWebhooks.organisationId, organisationId)))
      .returning({ id: accessWebhooks.id });
    if (!deleted) throw new AppError('not_found', notificationMessages.webhookNotFound);
    await writeAudit(tx, ctx.viewer, { action: 'access_webhook.delete', target: input.webhookId });
  });
}
