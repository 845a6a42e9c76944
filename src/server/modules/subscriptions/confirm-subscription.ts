import { and, eq } from 'drizzle-orm';
import { ConfirmSubscriptionInput, type ConfirmSubscriptionResult } from '../../../shared/subscriptions';
import type { UpdateCategory } from '../../../shared/update-texts';
import type { Context } from '../../context';
import { subscribers } from '../../db/schema';
import { isAddressBlocked } from './queries';
import { verifyConfirmationToken } from './subscription-tokens';

/** Confirms the address a valid confirmation token names; the answer is the portal's subscribeStatus. */
export async function confirmSubscription({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db' | 'viewer'>;
  input: {
    token: string;
    /** What the confirmation page's boxes said (null: everything); absent keeps what the row holds. */
    choice?: { categories: UpdateCategory[] | null; products: string[] | null };
  };
}): Promise<ConfirmSubscriptionResult> {
  const { token } = ConfirmSubscriptionInput.parse(input);
  const organisation = ctx.viewer.organisation;
  const verified = await verifyConfirmationToken(ctx.db, organisation, token);
  if (!verified) return { status: 'TokenInvalid' };
  const { email, issuedAt } = verified;
  if (await isAddressBlocked(ctx.db, organisation.id, email)) return { status: 'Blocked' };
  return ctx.db.transaction(async (tx) => {
    const now = new Date();
    await tx
      .insert(subscribers)
      .values({ organisationId: organisation.id, email, source: 'direct_link' })
      .onConflictDoNothing();
    const [subscriber] = await tx
      .select()
      .from(subscribers)
      .where(and(eq(subscribers.organisationId, organisation.id), eq(subscribers.email, email)))
      .for('update');
    if (!subscriber || subscriber.status === 'blocked') return { status: 'Blocked' } as const;
    if (subscriber.status === 'confirmed') return { status: 'Confirmed' } as const;
    // The row records each use: a token older than the last confirmation or unsubscribe was used.
    const lastChange = Math.max(
      subscriber.confirmedAt?.getTime() ?? Number.NEGATIVE_INFINITY,
      subscriber.unsubscribedAt?.getTime() ?? Number.NEGATIVE_INFINITY,
    );
    if (lastChange >= issuedAt.getTime()) return { status: 'TokenInvalid' } as const;
    await tx
      .update(subscribers)
      .set({
        status: 'confirmed',
        confirmedAt: now,
        unsubscribedAt: null,
        pausedAt: null,
        ...(input.choice ?? {}),
      })
      .where(eq(subscribers.id, subscriber.id));
    return { status: 'Confirmed' } as const;
  });
}
