import { messages } from '../../../shared/messages';
import type { ChoiceGroup } from '../../../shared/page';
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
  choices: ChoiceGroup[];
  error?: string;
}): ActionPageContent {
  const title = messages.subscribeTitle(input.organisationName);
  return {
    title: 'Confirm your subscription',
    heading: 'Confirm your subscription',
    text: `Receive ${title} by e-mail. Every message links to a page where you change what you receive, pause or unsubscribe.`,
    ...(input.error ? { error: input.error } : {}),
    form: {
      action: input.actionPath,
      // choices=1 tells the post a person saw the boxes, so none ticked is a question, not "everything".
      fields: { token: input.token, choices: '1' },
      button: 'Confirm subscription',
      choices: input.choices,
    },
    back: { href: input.portalPath, label: `Back to ${input.organisationName}` },
  };
}
