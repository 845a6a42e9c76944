import { z } from 'zod';
import { LocaleSchema } from './i18n/locale-schema';
import { limits } from './limits';
import { messages } from './messages';
import { subscribeStatuses } from './subscription-links';
import { categoryLabels, type UpdateCategory, updateCategories } from './update-texts';

/** Where a subscription started (spec 1 §3): the header button, a ?subscribe=true link, or the updates card. */
export const SubscriptionSource = z.enum(['subscribe_button', 'direct_link', 'updates_button']);
export type SubscriptionSource = z.infer<typeof SubscriptionSource>;

/** Trimmed and lower-cased before the format check; the top-level domain is not looked up. */
export const SubscriberEmail = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, messages.emailRequired)
  .max(limits.emailMaxLength, messages.emailTooLong)
  .regex(z.regexes.email, messages.invalidEmail);

export const SubscribeInput = z.object({
  email: SubscriberEmail,
  source: SubscriptionSource.default('subscribe_button'),
  /** The page's language when the person subscribed: their mails are written in it (issue 35 §5). */
  locale: LocaleSchema.optional(),
  /** The popover's agreement checkbox; no organisation requires it yet (see docs/decisions.md). */
  agree: z.boolean().optional(),
});
export type SubscribeInput = z.input<typeof SubscribeInput>;

/** Always the same answer, whatever the address's state: nobody learns who subscribed. */
export const SubscribeResult = z.object({ status: z.literal('check_email') });
export type SubscribeResult = z.infer<typeof SubscribeResult>;

/** The spec's subscribeStatus values, carried to the portal page after confirming. */
export const SubscribeStatus = z.enum(subscribeStatuses);
export type SubscribeStatus = z.infer<typeof SubscribeStatus>;

const Token = z.string().min(1).max(limits.queryValueMaxLength);

export const ConfirmSubscriptionInput = z.object({ token: Token });
export const ConfirmSubscriptionResult = z.object({ status: SubscribeStatus });
export type ConfirmSubscriptionResult = z.infer<typeof ConfirmSubscriptionResult>;

export const UnsubscribeInput = z.object({ token: Token });
export const UnsubscribeResult = z.object({ status: z.literal('unsubscribed') });
export type UnsubscribeResult = z.infer<typeof UnsubscribeResult>;

export const subscriptionLimits = {
  confirmationTokenHours: 48,
  confirmationMailsPerAddressPerDay: 3,
  subscribeRequestsPerIpPerMinute: 10,
  subscribeRequestsPerAddressPerHour: 10,
} as const;

export { readTokenSubject } from './subscription-links';

/** What a button on the preference page asks for (issue 34 §1). */
export const SubscriptionIntent = z.enum(['save', 'pause', 'resume', 'unsubscribe', 'resubscribe']);
export type SubscriptionIntent = z.infer<typeof SubscriptionIntent>;

/** The preference page's form: the token, the button pressed, `category_<name>=on` and `product_<id>=on` per ticked box. */
export const SubscriptionChoiceForm = z
  .object({ token: Token, intent: SubscriptionIntent.default('save') })
  .catchall(z.string().max(40));
export type SubscriptionChoiceForm = z.infer<typeof SubscriptionChoiceForm>;

export const categoryField = (category: UpdateCategory) => `category_${category}`;

/** The kinds ticked in a posted form; none ticked is an empty list (the page asks for at least one). */
export function categoriesOfForm(form: Record<string, unknown>): UpdateCategory[] {
  return updateCategories.filter((category) => form[categoryField(category)] === 'on');
}

/** Every kind ticked is stored as null: the person also gets kinds added later. */
export function storedCategories(categories: readonly UpdateCategory[]): UpdateCategory[] | null {
  return categories.length === updateCategories.length ? null : [...categories];
}

export const productField = (productId: string) => `product_${productId}`;

/** The offered products ticked in a posted form, as ids; a box for a product not offered is ignored. */
export function productsOfForm(form: Record<string, unknown>, offered: readonly { id: string }[]): string[] {
  return offered.filter((product) => form[productField(product.id)] === 'on').map((product) => product.id);
}

/** Every offered product ticked is stored as null: the person also follows products added later. */
export function storedProducts(
  chosen: readonly string[],
  offered: readonly { id: string }[],
): string[] | null {
  return offered.every((product) => chosen.includes(product.id)) ? null : [...chosen];
}

/**
 * "Incidents · Compliance", "all updates", or with products "Incidents · Acme Payroll": said in
 * every update mail and on the preference page. Names of products no longer offered are left out.
 */
export function followedCategoriesLabel(
  categories: readonly UpdateCategory[] | null,
  productNames: readonly string[] | null = null,
): string {
  const kinds =
    !categories || categories.length === updateCategories.length
      ? ['all updates']
      : categories.map((category) => categoryLabels[category]);
  return [...kinds, ...(productNames ?? [])].join(' · ');
}

export const subscriptionChoiceMessages = {
  pageTitle: 'Your subscription',
  legend: 'Send me updates about',
  chooseOne: 'Tick at least one kind of update, or unsubscribe.',
  chooseProduct: 'Tick at least one product, or unsubscribe.',
  productsLegend: 'About these products',
  feedsHeading: 'Or follow in a feed reader',
  saved: 'Your choices are saved.',
  paused: 'Updates are paused. Nothing is sent until you resume.',
  resumed: 'Updates resumed.',
  unsubscribed: 'You are unsubscribed. Nothing more is sent to this address.',
  resubscribed: 'You are subscribed again.',
  notSubscribed: 'This address is not subscribed to these updates.',
  blocked: 'This address cannot receive these updates. Contact the organisation if this is wrong.',
  linkInvalid: 'This link is not valid. Use the newest link from one of our e-mails.',
} as const;
