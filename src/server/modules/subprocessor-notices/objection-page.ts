import { formatDate } from '../../../shared/dates';
import { describeChange, noticeLimits, noticeMessages } from '../../../shared/subprocessor-notices';
import type { ActionPageContent } from '../../render/action-page';
import type { ObjectionPage } from './objections';

const doneNotices = { objected: noticeMessages.objected, linkSent: noticeMessages.linkSent } as const;
export type ObjectionDone = keyof typeof doneNotices;

/**
 * The notice's page (issue 34 §3), branded like the portal: the changes and their date; then, while
 * the window is open, the objection form for someone who proved their address, or a form to get a
 * link mailed to the address that receives the updates.
 */
export function objectionPageContent(input: {
  organisationName: string;
  page: ObjectionPage;
  actionPath: string;
  linkPath: string;
  portalPath: string;
  signInPath: string;
  done?: ObjectionDone | undefined;
  error?: string | undefined;
}): ActionPageContent {
  const { page } = input;
  const { notice, productName } = page.notice;
  const date = formatDate(notice.effectiveAt.toISOString());
  const base = {
    title: 'Subprocessor changes',
    heading: `Subprocessor changes from ${date}`,
    text: `${input.organisationName} announced these changes to the subprocessors of ${productName}:`,
    moreText: notice.changes.map(describeChange),
    back: { href: input.portalPath, label: `Back to ${input.organisationName}` },
    ...(input.done ? { notice: doneNotices[input.done] } : {}),
    ...(input.error ? { error: input.error } : {}),
  };
  if (!page.isOpen)
    return {
      ...base,
      facts: [{ label: 'Objections', value: noticeMessages.windowClosed(date) }],
      form: null,
    };
  const mine = page.mine.map((objection) => ({ label: 'You objected to', value: objection.change }));
  if (!page.objector || !page.formToken) {
    return {
      ...base,
      facts: [{ label: 'Objections', value: `Open until ${date}` }],
      moreText: [...base.moreText, noticeMessages.signInToObject],
      form: {
        action: input.linkPath,
        fields: {},
        button: 'Send me a link',
        input: { name: 'email', label: 'Your work e-mail', type: 'email', autoComplete: 'email' },
      },
      links: {
        heading: 'Have a customer account?',
        items: [{ href: input.signInPath, label: 'Sign in to object' }],
      },
    };
  }
  return {
    ...base,
    facts: [
      { label: 'Objecting as', value: page.objector.email },
      { label: 'Objections', value: `Open until ${date}` },
      ...mine,
    ],
    form: {
      action: input.actionPath,
      fields: { token: page.formToken },
      button: 'Object to this change',
      radios: {
        legend: 'The change you object to',
        name: 'changeKey',
        options: notice.changes.map((change) => ({ value: change.key, label: describeChange(change) })),
      },
      textarea: {
        name: 'reason',
        label: 'Why (optional)',
        maxLength: noticeLimits.reasonMaxLength,
        hint: 'The organisation reads it with your objection and answers you by e-mail.',
      },
    },
  };
}
