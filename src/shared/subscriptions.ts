import { z } from 'zod';
import { limits } from './limits';
import { messages } from './messages';
import { subscribeStatuses } from './subscription-links';

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
