import type { Locale } from '../../../shared/i18n/locales';
import type { Translator } from '../../../shared/i18n/translator';
import { updateCategoryKeys as categoryKeys } from '../../../shared/i18n/update-category-keys';
import { type UpdateCategory, updateCategories } from '../../../shared/updates';
import { escapeHtml } from '../../render/html';
import { translatorFor } from '../../render/locale';
import type { MailBrand } from '../mail';
import { renderBrandedMail } from '../mail';
import { followedLabelIn } from '../subscriptions';
import { newJsdom, renderUpdateHtml, renderUpdateText } from './render-markdown';

export type UpdateMailContent = {
  subject: string;
  /** Both parts with a placeholder where each recipient's unsubscribe link goes. */
  text: string;
  html: string;
};

// Rendered once per fan-out with these in place of the links and the reason, then swapped per
// recipient (no React per mail).
const unsubscribePlaceholder = 'https://unsubscribe.invalid/attest-recipient';
const managePlaceholder = 'https://manage.invalid/attest-recipient';
const reasonPlaceholder = 'attest-recipient-reason-placeholder';

/** Why this person got the update: what they follow, or that staff named them on it. */
export function updateMailReason(
  follows: { categories: readonly UpdateCategory[] | null; productNames: readonly string[] | null } | null,
  locale: Locale = 'en',
): string {
  const translator = translatorFor(locale);
  return follows
    ? translator.t('mail.updateReasonFollows', {
        follows: followedLabelIn(translator, follows.categories, follows.productNames),
      })
    : translator.t('mail.updateReasonNamed');
}

/** The sanitised update with its links in the accent ink: mail clients drop <style>, so it goes inline. */
function updateMailHtml(message: string, linkColour: string): string {
  const { document } = newJsdom(`<body>${renderUpdateHtml(message)}</body>`).window;
  for (const link of document.querySelectorAll('a[href]')) link.setAttribute('style', `color:${linkColour}`);
  return document.body.innerHTML;
}

/** The parts of an update mail every recipient shares, rendered once per fan-out. */
export async function composeUpdateMail(input: {
  brand: MailBrand;
  topicSubject: string;
  category: UpdateCategory;
  message: string;
  topicUrl: string;
  /** The recipients' language: the mail's own words in it, the update as staff wrote it. */
  locale?: Locale;
}): Promise<UpdateMailContent> {
  const { brand } = input;
  const locale = input.locale ?? 'en';
  const { t } = translatorFor(locale);
  const label = t(categoryKeys[input.category]);
  const subject = `${brand.organisationName}: ${input.topicSubject}`.replace(/[\r\n]+/g, ' ').slice(0, 250);
  const text = renderUpdateText(input.message);
  return renderBrandedMail(brand, {
    subject,
    preview: text.replace(/\s+/g, ' ').slice(0, 140),
    eyebrow: t('mail.updateEyebrow', { category: label, organisation: brand.organisationName }),
    heading: input.topicSubject,
    blocks: [
      {
        kind: 'html',
        html: updateMailHtml(input.message, brand.palette.ink),
        text,
      },
      { kind: 'action', text: t('mail.readOnTrustCenter'), label: t('mail.readUpdate'), url: input.topicUrl },
    ],
    reason: reasonPlaceholder,
    unsubscribeUrl: unsubscribePlaceholder,
    manageUrl: managePlaceholder,
    locale,
  });
}

/**
 * Puts the recipient's links (the List-Unsubscribe headers carry the one-click URL) and the reason
 * they got it in both parts.
 */
export function personaliseUpdateMail(
  content: UpdateMailContent,
  recipient: { unsubscribeUrl: string; manageUrl: string; reason: string },
) {
  const swap = (part: string, encode: (value: string) => string) =>
    part
      .replaceAll(unsubscribePlaceholder, encode(recipient.unsubscribeUrl))
      .replaceAll(managePlaceholder, encode(recipient.manageUrl))
      .replaceAll(reasonPlaceholder, encode(recipient.reason));
  return {
    subject: content.subject,
    text: swap(content.text, (value) => value),
    html: swap(content.html, escapeHtml),
  };
}
