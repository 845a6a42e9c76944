import { and, asc, eq } from 'drizzle-orm';
import { formatDateTime } from '../../../shared/dates';
import { isLocale, type Locale, offeredLocalesOf } from '../../../shared/i18n/locales';
import type { MessageKey, Translator } from '../../../shared/i18n/translator';
import { updateCategoryKeys } from '../../../shared/i18n/update-category-keys';
import type { ChoiceGroup } from '../../../shared/page';
import type { PortalCustomisation } from '../../../shared/portal';
import {
  categoriesOfForm,
  categoryField,
  followedCategoriesLabel,
  productField,
  productsOfForm,
  type SubscriptionChoiceForm,
  storedCategories,
  storedProducts,
  subscriptionChoiceMessages as texts,
} from '../../../shared/subscriptions';
import { categoryLabels, type UpdateCategory, updateCategories } from '../../../shared/update-texts';
import type { Context } from '../../context';
import type { Database } from '../../db/client';
import { products, subscribers } from '../../db/schema';
import type { ActionPageContent } from '../../render/action-page';
import { translatorFor } from '../../render/locale';
import { verifyUnsubscribeToken } from './subscription-tokens';
import { unsubscribeFromUpdates } from './unsubscribe-from-updates';

type SubscriberRow = typeof subscribers.$inferSelect;
type PreferencesContext = Pick<Context, 'db' | 'viewer'>;

export type OfferedProduct = { id: string; name: string; slug: string };

/**
 * The products a subscriber may choose among: the shown ones, in the portal's order. With fewer than
 * two there is nothing to choose, so none are offered and every choice covers every product.
 */
export async function offeredProducts(db: Database, organisationId: string): Promise<OfferedProduct[]> {
  const shown = await db
    .select({ id: products.id, name: products.name, slug: products.slug })
    .from(products)
    .where(and(eq(products.organisationId, organisationId), eq(products.isShown, true)))
    .orderBy(asc(products.position), asc(products.name));
  return shown.length >= 2 ? shown : [];
}

/** What a posted choice form asks for, or which question it left unanswered. */
export type FormChoice =
  | { categories: ReturnType<typeof storedCategories>; products: string[] | null }
  | { error: 'chooseOne' | 'chooseProduct' };

export function readChoiceForm(
  form: Record<string, unknown>,
  offered: readonly OfferedProduct[],
): FormChoice {
  const categories = categoriesOfForm(form);
  if (categories.length === 0) return { error: 'chooseOne' };
  if (offered.length === 0) return { categories: storedCategories(categories), products: null };
  const chosen = productsOfForm(form, offered);
  if (chosen.length === 0) return { error: 'chooseProduct' };
  return { categories: storedCategories(categories), products: storedProducts(chosen, offered) };
}

/** The names of the followed products still offered, for "You follow: …"; null follows them all. */
export function followedProductNames(
  followed: readonly string[] | null,
  offered: readonly OfferedProduct[],
): string[] | null {
  if (!followed || offered.length === 0) return null;
  return offered.filter((product) => followed.includes(product.id)).map((product) => product.name);
}

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
      error: 'chooseOne' | 'chooseProduct' | 'linkInvalid';
    };

/**
 * The preference page's post (issue 34 §1): save the kinds and products followed, pause, resume,
 * unsubscribe or subscribe again. Only a POST changes anything: mail scanners open the page's link.
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
  const offered = await offeredProducts(ctx.db, ctx.viewer.organisation.id);
  if (form.intent === 'resubscribe') {
    // The signed link proves the mailbox, as a confirmation link does: subscribing here needs no second mail.
    if (subscriber?.status === 'blocked' || subscriber?.status === 'confirmed')
      return { error: 'linkInvalid' };
    const choice = readChoiceForm(form, offered);
    if ('error' in choice) return choice;
    const subscribed = {
      status: 'confirmed' as const,
      confirmedAt: now,
      unsubscribedAt: null,
      pausedAt: null,
      ...choice,
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
  const choice = readChoiceForm(form, offered);
  if ('error' in choice) return choice;
  await ctx.db.update(subscribers).set(choice).where(where);
  return { done: 'saved' };
}

const doneNotices = {
  saved: 'subscription.noticeSaved',
  pause: 'subscription.noticePaused',
  resume: 'subscription.noticeResumed',
  unsubscribe: 'subscription.noticeUnsubscribed',
  resubscribe: 'subscription.noticeResubscribed',
} as const satisfies Record<string, MessageKey>;

export function noticeOf(
  done: string | undefined,
  { t }: Translator = translatorFor('en'),
): string | undefined {
  return done && done in doneNotices ? t(doneNotices[done as keyof typeof doneNotices]) : undefined;
}

/** A refusal of the preference or confirmation form, said in the page's language. */
export const choiceProblemKeys = {
  chooseOne: 'subscription.chooseOne',
  chooseProduct: 'subscription.chooseProduct',
  linkInvalid: 'subscription.linkInvalid',
} as const satisfies Record<string, MessageKey>;

