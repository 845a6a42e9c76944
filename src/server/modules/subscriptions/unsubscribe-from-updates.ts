import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import { UnsubscribeInput, type UnsubscribeResult } from '../../../shared/subscriptions';
import type { Context } from '../../context';
import { subscribers } from '../../db/schema';
import { verifyUnsubscribeToken } from './subscription-tokens';

/** Ends the subscription a valid unsubscribe token names; repeating it is harmless. */
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
  await ctx.db
    .update(subscribers)
    .set({ status: 'unsubscribed', unsubscribedAt: new Date() })
    .where(
      and(
        eq(subscribers.organisationId, organisation.id),
        eq(subscribers.email, email),
        inArray(subscribers.status, ['pending', 'confirmed']),
      ),
    );
  return { status: 'unsubscribed' };
}
