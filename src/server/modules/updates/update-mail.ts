import { categoryLabels, type UpdateCategory } from '../../../shared/updates';
import { escapeHtml } from '../../render/html';
import { renderUpdateHtml, renderUpdateText } from './render-markdown';

export type UpdateMailContent = {
  subject: string;
  /** Body text and HTML without the per-recipient unsubscribe part. */
  text: string;
  html: string;
};

/** The parts of an update mail every recipient shares, rendered once per fan-out. */
export function composeUpdateMail(input: {
  organisationName: string;
  topicSubject: string;
  category: UpdateCategory;
  message: string;
  topicUrl: string;
}): UpdateMailContent {
  const label = categoryLabels[input.category];
  const subject = `${input.organisationName}: ${input.topicSubject}`.replace(/[\r\n]+/g, ' ').slice(0, 250);
  const text = [
    `${label} update from ${input.organisationName}`,
    input.topicSubject,
    renderUpdateText(input.message),
    `Read it on the trust center: ${input.topicUrl}`,
  ].join('\n\n');
  const html = [
    `<p style="color:#555">${escapeHtml(label)} update from ${escapeHtml(input.organisationName)}</p>`,
    `<h1 style="font-size:20px">${escapeHtml(input.topicSubject)}</h1>`,
    renderUpdateHtml(input.message),
    `<p><a href="${escapeHtml(input.topicUrl)}">Read it on the trust center</a></p>`,
  ].join('\n');
  return { subject, text, html };
}

/** Adds the recipient's unsubscribe link (the List-Unsubscribe headers carry the one-click URL). */
export function personaliseUpdateMail(content: UpdateMailContent, unsubscribeUrl: string) {
  return {
    subject: content.subject,
    text: `${content.text}\n\n--\nYou receive this because you subscribed to these updates or were named as a recipient.\nUnsubscribe: ${unsubscribeUrl}`,
    html: `${content.html}\n<hr><p style="font-size:12px;color:#555">You receive this because you subscribed to these updates or were named as a recipient. <a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a></p>`,
  };
}
