import type { Translator } from '../../../shared/i18n/translator';
import type { ChoiceGroup } from '../../../shared/page';
import type { ActionPageContent } from '../../render/action-page';

/**
 * The page a confirmation link opens, in the organisation's branded page and the language the person
 * subscribed in. Opening it changes nothing (mail scanners prefetch links); the button posts a plain
 * form, so it works without scripts.
 */
export function confirmSubscriptionPage(input: {
  organisationName: string;
  actionPath: string;
  token: string;
  portalPath: string;
  choices: ChoiceGroup[];
  error?: string;
  translator: Translator;
}): ActionPageContent {
  const { t } = input.translator;
  const organisation = input.organisationName;
  return {
    title: t('mail.confirmHeading'),
    heading: t('mail.confirmHeading'),
    text: t('subscription.confirmPageText', { organisation }),
    ...(input.error ? { error: input.error } : {}),
    form: {
      action: input.actionPath,
      // choices=1 tells the post a person saw the boxes, so none ticked is a question, not "everything".
      fields: { token: input.token, choices: '1' },
      button: t('mail.confirmButton'),
      choices: input.choices,
    },
    back: { href: input.portalPath, label: t('subscription.backTo', { organisation }) },
    locale: input.translator.locale,
  };
}
