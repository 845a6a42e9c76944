import { messages } from '../../../../shared/messages';
import type { SubscribeStatus } from '../../../../shared/subscriptions';

export type ResultTexts = {
  title: string;
  description: string;
  supportNote: string | null;
  action: 'done' | 'try_again';
};

/** What the subscribe result modal says for each subscribeStatus (spec 1 §2 Subscribe result modal). */
export function subscribeResultTexts(
  status: SubscribeStatus,
  organisationName: string,
  support: string | null,
): ResultTexts {
  if (status === 'Confirmed') {
    return {
      title: messages.subscriptionConfirmed,
      description: `You will receive ${messages.subscribeTitle(organisationName)} by e-mail. Every message has a link to unsubscribe.`,
      supportNote: null,
      action: 'done',
    };
  }
  if (status === 'Blocked') {
    return {
      title: messages.subscriptionFailed,
      description: messages.subscriptionBlocked,
      supportNote: contactSupportNote(support),
      action: 'done',
    };
  }
  return {
    title: messages.subscriptionFailed,
    description: messages.subscriptionLinkExpired,
    supportNote: null,
    action: 'try_again',
  };
}

/** 'Please contact support at {email}', or a sentence without an address when none is known. */
export function contactSupportNote(support: string | null): string {
  return support ? messages.contactSupportAt(support) : 'Please contact the organisation for help.';
}
