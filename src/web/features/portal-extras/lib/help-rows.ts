import type { MessageKey } from '../../../../shared/i18n/translator';
import type { ContactAction, PortalCustomisation, ViewerMode } from '../../../../shared/portal';

export type HelpRow = {
  key: 'contactSupport' | 'reportIssue';
  label: MessageKey;
  /** Null when the row is not enabled or has nowhere to go. */
  href: string | null;
  opensSite: boolean;
};

type RowSettings = {
  isEnabled: boolean;
  onClickAction: ContactAction;
  mailbox: string | null;
  url: string | null;
};

function targetOf({ isEnabled, onClickAction, mailbox, url }: RowSettings) {
  if (!isEnabled) return { href: null, opensSite: false };
  if (onClickAction === 'direct_to_site') return { href: url, opensSite: true };
  return { href: mailbox ? `mailto:${mailbox}` : null, opensSite: false };
}

/**
 * The help section's rows for this viewer (spec 3 §2). A row counts as enabled only when it is on
 * and its mailbox or site is set, so visitors never get a dead link. Main mode sees both rows.
 */
export function helpRowsFor(customisation: PortalCustomisation, mode: ViewerMode): HelpRow[] {
  const { contactSupport, reportIssue, supportMailbox, securityMailbox } = customisation;
  const rows: HelpRow[] = [
    {
      key: 'contactSupport',
      label: 'extras.contactSupport',
      ...targetOf({ ...contactSupport, mailbox: supportMailbox, url: contactSupport.supportUrl }),
    },
    {
      key: 'reportIssue',
      label: 'extras.reportIssue',
      ...targetOf({ ...reportIssue, mailbox: securityMailbox, url: reportIssue.reportUrl }),
    },
  ];
  return mode === 'main' ? rows : rows.filter((row) => row.href !== null);
}
