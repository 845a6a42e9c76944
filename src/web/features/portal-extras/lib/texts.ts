/** Spec texts of the share popover, help section and banner (spec 1 §2, spec 3 §2). */
export const extrasTexts = {
  share: 'Share',
  shareTitle: 'Share this trust center',
  copyLink: 'Copy link',
  copied: 'Copied!',
  shareToLinkedIn: 'Share to LinkedIn',
  shareViaEmail: 'Share via email',
  noPublicUrl: 'Share links will be disabled until a public portal is published',
  helpHeading: 'Need help?',
  contactSupport: 'Contact support',
  reportIssue: 'Report issue',
  settingsHint: "Visitors don't see this row. Turn it on in",
  settingsLink: 'Settings',
  bannerTitle: 'Start your security review',
  viewAndDownload: 'View & download sensitive information',
  askForInformation: 'Ask for information',
  bannerAction: 'Request access',
} as const;

/** How long 'Copied!' stays up (spec 1 §2). */
export const copiedConfirmationMs = 3000;
