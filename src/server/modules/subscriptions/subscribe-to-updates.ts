import { and, eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import { type Locale, offeredLocalesOf } from '../../../shared/i18n/locales';
import { messages } from '../../../shared/messages';
import type { PortalCustomisation } from '../../../shared/portal';
import { SubscribeInput, type SubscribeResult, subscriptionLimits } from '../../../shared/subscriptions';
import type { Context } from '../../context';
import { subscribers } from '../../db/schema';
import { translatorFor } from '../../render/locale';
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
  locale: Locale = 'en',
): MailContent {
  const { t } = translatorFor(locale);
  const named = { organisation: organisation.name };
  return {
    subject: t('mail.confirmSubject', named),
    heading: t('mail.confirmHeading'),
    blocks: [
      { kind: 'paragraph', text: t('mail.confirmAsked', named) },
      {
        kind: 'action',
        text: t('mail.confirmWithin', { hours: subscriptionLimits.confirmationTokenHours }),
        label: t('mail.confirmButton'),
        url: links.confirmUrl,
      },
      { kind: 'paragraph', text: t('mail.confirmIgnore') },
    ],
    reason: t('mail.confirmReason', named),
    unsubscribeUrl: links.unsubscribeUrl,
    locale,
  };
}

/** The language the person subscribed in, when the organisation offers it; null leaves its default. */
function offeredLocale(asked: Locale | undefined, customisation: PortalCustomisation): Locale | null {
  return asked && offeredLocalesOf(customisation).includes(asked) ? asked : null;
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
  const { email, source, locale: askedLocale } = SubscribeInput.parse(input);
  const locale = offeredLocale(askedLocale, organisation.customisation);
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
      .values({ organisationId: organisation.id, email, source, locale })
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
        // A pending subscriber who asks again in another language gets that one from now on.
        ...(locale ? { locale } : {}),
      })
      .where(eq(subscribers.id, subscriber.id));

    await queueBrandedMail({ db: tx, config: ctx.config, providers: ctx.providers }, organisation, {
      to: email,
      content: subscriptionConfirmationMail(
        organisation,
        { confirmUrl: confirmUrl.toString(), unsubscribeUrl: unsubscribe.pageUrl },
        locale ?? organisation.customisation.defaultLocale,
      ),
      headers: unsubscribe.headers,
    });
  });
  return answer;
}
