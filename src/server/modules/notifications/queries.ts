import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { products, staffNotificationPreferences, staffUsers } from '../../db/schema';

/** Active staff users of an organisation with their preference (null: none saved, so "each", all products). */
export async function listStaffWithPreferences(db: Database, organisationId: string) {
  return db
    .select({
      id: staffUsers.id,
      email: staffUsers.email,
      delivery: staffNotificationPreferences.delivery,
      productIds: staffNotificationPreferences.productIds,
    })
    .from(staffUsers)
    .leftJoin(staffNotificationPreferences, eq(staffNotificationPreferences.staffUserId, staffUsers.id))
    .where(and(eq(staffUsers.organisationId, organisationId), eq(staffUsers.isDisabled, false)));
}

export async function findPreference(db: Database, staffUserId: string) {
  const [row] = await db
    .select()
    .from(staffNotificationPreferences)
    .where(eq(staffNotificationPreferences.staffUserId, staffUserId))
    .limit(1);
  return row ?? null;
}

export async function listProductChoices(db: Database, organisationId: string) {
  return db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(eq(products.organisationId, organisationId))
    .orderBy(products.name);
}

/**
 * Whether a request concerns a person's chosen products: every product when none is chosen, and a
 * request naming no product reaches everyone (it cannot be sorted, and must not go unseen).
 */
export function concernsProducts(chosen: string[] | null, requestProductIds: string[]): boolean {
  if (chosen === null || requestProductIds.length === 0) return true;
  return requestProductIds.some((id) => chosen.includes(id));
}

/** The products a request names: the one it was made on and the ones ticked on the form. */
export function requestProductIds(request: { productId: string | null; requestedProductIds: string[] }) {
  return [...new Set([...(request.productId ? [request.productId] : []), ...request.requestedProductIds])];
}
