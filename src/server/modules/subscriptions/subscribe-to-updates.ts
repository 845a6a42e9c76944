import { and, eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import { SubscribeInput, type SubscribeResult, subscriptionLimits } from '../../../shared/subscriptions';
import type { Context } from '../../context';
import { subscribers } from '../../db/schema';
import type { MailContent } from '../mail';
import { queueBrandedMail } from '../mail';
import { isAddressBlocked } from './queries';
import { signConfirmationToken, unsubscribeLinks } from './subscription-tokens';

const dayMs = 24 * 60 * 60 * 1000;

export type SubscribeContext = Pick<Context, 'db' | 'viewer' | 'providers' | 'config'>;

/** The double opt-in mail; it carries List-Unsubscribe, so its footer shows the unsubscribe link too. */
export function subscriptionConfirmationMail(
  organisation: { name: string },
  links: { confirmUrl: string; unsubscribeUrl: string },
): MailContent {
  const title = messages.subscribeTitle(organisation.name);
  return {
    subject: `Confirm your subscription to ${title}`,
    heading: 'Confirm your subscription',
    blocks: [
      { kind: 'paragraph', text: `Someone, hopefully you, asked to receive ${title} at this address.` },
      {
        kind: 'action',
        text: `Confirm your subscription within ${subscriptionLimits.confirmationTokenHours} hours`,
        label: 'Confirm subscription',
        url: links.confirmUrl,
      },
      {
        kind: 'paragraph',
        text: 'If you did not ask for this, ignore this message and nothing will be sent.',
      },
    ],
    reason: `You receive this because someone asked to subscribe this address to ${title}.`,
    unsubscribeUrl: links.unsubscribeUrl,
  };
}

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
  const unsubscribe = await unsubscribeLinks(ctx, organisation, email);
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

    await queueBrandedMail({ db: tx, config: ctx.config, providers: ctx.providers }, organisation, {
      to: email,
      content: subscriptionConfirmationMail(organisation, {
        confirmUrl: confirmUrl.toString(),
        unsubscribeUrl: unsubscribe.pageUrl,
      }),
      headers: unsubscribe.headers,
    });
  });
  return answer;
}
