import { and, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import {
  NotificationPreferencesInput,
  type NotificationPreferencesView,
  notificationMessages,
} from '../../../shared/notifications';
import { requireConsole, type StaffContext, writeAudit } from '../../core';
import { products, staffNotificationPreferences } from '../../db/schema';
import { findPreference, listProductChoices } from './queries';

async function preferencesView(ctx: StaffContext, staffUserId: string): Promise<NotificationPreferencesView> {
  const [row, choices] = await Promise.all([
    findPreference(ctx.db, staffUserId),
    listProductChoices(ctx.db, ctx.viewer.organisation.id),
  ]);
  return {
    delivery: row?.delivery ?? 'each',
    allProducts: (row?.productIds ?? null) === null,
    productIds: row?.productIds ?? [],
    products: choices,
  };
}

/** The signed-in staff user's own preference (every staff user has one; no row means "each", all). */
export async function getNotificationPreferences({ ctx }: { ctx: StaffContext }) {
  const staff = requireConsole(ctx.viewer);
  return preferencesView(ctx, staff.id);
}

/**
 * Saves the signed-in staff user's own preference. Switching to a digest starts its first window now,
 * so it never lists requests from before the choice (those were mailed one by one, or not at all).
 */
export async function saveNotificationPreferences({
  ctx,
  input,
}: {
  ctx: StaffContext;
  input: NotificationPreferencesInput;
}): Promise<NotificationPreferencesView> {
  const staff = requireConsole(ctx.viewer);
  const { delivery, allProducts, productIds } = NotificationPreferencesInput.parse(input);
  const organisationId = ctx.viewer.organisation.id;
  const chosen = allProducts ? null : [...new Set(productIds)];
  if (chosen) {
    const found = await ctx.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.organisationId, organisationId), inArray(products.id, chosen)));
    if (found.length !== chosen.length) {
      throw new AppError('validation_failed', notificationMessages.productUnknown, {
        productIds: notificationMessages.productUnknown,
      });
    }
  }
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    const previous = await findPreference(tx, staff.id);
    const isDigest = delivery === 'hourly' || delivery === 'daily';
    const startsDigest = isDigest && previous?.delivery !== delivery;
    await tx
      .insert(staffNotificationPreferences)
      .values({
        staffUserId: staff.id,
        organisationId,
        delivery,
        productIds: chosen,
        digestCoveredUntil: isDigest ? now : null,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: staffNotificationPreferences.staffUserId,
        set: {
          delivery,
          productIds: chosen === null ? sql`null` : chosen,
          updatedAt: now,
          ...(startsDigest ? { digestCoveredUntil: now } : {}),
        },
      });
    await writeAudit(tx, ctx.viewer, {
      action: 'notification_preferences.save',
      target: staff.id,
      data: { delivery, productIds: chosen },
    });
  });
  return preferencesView(ctx, staff.id);
}
