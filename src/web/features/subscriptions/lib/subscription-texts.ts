import type { Translator } from '../../../../shared/i18n/translator';
import type { SubscribeStatus } from '../../../../shared/subscriptions';

export type ResultTexts = {
  title: string;
  description: string;
  supportNote: string | null;
  action: 'done' | 'try_again';
};

/** What the subscribe result modal says for each subscribeStatus (spec 1 §2 Subscribe result modal). */
export function subscribeResultTexts(
  translator: Translator,
  status: SubscribeStatus,
  organisationName: string,
  support: string | null,
): ResultTexts {
  const { t } = translator;
  if (status === 'Confirmed') {
    return {
      title: t('subscription.confirmed'),
      description: t('subscription.confirmedText', { organisation: organisationName }),
      supportNote: null,
      action: 'done',
    };
  }
  if (status === 'Blocked') {
    return {
      title: t('subscription.failed'),
      description: t('subscription.blocked'),
      supportNote: contactSupportNote(translator, support),
      action: 'done',
    };
  }
  return {
    title: t('subscription.failed'),
    description: t('subscription.linkExpired'),
    supportNote: null,
    action: 'try_again',
  };
}

/** 'Please contact support at {email}', or a sentence without an address when none is known. */
export function contactSupportNote({ t }: Translator, support: string | null): string {
  return support
    ? t('subscription.contactSupportAt', { email: support })
    : t('subscription.contactOrganisation');
}