/** "Incidents · Acme Payroll" or "all updates", in the reader's language (product names as written). */
export function followedLabelIn(
  { t }: Translator,
  categories: readonly UpdateCategory[] | null,
  productNames: readonly string[] | null,
): string {
  const kinds =
    !categories || categories.length === updateCategories.length
      ? [t('mail.allUpdates')]
      : categories.map((category) => t(updateCategoryKeys[category]));
  return [...kinds, ...(productNames ?? [])].join(' · ');
}

/** The language a subscriber reads: theirs while the organisation offers it, else its default. */
export function subscriberLocale(
  subscriber: { locale: string | null } | null | undefined,
  customisation: PortalCustomisation,
): Locale {
  const kept = subscriber?.locale;
  return isLocale(kept) && offeredLocalesOf(customisation).includes(kept)
    ? kept
    : customisation.defaultLocale;
}

/** The checkboxes, ticked as the person follows (all for someone who follows everything). */
export function subscriptionChoices(
  categories: readonly UpdateCategory[] | null,
  followedProducts: readonly string[] | null,
  offered: readonly OfferedProduct[],
  translator: Translator = translatorFor('en'),
): ChoiceGroup[] {
  const { t } = translator;
  const kinds: ChoiceGroup = {
    legend: t('subscription.legendKinds'),
    options: updateCategories.map((category) => ({
      name: categoryField(category),
      label: t(updateCategoryKeys[category]),
      checked: !categories || categories.includes(category),
    })),
  };
  if (offered.length === 0) return [kinds];
  const productGroup: ChoiceGroup = {
    legend: t('subscription.legendProducts'),
    options: offered.map((product) => ({
      name: productField(product.id),
      label: product.name,
      checked: !followedProducts || followedProducts.includes(product.id),
    })),
  };
  return [kinds, productGroup];
}

/** The branded preference page for one address: its choices, and what the last post did. */
export function subscriptionPreferencesPage(input: {
  organisationName: string;
  actionPath: string;
  portalPath: string;
  token: string;
  found: Awaited<ReturnType<typeof readSubscription>>;
  offered: readonly OfferedProduct[];
  /** Feeds a person may follow instead of mail: the whole trust center's, each product's and each kind's. */
  feeds: NonNullable<ActionPageContent['links']>['items'];
  notice?: string;
  error?: string;
  /** The subscriber's language (subscriberLocale); English when not given. */
  translator?: Translator;
}): ActionPageContent {
  const { found, organisationName } = input;
  const translator = input.translator ?? translatorFor('en');
  const { t } = translator;
  const organisation = organisationName;
  const base = {
    title: t('subscription.pageTitle'),
    heading: t('subscription.pageTitle'),
    back: { href: input.portalPath, label: t('subscription.backTo', { organisation }) },
    ...(input.notice ? { notice: input.notice } : {}),
    ...(input.error ? { error: input.error } : {}),
    locale: translator.locale,
  };
  if (!found) return { ...base, text: t('subscription.linkInvalid'), form: null };
  const page = { ...base, links: { heading: t('subscription.feedsHeading'), items: input.feeds } };
  const { email, subscriber } = found;
  const fields = { token: input.token };
  if (subscriber?.status === 'blocked')
    return { ...page, text: t('subscription.blockedAddress'), form: null };
  if (subscriber?.status !== 'confirmed') {
    const wasSubscribed = subscriber?.status === 'unsubscribed';
    return {
      ...page,
      text: wasSubscribed
        ? t('subscription.unsubscribedFrom', { email, organisation })
        : t('subscription.notSentTo', { email, organisation }),
      form: {
        action: input.actionPath,
        fields,
        button: wasSubscribed ? t('subscription.subscribeAgain') : t('subscribe.button'),
        intent: 'resubscribe',
        choices: subscriptionChoices(
          subscriber?.categories ?? null,
          subscriber?.products ?? null,
          input.offered,
          translator,
        ),
      },
    };
  }
  const paused = subscriber.pausedAt;
  return {
    ...page,
    text: t('subscription.chooseText', { email, organisation }),
    facts: [
      {
        label: t('subscription.youFollow'),
        value: followedLabelIn(
          translator,
          subscriber.categories,
          followedProductNames(subscriber.products, input.offered),
        ),
      },
      ...(paused
        ? [{ label: t('subscription.pausedSince'), value: translator.dateTime(paused.toISOString()) }]
        : []),
    ],
    form: {
      action: input.actionPath,
      fields,
      button: t('consent.saveChoices'),
      intent: 'save',
      choices: subscriptionChoices(subscriber.categories, subscriber.products, input.offered, translator),
      alternatives: [
        paused
          ? { intent: 'resume', label: t('subscription.resume') }
          : { intent: 'pause', label: t('subscription.pause') },
        { intent: 'unsubscribe', label: t('mail.unsubscribeLink') },
      ],
    },
  };
}
