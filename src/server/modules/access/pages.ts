import type { ActionPageContent } from '../../render/action-page';

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
