import { and, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
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

type UpdateChoice = { category: UpdateCategory; productId?: string | null };

/**
 * Whether a choice (kinds and products, null for "every") includes the update: its kind, and its
 * product when it has one; an update of no product reaches every product's followers. E-mail
 * subscribers and chat channels keep the same two columns and are chosen by this one condition.
 */
export function choiceIncludes(
  columns: { categories: AnyPgColumn; products: AnyPgColumn },
  update: UpdateChoice,
): SQL {
  return and(
    or(isNull(columns.categories), sql`${columns.categories} @> ${JSON.stringify([update.category])}::jsonb`),
    update.productId
      ? or(isNull(columns.products), sql`${columns.products} @> ${JSON.stringify([update.productId])}::jsonb`)
      : undefined,
  )!;
}

/**
 * A subscriber an update reaches by their own choice: not paused, and their choice includes it. The
 * fan-out selects by it and the console counts by it (decisions 378–379).
 */
export function reachedByChoice(update: UpdateChoice): SQL {
  return and(isNull(subscribers.pausedAt), choiceIncludes(subscribers, update))!;
}
