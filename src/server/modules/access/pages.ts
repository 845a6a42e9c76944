import { accessMessages } from '../../../shared/access';
import { formatDate } from '../../../shared/dates';
import type { ActionPageContent } from '../../render/action-page';
import type { MoreTimeAnswer } from './extend-access';

/**
 * Small pages of the sign-in flow, in the organisation's branded page (render/action-page.ts).
 * Opening a link changes nothing (mail scanners prefetch links); the button posts a plain form.
 */
export function signInConfirmPage(input: {
  portalName: string;
  actionPath: string;
  token: string;
  portalPath: string;
}): ActionPageContent {
  return {
    title: 'Sign in',
    heading: `Sign in to the ${input.portalName}`,
    text: 'Continue to sign in with the link from your e-mail. The link works once.',
    form: { action: input.actionPath, fields: { token: input.token }, button: 'Sign in' },
    back: { href: input.portalPath, label: `Back to the ${input.portalName}` },
  };
}

export function byoidWelcomePage(input: {
  portalName: string;
  actionPath: string;
  token: string;
  portalPath: string;
}): ActionPageContent {
  return {
    title: 'Welcome',
    heading: `Welcome to the ${input.portalName}`,
    text: 'You arrived with a sign-in from your company. Continue to open the portal signed in.',
    form: { action: input.actionPath, fields: { byoidJwt: input.token }, button: 'Continue' },
    back: { href: input.portalPath, label: 'Continue without signing in' },
  };
}

export function refusalPage(input: {
  portalName: string;
  message: string;
  portalPath: string;
}): ActionPageContent {
  return {
    title: 'Sign-in failed',
    heading: 'You are not signed in',
    text: input.message,
    form: null,
    back: { href: input.portalPath, label: `Back to the ${input.portalName}` },
  };
}

/** The page the expiry reminder's link opens: the request is made only by the button (a POST). */
export function moreTimeConfirmPage(input: {
  organisationName: string;
  portalName: string;
  portalPath: string;
  actionPath: string;
  token: string;
}): ActionPageContent {
  return {
    title: 'Request more time',
    heading: 'Request more time',
    text: `Ask the ${input.organisationName} team to extend your access to the ${input.portalName}. They review the request and write to you once they have decided.`,
    form: { action: input.actionPath, fields: { token: input.token }, button: 'Request more time' },
    back: { href: input.portalPath, label: `Open the ${input.portalName}` },
  };
}

/**
 * What the expiry reminder's "Request more time" link answers for each extend-access code (spec 3 §8
 * texts where it has them); null is a link that is not valid.
 */
export function moreTimePage(input: {
  organisationName: string;
  portalName: string;
  portalPath: string;
  answer: MoreTimeAnswer | null;
}): ActionPageContent {
  const { answer, organisationName } = input;
  const back = { href: input.portalPath, label: `Open the ${input.portalName}` };
  const until = answer?.accessExpiresAt
    ? [{ label: 'Your access ends', value: formatDate(answer.accessExpiresAt) }]
    : [];
  const page = { form: null, back, facts: until };
  if (!answer) {
    return {
      ...page,
      title: 'Link not valid',
      heading: 'This link does not work',
      text: accessMessages.extensionLinkInvalid,
    };
  }
  switch (answer.code) {
    case 'success':
      return {
        ...page,
        title: 'More time requested',
        heading: 'Your request for more time was sent',
        text: `The ${organisationName} team will review it and write to you at ${answer.email} once it has decided.`,
        moreText: ['Until then, your access continues as before.'],
      };
    case 'already-requested':
      return {
        ...page,
        title: 'Already requested',
        heading: 'You already asked for more time',
        text: accessMessages.alreadyRequested,
        moreText: [`The ${organisationName} team writes to you at ${answer.email} once it has decided.`],
      };
    case 'already-has-access':
      return {
        ...page,
        title: 'Access extended',
        heading: accessMessages.alreadyHasAccess,
        text: 'Your access was extended since this reminder was sent, so there is nothing to ask for.',
      };
    case 'error':
      return {
        ...page,
        title: 'No access to extend',
        heading: 'There is no access to extend',
        text: `Your access to the ${input.portalName} has ended or was withdrawn, so more time cannot be added. You can request access again on the portal.`,
      };
  }
}
