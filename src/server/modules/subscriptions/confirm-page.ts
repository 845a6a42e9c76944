import { messages } from '../../../shared/messages';
import type { ActionPageContent } from '../../render/action-page';

/**
 * The page a confirmation link opens, in the organisation's branded page. Opening it changes nothing
 * (mail scanners prefetch links); the button posts a plain form, so it works without scripts.
 */
export function confirmSubscriptionPage(input: {
  organisationName: string;
  actionPath: string;
  token: string;
  portalPath: string;
}): ActionPageContent {
  const title = messages.subscribeTitle(input.organisationName);
  return {
    title: 'Confirm your subscription',
    heading: 'Confirm your subscription',
    text: `Receive ${title} by e-mail. You can unsubscribe at any time from the link in every message.`,
    form: { action: input.actionPath, fields: { token: input.token }, button: 'Confirm subscription' },
    back: { href: input.portalPath, label: `Back to ${input.organisationName}` },
  };
}
