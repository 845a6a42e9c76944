import { z } from 'zod';
import { limits } from './limits';
import { type AccessRequestFields, ReviewStatus } from './portal';

export { AccessRequestFields } from './portal';

/**
 * Access requests, work-e-mail sign-in, invites, NDA and the staff review API (spec 3 §3–§8).
 * The form schemas are built from the organisation's field settings so web and server apply the
 * same rules with the same messages.
 */

export const accessMessages = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  /** The spec keeps the shared name rule's wording hidden; ours names both limits. */
  nameInvalid: `Use letters, spaces, hyphens, apostrophes and periods only (at most ${limits.personNameMaxLength} characters)`,
  emailRequired: 'Email is required',
  emailInvalid: 'This email is invalid',
  loginEmailRequired: 'You must provide an email.',
  loginEmailInvalid: 'This email is invalid.',
  companyNameRequired: 'Company name is required',
  companyNameLength: `Company name must be ${limits.companyNameMinLength}–${limits.companyNameMaxLength} characters`,
  agreeRequired: 'You must agree to the terms',
  fieldRequired: 'This field is required',
  validEmail: 'Please enter a valid email',
  pointOfContactHint: "Enter your contact's email within this organization",
  selectProduct: 'Please select at least one product',
  notWorkEmail: 'Please use your work email.',
  unknownError: 'Unfortunately, an unknown error has occurred.',
  alreadyHasAccess: 'You already have access.',
  alreadyRequested: 'You have already requested access to this account.',
  extendError: 'An error occurred, please try again.',
  inviteRequired: 'Required',
  inviteInvalid: (value: string) => `"${value}" is not a valid email`,
  inviteDuplicate: (value: string) => `"${value}" has already been added`,
  inviteFailedTitle: 'Problem inviting your colleagues',
  inviteFailedText:
    'There was an issue inviting your colleagues. Please try again, or contact us if the problem persists.',
  ndaDownloadFailed: 'Failed to download NDA. Please contact support.',
  requestAccessTitle: 'Request Access',
  submitRequest: 'Submit Request',
  continue: 'Continue',
  changeEmailAddress: 'Change email address',
  signInLinkInvalid: 'This sign-in link is not valid or has expired. Request a new one from the portal.',
  extensionLinkInvalid:
    'This link to request more time is not valid or has expired. Sign in to the portal to see your access.',
  inviteTokenInvalid: 'This invitation is not valid or has expired.',
  byoidTokenInvalid: 'This sign-in token is not valid or has expired.',
  jwksUrlNotAllowed: 'This key address is not allowed: use an https address on the public internet.',
  byoidTokenUsed: 'This sign-in token was already used. Sign in again through your identity provider.',
  ndaRequired: 'Please accept the NDA to view restricted documents.',
  ndaChanged: 'The NDA has changed since you accepted it. Please review and accept it again.',
} as const;

export const accessLimits = {
  requestTimeoutMs: 120_000,
  signInLinkMinutes: 15,
  inviteDays: 14,
  accessDaysMin: 1,
  accessDaysMax: 365,
  inviteEmailsMax: 20,
  inviteMessageMaxLength: 1000,
  inviteMessageRows: 7,
  ndaReminderMs: 20_000,
  ndaErrorToastMs: 10_000,
  declineReasonMaxLength: 1000,
  ndaBodyMaxLength: 200_000,
  loginPerIpPerMinute: 10,
  loginPerAddressPerHour: 10,
  requestPerIpPerMinute: 5,
  requestPerAddressPerHour: 5,
  invitePerMemberPerHour: 10,
  /** The expiry reminder goes out this many days before access ends (access settings; 0 = off). */
  expiryReminderDaysDefault: 14,
  expiryReminderDaysMax: 90,
  /** A reminder's "Request more time" link works until this long after the end date it reminds of. */
  extensionLinkDaysAfterEnd: 30,
  extensionLinkPerIpPerMinute: 20,
} as const;

/** Spec 3 §3 requester types (the relationship dropdown). */
export const RequesterType = z.enum([
  'customer',
  'prospective_customer',
  'vendor',
  'partner',
  'regulator_auditor',
  'researcher',
  'other',
]);
export type RequesterType = z.infer<typeof RequesterType>;
export const requesterTypeLabels: Record<RequesterType, string> = {
  customer: 'Customer',
  prospective_customer: 'Prospective customer',
  vendor: 'Vendor',
  partner: 'Partner',
  regulator_auditor: 'Regulator / Auditor',
  researcher: 'Researcher',
  other: 'Other',
};

const namePattern = /^[\p{L}\p{M}' .-]+$/u;
const personName = (requiredMessage: string) =>
  z
    .string()
    .trim()
    .min(1, requiredMessage)
    .max(limits.personNameMaxLength, accessMessages.nameInvalid)
    .regex(namePattern, accessMessages.nameInvalid);

export const AccessEmail = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, accessMessages.emailRequired)
  .max(limits.emailMaxLength, accessMessages.emailInvalid)
  .regex(z.regexes.email, accessMessages.emailInvalid);

