import { categoryLabels, type UpdateCategory } from '../../../shared/updates';
import { escapeHtml } from '../../render/html';
import type { MailBrand } from '../mail';
import { renderBrandedMail } from '../mail';
import { newJsdom, renderUpdateHtml, renderUpdateText } from './render-markdown';

export type UpdateMailContent = {
  subject: string;
  /** Both parts with a placeholder where each recipient's unsubscribe link goes. */
  text: string;
  html: string;
};

// Rendered once per fan-out with this in place of the link, then swapped per recipient (no React per mail).
const unsubscribePlaceholder = 'https://unsubscribe.invalid/attest-recipient';

export const updateMailReason =
  'You receive this because you subscribed to these updates or were named as a recipient.';

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
}): Promise<UpdateMailContent> {
  const { brand } = input;
  const label = categoryLabels[input.category];
  const subject = `${brand.organisationName}: ${input.topicSubject}`.replace(/[\r\n]+/g, ' ').slice(0, 250);
  const text = renderUpdateText(input.message);
  return renderBrandedMail(brand, {
    subject,
    preview: text.replace(/\s+/g, ' ').slice(0, 140),
    eyebrow: `${label} update from ${brand.organisationName}`,
    heading: input.topicSubject,
    blocks: [
      {
        kind: 'html',
        html: updateMailHtml(input.message, brand.palette.ink),
        text,
      },
      { kind: 'action', text: 'Read it on the trust center', label: 'Read the update', url: input.topicUrl },
    ],
    reason: updateMailReason,
    unsubscribeUrl: unsubscribePlaceholder,
  });
}

/** Puts the recipient's unsubscribe link in both parts (the List-Unsubscribe headers carry the one-click URL). */
export function personaliseUpdateMail(content: UpdateMailContent, unsubscribeUrl: string) {
  return {
    subject: content.subject,
    text: content.text.replaceAll(unsubscribePlaceholder, unsubscribeUrl),
    html: content.html.replaceAll(unsubscribePlaceholder, escapeHtml(unsubscribeUrl)),
  };
}
