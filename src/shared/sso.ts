import { z } from 'zod';
import { StaffRole } from './permissions';

/** An e-mail domain single sign-on may sign in: example.com, no scheme, no @. */
const SsoDomain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/,
    'Enter a domain like example.com',
  );

/** What an owner sets in Console › Sign-in security › Single sign-on. The secret is write-only. */
export const SsoSettingsInput = z.object({
  issuerUrl: z.string().trim().url('Enter the issuer URL, like https://login.example.com').max(500),
  clientId: z.string().trim().min(1, 'Enter the client ID').max(300),
  /** Omitted or null keeps the stored secret; required the first time. */
  clientSecret: z.string().min(1).max(1000).nullable().optional(),
  allowedDomains: z.array(SsoDomain).min(1, 'Name at least one e-mail domain').max(20),
  /** The role someone unknown gets at their first sign-in; null: only invited staff sign in. */
  newStaffRole: StaffRole.exclude(['owner']).nullable(),
  requireSso: z.boolean(),
  /** The one owner whose password still works while SSO is required; each use is mailed to all owners. */
  breakGlassStaffUserId: z.string().uuid().nullable(),
});
export type SsoSettingsInput = z.infer<typeof SsoSettingsInput>;

export const SsoSettingsView = z.object({
  isConfigured: z.boolean(),
  issuerUrl: z.string(),
  clientId: z.string(),
  hasClientSecret: z.boolean(),
  allowedDomains: z.array(z.string()),
  newStaffRole: StaffRole.nullable(),
  requireSso: z.boolean(),
  breakGlassStaffUserId: z.string().nullable(),
  /** Where the identity provider sends people back: register it there. */
  redirectUri: z.string(),
});
export type SsoSettingsView = z.infer<typeof SsoSettingsView>;

export const SsoStartInput = z.object({
  email: z.string().trim().toLowerCase().email('Enter your work e-mail'),
});
export const SsoStartAnswer = z.object({ redirectUrl: z.string().url() });
export type SsoStartAnswer = z.infer<typeof SsoStartAnswer>;

/** Why a single sign-on did not sign someone in; the sign-in page shows the text for the code. */
export const SsoFailure = z.enum([
  'unknown_attempt',
  'provider_unreachable',
  'provider_refused',
  'token_invalid',
  'email_unverified',
  'domain_not_allowed',
  'not_invited',
  'disabled',
]);
export type SsoFailure = z.infer<typeof SsoFailure>;

export const ssoFailureMessages: Record<SsoFailure, string> = {
  unknown_attempt: 'This sign-in link was already used or has expired. Start again.',
  provider_unreachable: 'Your identity provider could not be reached. Try again in a moment.',
  provider_refused: 'Your identity provider did not sign you in. Try again, or ask your administrator.',
  token_invalid: 'The answer from your identity provider could not be trusted, so nobody was signed in.',
  email_unverified: 'Your identity provider has not verified your e-mail address, so nobody was signed in.',
  domain_not_allowed: 'Your e-mail domain may not sign in to this console with single sign-on.',
  not_invited: 'You have no staff account here yet. Ask an owner or admin to invite you.',
  disabled: 'Your staff account is disabled. Ask an owner or admin.',
};

export const ssoMessages = {
  notConfigured: 'Single sign-on is not set up for this e-mail domain.',
  secretRequired: 'Enter the client secret.',
  breakGlassNotOwner: 'The break-glass account must be an active owner of this organisation.',
  breakGlassRequired:
    'Choose the break-glass owner whose password still works when single sign-on is required.',
  providerUnreachable: (detail: string) => `The identity provider could not be reached: ${detail}`,
  passwordsOff: 'Your organisation signs in with single sign-on. Use "Sign in with single sign-on".',
  ownSsoFirst: 'Sign in with single sign-on once yourself before requiring it.',
} as const;
