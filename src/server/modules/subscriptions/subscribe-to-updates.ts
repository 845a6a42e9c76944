import { and, eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import { SubscribeInput, type SubscribeResult, subscriptionLimits } from '../../../shared/subscriptions';
import type { Context } from '../../context';
import { subscribers } from '../../db/schema';
import { queueMail } from '../mail/queue-mail';
import { isAddressBlocked } from './queries';
import { signConfirmationToken, unsubscribeHeaders } from './subscription-tokens';

const dayMs = 24 * 60 * 60 * 1000;

export type SubscribeContext = Pick<Context, 'db' | 'viewer' | 'providers' | 'config'>;

/**
 * Double opt-in: records a pending subscriber and queues a confirmation mail in one transaction.
 * Answers the same for every address (new, pending, confirmed, blocked) so nobody learns who subscribed.
 */
export async function subscribeToUpdates({
  ctx,
  input,
}: {
  ctx: SubscribeContext;
  input: SubscribeInput;
}): Promise<SubscribeResult> {
  const organisation = ctx.viewer.organisation;
  if (!organisation.customisation.subscribeEnabled) {
    throw new AppError('forbidden', messages.subscribeDisabled);
  }
  const { email, source } = SubscribeInput.parse(input);
  const answer: SubscribeResult = { status: 'check_email' };
  if (await isAddressBlocked(ctx.db, organisation.id, email)) return answer;

  // Signed before the transaction: the shared secret is read once per process through ctx.db.
  const confirmUrl = new URL(`/${organisation.slug}/subscribe/confirm`, ctx.config.publicUrl);
  confirmUrl.searchParams.set('token', await signConfirmationToken(ctx.db, organisation, email));
  const headers = await unsubscribeHeaders(ctx, organisation, email);
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(subscribers)
      .values({ organisationId: organisation.id, email, source })
      .onConflictDoNothing();
    const [subscriber] = await tx
      .select()
      .from(subscribers)
      .where(and(eq(subscribers.organisationId, organisation.id), eq(subscribers.email, email)))
      .for('update');
    if (!subscriber || subscriber.status === 'confirmed' || subscriber.status === 'blocked') return;

    const windowStart = subscriber.confirmationWindowStartedAt;
    const isWindowOpen = windowStart !== null && now.getTime() - windowStart.getTime() < dayMs;
    const sentInWindow = isWindowOpen ? subscriber.confirmationSentCount : 0;
    if (sentInWindow >= subscriptionLimits.confirmationMailsPerAddressPerDay) return;
    await tx
      .update(subscribers)
      .set({
        confirmationSentCount: sentInWindow + 1,
        confirmationWindowStartedAt: isWindowOpen ? windowStart : now,
        lastConfirmationSentAt: now,
      })
      .where(eq(subscribers.id, subscriber.id));

    const title = messages.subscribeTitle(organisation.name);
    await queueMail(
      { db: tx, config: ctx.config, providers: ctx.providers },
      {
        to: email,
        organisationId: organisation.id,
        subject: `Confirm your subscription to ${title}`,
        text: [
          `Someone, hopefully you, asked to receive ${title} at this address.`,
          `Confirm your subscription within ${subscriptionLimits.confirmationTokenHours} hours: ${confirmUrl}`,
          'If you did not ask for this, ignore this message and nothing will be sent.',
        ].join('\n\n'),
        headers,
      },
    );
  });
  return answer;
}
