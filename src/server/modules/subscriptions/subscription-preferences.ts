import { and, eq } from 'drizzle-orm';
import { formatDateTime } from '../../../shared/dates';
import {
  categoriesOfForm,
  categoryField,
  followedCategoriesLabel,
  type SubscriptionChoiceForm,
  storedCategories,
  subscriptionChoiceMessages as texts,
} from '../../../shared/subscriptions';
import { categoryLabels, type UpdateCategory, updateCategories } from '../../../shared/update-texts';
import type { Context } from '../../context';
import { subscribers } from '../../db/schema';
import type { ActionPageContent } from '../../render/action-page';
import { verifyUnsubscribeToken } from './subscription-tokens';
import { unsubscribeFromUpdates } from './unsubscribe-from-updates';

type SubscriberRow = typeof subscribers.$inferSelect;
type PreferencesContext = Pick<Context, 'db' | 'viewer'>;

/** Who a preference link is for, and their subscription as it stands (null: no row for the address). */
export async function readSubscription(
  ctx: PreferencesContext,
  token: string,
): Promise<{ email: string; subscriber: SubscriberRow | null } | null> {
  const organisation = ctx.viewer.organisation;
  const email = await verifyUnsubscribeToken(ctx.db, organisation, token);
  if (!email) return null;
  const [subscriber] = await ctx.db
    .select()
    .from(subscribers)
    .where(and(eq(subscribers.organisationId, organisation.id), eq(subscribers.email, email)))
    .limit(1);
  return { email, subscriber: subscriber ?? null };
}

export type SubscriptionChange =
  | { done: Exclude<SubscriptionChoiceForm['intent'], 'save'> | 'saved' }
  | {
      error: 'chooseOne' | 'linkInvalid';
    };

/**
 * The preference page's post (issue 34 §1): save the kinds followed, pause, resume, unsubscribe or
 * subscribe again. Only a POST changes anything: mail scanners open the page's link, never its form.
 */
export async function changeSubscription(
  ctx: PreferencesContext,
  form: SubscriptionChoiceForm,
): Promise<SubscriptionChange> {
  const found = await readSubscription(ctx, form.token);
  if (!found) return { error: 'linkInvalid' };
  const { subscriber } = found;
  if (form.intent === 'unsubscribe') {
    await unsubscribeFromUpdates({ ctx, input: { token: form.token } });
    return { done: 'unsubscribe' };
  }
  const now = new Date();
  if (form.intent === 'resubscribe') {
    // The signed link proves the mailbox, as a confirmation link does: subscribing here needs no second mail.
    if (subscriber?.status === 'blocked' || subscriber?.status === 'confirmed')
      return { error: 'linkInvalid' };
    const chosen = categoriesOfForm(form);
    if (chosen.length === 0) return { error: 'chooseOne' };
    const subscribed = {
      status: 'confirmed' as const,
      confirmedAt: now,
      unsubscribedAt: null,
      pausedAt: null,
      categories: storedCategories(chosen),
    };
    if (subscriber) await ctx.db.update(subscribers).set(subscribed).where(eq(subscribers.id, subscriber.id));
    else {
      await ctx.db
        .insert(subscribers)
        .values({
          organisationId: ctx.viewer.organisation.id,
          email: found.email,
          source: 'preference_page',
          ...subscribed,
        })
        .onConflictDoNothing();
    }
    return { done: 'resubscribe' };
  }
  if (!subscriber) return { error: 'linkInvalid' };
  const where = eq(subscribers.id, subscriber.id);
  if (subscriber.status !== 'confirmed') return { error: 'linkInvalid' };
  if (form.intent === 'pause' || form.intent === 'resume') {
    await ctx.db
      .update(subscribers)
      .set({ pausedAt: form.intent === 'pause' ? (subscriber.pausedAt ?? now) : null })
      .where(where);
    return { done: form.intent };
  }
  const chosen = categoriesOfForm(form);
  if (chosen.length === 0) return { error: 'chooseOne' };
  await ctx.db
    .update(subscribers)
    .set({ categories: storedCategories(chosen) })
    .where(where);
  return { done: 'saved' };
}

const doneNotices = {
  saved: texts.saved,
  pause: texts.paused,
  resume: texts.resumed,
  unsubscribe: texts.unsubscribed,
  resubscribe: texts.resubscribed,
} as const;

export function noticeOf(done: string | undefined): string | undefined {
  return done && done in doneNotices ? doneNotices[done as keyof typeof doneNotices] : undefined;
}

/** The category checkboxes, ticked as the person follows (all for someone who follows everything). */
export function categoryChoices(categories: readonly UpdateCategory[] | null) {
  return {
    legend: texts.legend,
    options: updateCategories.map((category) => ({
      name: categoryField(category),
      label: categoryLabels[category],
      checked: !categories || categories.includes(category),
    })),
  };
}

/** The branded preference page for one address: its choices, and what the last post did. */
export function subscriptionPreferencesPage(input: {
  organisationName: string;
  actionPath: string;
  portalPath: string;
  token: string;
  found: Awaited<ReturnType<typeof readSubscription>>;
  notice?: string;
  error?: string;
}): ActionPageContent {
  const { found, organisationName } = input;
  const base = {
    title: texts.pageTitle,
    heading: texts.pageTitle,
    back: { href: input.portalPath, label: `Back to ${organisationName}` },
    ...(input.notice ? { notice: input.notice } : {}),
    ...(input.error ? { error: input.error } : {}),
  };
  if (!found) return { ...base, text: texts.linkInvalid, form: null };
  const { email, subscriber } = found;
  const fields = { token: input.token };
  if (subscriber?.status === 'blocked') return { ...base, text: texts.blocked, form: null };
  if (subscriber?.status !== 'confirmed') {
    const wasSubscribed = subscriber?.status === 'unsubscribed';
    return {
      ...base,
      text: wasSubscribed
        ? `${email} is unsubscribed from ${organisationName}’s updates.`
        : `${organisationName}’s updates are not sent to ${email}.`,
      form: {
        action: input.actionPath,
        fields,
        button: wasSubscribed ? 'Subscribe again' : 'Subscribe',
        intent: 'resubscribe',
        choices: categoryChoices(subscriber?.categories ?? null),
      },
    };
  }
  const paused = subscriber.pausedAt;
  return {
    ...base,
    text: `Updates from ${organisationName} to ${email}. Choose what you receive; nothing else changes.`,
    facts: [
      { label: 'You follow', value: followedCategoriesLabel(subscriber.categories) },
      ...(paused ? [{ label: 'Paused since', value: formatDateTime(paused.toISOString()) }] : []),
    ],
    form: {
      action: input.actionPath,
      fields,
      button: 'Save choices',
      intent: 'save',
      choices: categoryChoices(subscriber.categories),
      alternatives: [
        paused ? { intent: 'resume', label: 'Resume updates' } : { intent: 'pause', label: 'Pause updates' },
        { intent: 'unsubscribe', label: 'Unsubscribe' },
      ],
    },
  };
}
