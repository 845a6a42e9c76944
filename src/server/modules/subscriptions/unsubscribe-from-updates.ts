import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import { UnsubscribeInput, type UnsubscribeResult } from '../../../shared/subscriptions';
import type { Context } from '../../context';
import { subscribers } from '../../db/schema';
import { verifyUnsubscribeToken } from './subscription-tokens';

/** Ends the subscription a valid unsubscribe token names (and stops listed-address mail); repeating it is harmless. */
export async function unsubscribeFromUpdates({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db' | 'viewer'>;
  input: { token: string };
}): Promise<UnsubscribeResult> {
  const { token } = UnsubscribeInput.parse(input);
  const organisation = ctx.viewer.organisation;
  const email = await verifyUnsubscribeToken(ctx.db, organisation, token);
  if (!email) throw new AppError('token_invalid', messages.tokenInvalid);
  const now = new Date();
  // An address staff listed on an update has no subscriber row: the row records its opt-out.
  await ctx.db
    .insert(subscribers)
    .values({
      organisationId: organisation.id,
      email,
      source: 'listed_address',
      status: 'unsubscribed',
      unsubscribedAt: now,
    })
    .onConflictDoNothing();
  await ctx.db
    .update(subscribers)
    .set({ status: 'unsubscribed', unsubscribedAt: now })
    .where(
      and(
        eq(subscribers.organisationId, organisation.id),
        eq(subscribers.email, email),
        inArray(subscribers.status, ['pending', 'confirmed']),
      ),
    );
  return { status: 'unsubscribed' };
}
