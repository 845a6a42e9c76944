import { and, eq, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { subscriptionBlocks } from '../../db/schema';

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
