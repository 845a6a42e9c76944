import type { Locale } from '../../../../shared/i18n/locales';
import { translatorFor } from '../../../render/locale';

/**
 * A mail's content as blocks, drawn twice from the same list: as HTML by the branded layout and as
 * the plain-text part here, so the two parts never say different things.
 */
export type MailBlock =
  | { kind: 'paragraph'; text: string }
  /** A sentence ending in a link; plain text gives "text: url", HTML the sentence and a button. */
  | { kind: 'action'; text: string; label: string; url: string }
  /** Words of someone else (a comment, an invitation's message), set apart and never markup. */
  | { kind: 'quote'; intro?: string; text: string }
  /** Labelled values; a row with a url links its label (plain text gives the address on its own line). */
  | { kind: 'facts'; rows: Array<{ label: string; value: string; url?: string }> }
  /** Already sanitised HTML (an update's Markdown) with its own plain-text rendering. */
  | { kind: 'html'; html: string; text: string };

export type MailContent = {
  subject: string;
  /** The inbox preview line; the first paragraph when absent. */
  preview?: string;
  /** A short line above the heading, such as an update's category. */
  eyebrow?: string;
  heading?: string;
  blocks: MailBlock[];
  /** Why the person gets this mail, shown in the footer of both parts. */
  reason: string;
  /** The visible unsubscribe link of a mail that carries List-Unsubscribe headers. */
  unsubscribeUrl?: string;
  /** Where the person changes what they receive, pauses or unsubscribes (update mails). */
  manageUrl?: string;
  /** The recipient's language (issue 35 §5): the footer's own words and the mail's lang; English when absent. */
  locale?: Locale;
};

/** A translated sentence around one link: the words before it, the link's place, the words after. */
export function aroundLink(sentence: string): [before: string, after: string] {
  const [before = '', after = ''] = sentence.split(linkMarker);
  return [before, after];
}
export const linkMarker = '\u0000';

function blockText(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return block.text;
    case 'action':
      return `${block.text}: ${block.url}`;
    case 'quote':
      return block.intro ? `${block.intro}\n${block.text}` : block.text;
    case 'facts':
      return block.rows.map((row) => `${row.label}: ${row.value}${row.url ? `\n${row.url}` : ''}`).join('\n');
    case 'html':
      return block.text;
  }
}

export function previewOf(content: MailContent): string {
  if (content.preview) return content.preview;
  const first = content.blocks.find((block) => block.kind === 'paragraph' || block.kind === 'action');
  return first ? first.text : content.subject;
}

/** The plain-text part: eyebrow, heading and blocks, then the footer after a "--" line. */
export function renderMailText(
  content: MailContent,
  brand: { portalName: string; portalUrl: string },
): string {
  const body = [
    ...(content.eyebrow ? [content.eyebrow] : []),
    ...(content.heading ? [content.heading] : []),
    ...content.blocks.map(blockText),
  ];
  const { t } = translatorFor(content.locale ?? 'en');
  const footer = [
    '--',
    content.reason,
    ...(content.manageUrl ? [t('mail.manageText', { url: content.manageUrl })] : []),
    ...(content.unsubscribeUrl ? [t('mail.unsubscribeText', { url: content.unsubscribeUrl })] : []),
    `${brand.portalName}: ${brand.portalUrl}`,
  ];
  return `${body.join('\n\n')}\n\n${footer.join('\n')}\n`;
}
