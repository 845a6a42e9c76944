import { z } from 'zod';

/** Personal access tokens of members (issue 36): for agents and scripts acting as that member. */
export const accessTokenLimits = {
  nameMaxLength: 80,
  /** Live tokens one member may hold at once. */
  perMemberMax: 10,
  expiryDaysChoices: [7, 30, 90, 365] as const,
  defaultExpiryDays: 90,
} as const;

/** Every token starts so; secret scanners and people can tell what a leaked string is. */
export const accessTokenPrefix = 'attest_pat_';

export const accessTokenMessages = {
  nameRequired: 'Give the token a name, such as the tool that will use it',
  nameTooLong: `Names are at most ${accessTokenLimits.nameMaxLength} characters`,
  expiryChoice: `Choose an expiry of ${accessTokenLimits.expiryDaysChoices.join(', ')} days`,
  tooMany: `You already have ${accessTokenLimits.perMemberMax} tokens; revoke one first`,
  notFound: 'There is no such token',
  signInRequired: 'Sign in as a member of an approved account to manage access tokens',
  invalid: 'This access token is not valid: it is unknown, revoked or expired',
  accessEnded: "This access token no longer works: its owner's access has ended",
  readOnly: 'Access tokens are read-only: this request changes something, so sign in in a browser',
  wrongOrganisation: 'This access token belongs to another trust center',
} as const;

export const CreateAccessToken = z.object({
  name: z
    .string()
    .trim()
    .min(1, accessTokenMessages.nameRequired)
    .max(accessTokenLimits.nameMaxLength, accessTokenMessages.nameTooLong),
  expiresInDays: z
    .number()
    .int()
    .refine((days) => (accessTokenLimits.expiryDaysChoices as readonly number[]).includes(days), {
      message: accessTokenMessages.expiryChoice,
    })
    .default(accessTokenLimits.defaultExpiryDays),
});
export type CreateAccessToken = z.input<typeof CreateAccessToken>;

export const AccessTokenView = z.object({
  id: z.string().uuid(),
  name: z.string(),
  /** The first characters of the token, e.g. "attest_pat_Xy3k…". */
  prefix: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type AccessTokenView = z.infer<typeof AccessTokenView>;

export const AccessTokenList = z.object({ tokens: z.array(AccessTokenView) });
export type AccessTokenList = z.infer<typeof AccessTokenList>;

/** The answer to creating a token: the only time its value is shown. */
export const CreatedAccessToken = z.object({ token: z.string(), view: AccessTokenView });
export type CreatedAccessToken = z.infer<typeof CreatedAccessToken>;

/** Staff's view of an account's tokens: whose each one is. */
export const AccountAccessTokenList = z.object({
  tokens: z.array(AccessTokenView.extend({ memberEmail: z.string() })),
});
export type AccountAccessTokenList = z.infer<typeof AccountAccessTokenList>;
