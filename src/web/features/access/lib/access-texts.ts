import { accessLimits } from '../../../../shared/access';

/**
 * The access flow's texts beyond accessMessages (the contract's). Where the spec hides the wording
 * (declined, pending, the check-email text) these are ours.
 */
export const accessTexts = {
  loginTitle: (organisationName: string) => `Get access to ${organisationName}'s portal`,
  loginSubtitle: 'Enter your work email. If you already have access we send you a sign-in link.',
  workEmail: 'Work email',
  backTo: (portalTitle: string) => `Back to ${portalTitle}`,
  back: 'Back',
  noAccessYet: 'No access yet?',
  workAtOrganisation: (organisationName: string) => `Work at ${organisationName}?`,
  logIntoWorkspace: 'Log into the workspace',
  requestSubtitle: (organisationName: string) =>
    `Tell us a few details to get access to ${organisationName}'s portal.`,
  invitedNote: 'You were invited by a colleague; your request names them.',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Work email',
  companyName: 'Company name',
  jobTitle: 'Job title',
  pointOfContact: 'Point of contact email',
  relationship: (organisationName: string) => `Relationship to ${organisationName}`,
  country: 'Country',
  products: 'Products',
  choose: 'Select…',
  agreeTo: 'I agree to the',
  agreeToTerms: 'I agree to the terms',
  and: 'and',
  subscribe: (organisationName: string) => `Send me ${organisationName}'s trust updates by e-mail`,
  opensInNewTab: ' (opens in a new tab)',
  submitting: 'Sending…',
  requestSentTitle: 'Request sent',
  requestSentText: (organisationName: string) =>
    `${organisationName} will review your request. We will e-mail you once it is approved:`,
  checkEmailTitle: 'Check your email',
  checkEmailText: (email: string) =>
    `We sent a sign-in link to ${email}. It works once, for ${accessLimits.signInLinkMinutes} minutes.`,
  autoApprovedText: (email: string) =>
    `Your request was approved. We sent a sign-in link to ${email}; it works once, for ${accessLimits.signInLinkMinutes} minutes.`,
  accountExistsText: (email: string) =>
    `You already have an account. We sent a sign-in link to ${email}; it works once, for ${accessLimits.signInLinkMinutes} minutes.`,
  accessExpiredTitle: 'Your access has expired',
  accessExpiredText: (organisationName: string) =>
    `Your access to ${organisationName}'s portal has expired. Request access again to continue.`,
  requestAgain: 'Request access again',
  declinedTitle: 'Request declined',
  declinedText: (organisationName: string) =>
    `${organisationName} has declined access for this e-mail address. If you think this is a mistake, please contact ${organisationName}.`,
  declinedThirdPartyText: (organisationName: string) =>
    `Your request for access to ${organisationName}'s portal was declined at the request of a third party, such as your company or the contact you named. If you think this is a mistake, please contact them or ${organisationName}.`,
  pendingTitle: 'Request pending',
  pendingText: (organisationName: string, email: string) =>
    `Your request is still being reviewed. We will e-mail ${email} once ${organisationName} has decided.`,
  close: 'Close',
  ok: 'OK',
  // Invite colleagues.
  inviteTitle: 'Invite colleagues',
  inviteSubtitle: (organisationName: string) =>
    `Your colleagues get an e-mail inviting them to request access to ${organisationName}'s portal.`,
  inviteEmails: 'Emails',
  inviteAdded: 'Added emails',
  inviteEmailsHint: 'Press Enter, Space, Tab or Comma after each address.',
  inviteMessage: 'Message (optional)',
  inviteRemove: (email: string) => `Remove ${email}`,
  inviteTooMany: `You can invite at most ${accessLimits.inviteEmailsMax} colleagues at once`,
  send: 'Send',
  sending: 'Sending…',
  inviteSentTitle: 'Invitations sent',
  inviteSentText: (count: number) =>
    count === 1
      ? 'We e-mailed your colleague an invitation.'
      : `We e-mailed your ${count} colleagues an invitation.`,
  done: 'Done',
  // NDA.
  reviewNda: 'Review NDA',
  signerName: 'Your full name',
  ndaAgree: 'I have read and agree to this agreement',
  accept: 'Accept',
  accepting: 'Accepting…',
  ndaAccepted: 'NDA accepted. Restricted content is now available.',
  ndaAcceptFailed: 'The NDA could not be accepted. Please try again.',
  // Preview.
  previewingAs: 'Previewing as',
} as const;
