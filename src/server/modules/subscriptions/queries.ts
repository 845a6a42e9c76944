import { and, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { UpdateCategory } from '../../../shared/update-texts';
import type { Database } from '../../db/client';
import { subscribers, subscriptionBlocks } from '../../db/schema';

/** Whether the address, or its whole domain, is blocked from this organisation's subscription mail. */
export async function isAddressBlocked(
  db: Database,
  organisationId: string,
  email: string,
): Promise<boolean> {
  const domain = email.slice(email.lastIndexOf('@') + 1);
  const [block] = await db
    .select({ id: subscriptionBlocks.id })
    .from(subscriptionBlocks)
    .where(
      and(
        eq(subscriptionBlocks.organisationId, organisationId),
        or(
          and(eq(subscriptionBlocks.kind, 'email'), eq(subscriptionBlocks.value, email)),
          and(eq(subscriptionBlocks.kind, 'domain'), eq(subscriptionBlocks.value, domain)),
        ),
      ),
    )
    .limit(1);
  return Boolean(block);
}

/**
 * A subscriber an update reaches by their own choice: not paused, following every kind (null) or its
 * kind, and every product (null) or its product; an update of no product reaches every product's
 * followers. The fan-out selects by it and the console counts by it (decision 378).
 */
export function reachedByChoice(update: { category: UpdateCategory; productId?: string | null }): SQL {
  return and(
    isNull(subscribers.pausedAt),
    or(
      isNull(subscribers.categories),
      sql`${subscribers.categories} @> ${JSON.stringify([update.category])}::jsonb`,
    ),
    update.productId
      ? or(
          isNull(subscribers.products),
          sql`${subscribers.products} @> ${JSON.stringify([update.productId])}::jsonb`,
        )
      : undefined,
  )!;
}
