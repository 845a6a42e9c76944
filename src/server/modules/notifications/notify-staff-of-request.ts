import { eq } from 'drizzle-orm';
import { accessRequests } from '../../db/schema';
import type { MailContent } from '../mail';
import { type AccessMailContext, type MailOrganisation, mailPerson } from '../mail';
import { queueAccessEvent } from './access-events';
import { concernsProducts, listStaffWithPreferences, requestProductIds } from './queries';

/**
 * A new request for review, in the caller's transaction: one mail to each staff user who asked for a
 * mail per request (the default) about its products, and the `access.request.created` webhook event.
 * Digest readers hear of it in their next digest; "none" readers not at all.
 */
export async function notifyStaffOfRequest(
  ctx: AccessMailContext,
  organisation: MailOrganisation,
  requestId: string,
  mail: MailContent,
): Promise<void> {
  const [request] = await ctx.db
    .select()
    .from(accessRequests)
    .where(eq(accessRequests.id, requestId))
    .limit(1);
  if (!request) return;
  const productIds = requestProductIds(request);
  for (const staff of await listStaffWithPreferences(ctx.db, organisation.id)) {
    if ((staff.delivery ?? 'each') !== 'each') continue;
    if (!concernsProducts(staff.productIds ?? null, productIds)) continue;
    await mailPerson(ctx, organisation, { ...mail, to: staff.email });
  }
  await queueAccessEvent(ctx, organisation, 'access.request.created', { requestId });
}