const optionalText = z.string().trim().max(200).optional();
const token = z.string().max(limits.queryValueMaxLength).optional();

/** The request payload of spec 3 §3 before the organisation's field rules apply. */
export const AccessRequestBase = z.object({
  firstName: personName(accessMessages.firstNameRequired),
  lastName: personName(accessMessages.lastNameRequired),
  email: AccessEmail,
  companyName: z
    .string()
    .trim()
    .min(1, accessMessages.companyNameRequired)
    .min(limits.companyNameMinLength, accessMessages.companyNameLength)
    .max(limits.companyNameMaxLength, accessMessages.companyNameLength),
  agree: z.boolean().refine((value) => value, accessMessages.agreeRequired),
  customCheckbox: z.boolean().optional(),
  subscribe: z.boolean().optional(),
  productId: z.string().uuid(),
  itemUid: z.string().uuid().optional(),
  itemKind: z.string().max(100).optional(),
  source: z.string().max(100).optional(),
  invitedColleagueToken: token,
  statusPageCustomizationRevision: z.number().int().optional(),
  jobTitleTextField: optionalText,
  pointOfContactField: z.string().trim().max(limits.emailMaxLength).optional(),
  relationshipDropdown: RequesterType.optional(),
  /** ISO 3166-1 alpha-2 code from the countries list (United States first). */
  countriesDropdown: z.string().length(2).optional(),
  accountMemberRequestProducts: z.array(z.string().uuid()).max(100).optional(),
});
export type AccessRequestInput = z.input<typeof AccessRequestBase>;

/** The request form's rules for one organisation's field settings (spec 3 §5); server and web share it. */
export function accessRequestSchema(fields: AccessRequestFields) {
  return AccessRequestBase.superRefine((value, context) => {
    const require = (path: string, present: boolean, message: string = accessMessages.fieldRequired) => {
      if (!present) context.addIssue({ code: 'custom', path: [path], message });
    };
    if (fields.customCheckbox.isEnabled && fields.customCheckbox.isRequired) {
      require('customCheckbox', value.customCheckbox === true);
    }
    if (fields.jobTitleTextField) require('jobTitleTextField', Boolean(value.jobTitleTextField));
    if (fields.pointOfContactField) {
      const contact = value.pointOfContactField ?? '';
      require('pointOfContactField', z.regexes.email.test(contact), accessMessages.validEmail);
    }
    if (fields.relationshipDropdown) require('relationshipDropdown', Boolean(value.relationshipDropdown));
    if (fields.countriesDropdown) require('countriesDropdown', Boolean(value.countriesDropdown));
    if (fields.accountMemberRequestProducts) {
      require('accountMemberRequestProducts', (value.accountMemberRequestProducts?.length ?? 0) >
        0, accessMessages.selectProduct);
    }
  });
}

export const LoginInput = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, accessMessages.loginEmailRequired)
    .max(limits.emailMaxLength, accessMessages.loginEmailInvalid)
    .regex(z.regexes.email, accessMessages.loginEmailInvalid),
  productId: z.string().uuid().optional(),
  inviteToken: token,
});
export type LoginInput = z.input<typeof LoginInput>;

/**
 * Outcomes of POST {base}/login (spec 3 §4). Sign-in never grants access by itself: 'check_email'
 * means a one-time link was e-mailed to an authorised member.
 */
export const LoginOutcome = z.enum([
  'check_email',
  'access_expired',
  'pending_request',
  'request_declined',
  'request_declined_third_party',
  'request_access_auto_declined',
  'request_declined_blocked_domain',
  'email_not_recognised',
  'not_work_email',
]);
export type LoginOutcome = z.infer<typeof LoginOutcome>;
export const LoginResult = z.object({ outcome: LoginOutcome, email: z.string() });
export type LoginResult = z.infer<typeof LoginResult>;

/** Outcomes of POST {base}/request (spec 3 §3 feedback types, §4 request outcomes). */
export const RequestOutcome = z.enum([
  'pending',
  'auto_approved',
  'account_already_exists',
  'access_expired',
  'pending_request',
  'request_declined',
  'request_declined_third_party',
  'request_access_auto_declined',
  'request_declined_blocked_domain',
  'request_approved',
  'not_work_email',
  'unique_violation',
]);
export type RequestOutcome = z.infer<typeof RequestOutcome>;
export const RequestResult = z.object({ outcome: RequestOutcome, email: z.string() });
export type RequestResult = z.infer<typeof RequestResult>;

