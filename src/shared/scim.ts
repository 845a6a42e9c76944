import { z } from 'zod';

/** What Attest keeps of the identity provider's own description of a person (RFC 7643 §4.1). */
export const ScimProfile = z.object({
  externalId: z.string().max(300).optional(),
  displayName: z.string().max(300).optional(),
  name: z
    .object({
      formatted: z.string().max(300).optional(),
      givenName: z.string().max(200).optional(),
      familyName: z.string().max(200).optional(),
    })
    .optional(),
});
export type ScimProfile = z.infer<typeof ScimProfile>;

/** Console › Sign-in security › Provisioning: whether a token exists; the token itself is never shown again. */
export const ScimSettingsView = z.object({
  isEnabled: z.boolean(),
  /** The SCIM base URL to give the identity provider. */
  baseUrl: z.string(),
  tokenHint: z.string().nullable(),
  createdAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type ScimSettingsView = z.infer<typeof ScimSettingsView>;

/** A new token: shown this once, then only its last four characters. */
export const IssuedScimToken = ScimSettingsView.extend({ token: z.string() });
export type IssuedScimToken = z.infer<typeof IssuedScimToken>;

export const scimTokenPrefix = 'attest_scim_';

/** The `detail` of SCIM errors (RFC 7644 §3.12) and the console's words. */
export const scimMessages = {
  tokenMissing: 'Send the organisation’s SCIM token as "Authorization: Bearer <token>".',
  tokenInvalid: 'This SCIM token is not valid: it was revoked or replaced. Make a new one in the console.',
  notFound: (id: string) => `No staff user ${id} is provisioned here.`,
  userNameRequired: 'userName is required: the person’s work e-mail.',
  userNameNotEmail: 'userName must be the person’s work e-mail address.',
  userNameTaken: 'A staff user with this userName (e-mail) already exists.',
  userNameChanged: 'userName cannot change: it is the e-mail the person signs in with.',
  passwordRefused: 'Attest does not take passwords over SCIM: provisioned staff sign in with single sign-on.',
  unknownRole: (value: string) => `Unknown role "${value}": use admin, editor, reviewer or viewer.`,
  ownerRole: 'Owners are made and changed in the console by an owner, not over SCIM.',
  lastOwner: 'This is the last active owner: make another owner in the console first.',
  serverFault: 'The server could not complete the request. Try again.',
  notSupported: 'Attest offers Users, ServiceProviderConfig, ResourceTypes and Schemas over SCIM; not this.',
  revoked: 'Provisioning is off: the identity provider’s token no longer works.',
} as const;
