/** Texts of the header's access entry; plain strings, because the header is in the first load. */
export const headerTexts = {
  signIn: 'Sign in',
  signInHint: 'Sign in or request access to restricted content',
  account: 'Account',
  review: (status: string) => `Review ${status}`,
  accessExpired: 'Access expired',
  accessUntil: (date: string) => `Access until ${date}`,
  inviteColleagues: 'Invite colleagues',
  accessTokens: 'Access tokens for AI agents',
  requestAccess: 'Request access',
  downloadNda: 'Download signed NDA',
  logOut: 'Log out',
  submitQuestionnaire: 'Submit a questionnaire',
  sendToTprm: 'Send data to TPRM',
  updateEmails: 'Update e-mails',
} as const;