export const ExtendAccessCode = z.enum(['success', 'already-has-access', 'already-requested', 'error']);
export type ExtendAccessCode = z.infer<typeof ExtendAccessCode>;
export const ExtendAccessResult = z.object({ code: ExtendAccessCode });

/**
 * POST {base}/request-again: the access-expired dialog's 'Request access again' for a visitor without
 * a session. It answers the extend-access codes; only an expired member's address queues a renewal.
 */
export const RequestAgainInput = LoginInput.omit({ inviteToken: true });
export type RequestAgainInput = z.input<typeof RequestAgainInput>;

export const InviteColleaguesInput = z.object({
  emails: z
    .array(z.string().trim().toLowerCase().max(limits.emailMaxLength).regex(z.regexes.email))
    .min(1, accessMessages.inviteRequired)
    .max(accessLimits.inviteEmailsMax)
    .refine((list) => new Set(list).size === list.length, 'Each address may be added once'),
  message: z
    .string()
    .trim()
    .max(accessLimits.inviteMessageMaxLength)
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export type InviteColleaguesInput = z.input<typeof InviteColleaguesInput>;
export const InviteColleaguesResult = z.object({ ok: z.literal(true) });

export const NdaProvider = z.enum(['none', 'clickwrap']);
export const NdaStatus = z.object({
  passed: z.boolean(),
  provider: NdaProvider,
  email: z.string().nullable(),
  /** The NDA to accept, present when the member still has to accept (the current version). */
  nda: z
    .object({ id: z.string().uuid(), title: z.string(), body: z.string(), sha256: z.string() })
    .nullable(),
  /** True when the member accepted an older version that has since changed. */
  hasChanged: z.boolean(),
});
export type NdaStatus = z.infer<typeof NdaStatus>;

export const AcceptNdaInput = z.object({
  ndaVersionId: z.string().uuid(),
  signerName: z.string().trim().min(1, accessMessages.fieldRequired).max(200),
  agree: z.literal(true, { error: accessMessages.agreeRequired }),
});
export type AcceptNdaInput = z.input<typeof AcceptNdaInput>;

export const SignInConfirmInput = z.object({ token: z.string().min(1).max(limits.queryValueMaxLength) });

/* Staff console API (review queue, accounts, permission profiles, access settings, NDA). */

export const AccessRequestStatus = z.enum([
  'pending',
  'approved',
  'declined',
  'auto_approved',
  'auto_declined',
]);
export type AccessRequestStatus = z.infer<typeof AccessRequestStatus>;

/**
 * 'renewal': an expired member asks for their account's access again; 'extension': a member asks for
 * more time before their access ends (the expiry reminder's link); 'access': everything else.
 */
export const AccessRequestKind = z.enum(['access', 'renewal', 'extension']);
export type AccessRequestKind = z.infer<typeof AccessRequestKind>;

/**
 * Who a decline came from. 'third_party': staff record a decline made by someone outside the
 * organisation's own review, such as the requester's company or the point of contact they named;
 * the requester is then answered request_declined_third_party (spec 3 §3).
 */
export const DeclinedBy = z.enum(['organisation', 'third_party']);
export type DeclinedBy = z.infer<typeof DeclinedBy>;

export const AccessRequestRow = z.object({
  id: z.string().uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  companyName: z.string(),
  jobTitle: z.string().nullable(),
  pointOfContactEmail: z.string().nullable(),
  relationship: RequesterType.nullable(),
  country: z.string().nullable(),
  requestedProductNames: z.array(z.string()),
  productName: z.string().nullable(),
  itemTitle: z.string().nullable(),
  source: z.string().nullable(),
  kind: AccessRequestKind,
  status: AccessRequestStatus,
  declinedBy: DeclinedBy.nullable(),
  decisionReason: z.string().nullable(),
  accountId: z.string().uuid().nullable(),
  accountName: z.string().nullable(),
  invitedBy: z.string().nullable(),
  /** The requester's latest NDA acceptance at this organisation, and whether it is of the current text. */
  nda: z.object({ acceptedAt: z.string(), isCurrent: z.boolean() }).nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type AccessRequestRow = z.infer<typeof AccessRequestRow>;

export const AccessDays = z.number().int().min(accessLimits.accessDaysMin).max(accessLimits.accessDaysMax);
export const ApproveAccessInput = z.object({
  accessDays: AccessDays,
  permissionProfileId: z.string().uuid().nullable().optional(),
});
export const DeclineAccessInput = z.object({
  reason: z.string().trim().max(accessLimits.declineReasonMaxLength).optional(),
  declinedBy: DeclinedBy.default('organisation'),
});

export const AccountMemberRow = z.object({
  id: z.string().uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  isAutoApproved: z.boolean(),
  lastSignInAt: z.string().nullable(),
  ndaAcceptedAt: z.string().nullable(),
});
export const AccountRow = z.object({
  id: z.string().uuid(),
  name: z.string(),
  domain: z.string().nullable(),
  reviewStatus: ReviewStatus,
  accessExpiresAt: z.string().nullable(),
  permissionProfileId: z.string().uuid().nullable(),
  permissionProfileName: z.string().nullable(),
  memberCount: z.number().int(),
  createdAt: z.string(),
});
export type AccountRow = z.infer<typeof AccountRow>;
export const AccountList = z.object({ accounts: z.array(AccountRow) });
export const AccountDetail = AccountRow.extend({ members: z.array(AccountMemberRow) });
export type AccountDetail = z.infer<typeof AccountDetail>;

const Domain = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(
    /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
    'Enter a domain such as example.com',
  );
export const CreateAccountInput = z.object({
  name: z.string().trim().min(1).max(limits.companyNameMaxLength),
  domain: Domain.nullable().optional(),
  accessDays: AccessDays.optional(),
  permissionProfileId: z.string().uuid().nullable().optional(),
});
export const UpdateAccountInput = z
  .object({
    name: z.string().trim().min(1).max(limits.companyNameMaxLength).optional(),
    domain: Domain.nullable().optional(),
    permissionProfileId: z.string().uuid().nullable().optional(),
  })
  .refine((value) => Object.keys(value).length > 0, { message: 'Nothing to change' });
export const ExtendAccountInput = z.object({ accessDays: AccessDays });

export const PermissionProfile = z.object({
  id: z.string().uuid(),
  name: z.string(),
  itemIds: z.array(z.string().uuid()),
  accountCount: z.number().int(),
});
export type PermissionProfile = z.infer<typeof PermissionProfile>;
export const PermissionProfileList = z.object({ profiles: z.array(PermissionProfile) });
export const PermissionProfileInput = z.object({
  name: z.string().trim().min(1).max(100),
  itemIds: z.array(z.string().uuid()).max(5000),
});

export const DomainRule = z.object({ kind: z.enum(['auto_approve', 'blocked']), domain: Domain });
export const AccessSettings = z.object({
  autoApproveAccountMembers: z.boolean(),
  rejectFreeMailDomains: z.boolean(),
  defaultAccessDays: AccessDays,
  /** Days before access ends that members are reminded (with a link to ask for more time); 0 is off. */
  expiryReminderDays: z
    .number({ error: 'Enter a number of days.' })
    .int('Enter a whole number of days.')
    .min(0, 'Enter 0 (no reminder) or more days.')
    .max(
      accessLimits.expiryReminderDaysMax,
      `Remind at most ${accessLimits.expiryReminderDaysMax} days before access ends.`,
    ),
  requireNda: z.boolean(),
  domainRules: z.array(DomainRule).max(1000),
  byoid: z.object({
    /** The secret is write-only: reads say whether one is set. */
    hasSecret: z.boolean(),
    jwksUrl: z.string().url().nullable(),
    issuer: z.string().max(500).nullable(),
  }),
});
export type AccessSettings = z.infer<typeof AccessSettings>;
export const AccessSettingsInput = AccessSettings.omit({ byoid: true }).extend({
  /** Left out, the stored value stays (clients written before the reminder existed keep working). */
  expiryReminderDays: AccessSettings.shape.expiryReminderDays.optional(),
  byoid: z.object({
    /** undefined keeps the stored secret, null removes it. */
    secret: z.string().min(32).max(512).nullable().optional(),
    jwksUrl: z.string().url().nullable(),
    issuer: z.string().max(500).nullable(),
  }),
});

export const NdaVersion = z.object({
  id: z.string().uuid(),
  title: z.string(),
  body: z.string(),
  sha256: z.string(),
  sourceFileName: z.string().nullable(),
  createdAt: z.string(),
  acceptanceCount: z.number().int(),
});
export type NdaVersion = z.infer<typeof NdaVersion>;
export const NdaVersionList = z.object({ versions: z.array(NdaVersion) });
export const NdaVersionInput = z.object({
  title: z.string().trim().min(1).max(200),
  body: z.string().trim().min(1).max(accessLimits.ndaBodyMaxLength),
});

/* Added by the access server: session length, logout answer and the staff's add-member call. */

export const memberAccessLimits = {
  memberSessionDays: 30,
  /** A bring-your-own-identity token may live at most this long (exp − iat). */
  byoidTokenMaxSeconds: 3600,
} as const;

/** POST /api/statuspage/share/auth/logout answers 200 with the page to go to (spec 3 §7). */
export const LogoutResult = z.object({ redirectTo: z.string() });
export type LogoutResult = z.infer<typeof LogoutResult>;

export const AddAccountMemberInput = z.object({
  email: AccessEmail,
  firstName: z.string().trim().max(limits.personNameMaxLength).default(''),
  lastName: z.string().trim().max(limits.personNameMaxLength).default(''),
});
