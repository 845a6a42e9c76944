import { z } from 'zod';
import { limits } from './limits';
import { messages } from './messages';
import { StaffPermission } from './permissions';
import {
  ContactAction,
  PortalCustomisation,
  PublicAccessLevel,
  SecurityReviewBanner,
  Slug,
  withScheme,
} from './portal';

/** Trimmed and lower-cased, so sign-in and the unique index agree on one spelling of an address. */
export const EmailAddress = z
  .string()
  .trim()
  .toLowerCase()
  .max(limits.emailMaxLength)
  .pipe(z.email({ pattern: z.regexes.html5Email, message: messages.invalidEmail }));

export const NewPassword = z
  .string()
  .min(limits.passwordMinLength, messages.passwordTooShort(limits.passwordMinLength))
  .max(limits.passwordMaxLength);

export const StaffName = z.string().trim().min(1).max(limits.staffNameMaxLength);

export const SignInInput = z.object({
  email: EmailAddress,
  // Any length up to the maximum: the minimum applies when a password is chosen, not when it is tried.
  password: z.string().min(1).max(limits.passwordMaxLength),
});
export type SignInInput = z.infer<typeof SignInInput>;

/** What sign-in and GET /api/auth/session answer: who is signed in, where, and the CSRF token. */
export const StaffSession = z.object({
  staff: z.object({
    id: z.string().uuid(),
    name: z.string(),
    email: z.string(),
    permissions: z.array(StaffPermission),
  }),
  organisation: z.object({ id: z.string().uuid(), slug: z.string(), name: z.string() }),
  csrfToken: z.string(),
});
export type StaffSession = z.infer<typeof StaffSession>;

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(withScheme(value) ?? '');
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** An empty field clears the address; anything else must be an http(s) address (never javascript:). */
const OptionalWebAddress = z
  .string()
  .trim()
  .max(limits.urlMaxLength)
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .refine((value) => value === null || isWebAddress(value), messages.invalidWebAddress);

const OptionalAbsoluteUrl = OptionalWebAddress.refine(
  (value) => value === null || /^https?:\/\//i.test(value),
  messages.invalidWebAddress,
);

/** An empty field clears the mailbox; anything else must be an e-mail address. */
const OptionalMailbox = z
  .string()
  .trim()
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .pipe(EmailAddress.nullable());

const customisation = PortalCustomisation.shape;

/** Every field optional and without defaults: a PATCH changes only what it names. */
export const PortalCustomisationPatch = z.strictObject({
  portalTitle: z.string().trim().min(1).max(limits.portalTitleMaxLength),
  showPortalTitle: z.boolean(),
  description: z.string().trim().pipe(customisation.description.unwrap()),
  accentColor: customisation.accentColor.unwrap(),
  publicAccessLevel: PublicAccessLevel,
  subscribeEnabled: z.boolean(),
  disablePoweredBy: z.boolean(),
  termsOfServiceUrl: OptionalAbsoluteUrl,
  privacyNoticeUrl: OptionalAbsoluteUrl,
  supportMailbox: OptionalMailbox,
  securityMailbox: OptionalMailbox,
  // Whole objects: a PATCH replaces a help row's settings together, never half of them.
  contactSupport: z.strictObject({
    onClickAction: ContactAction,
    supportUrl: OptionalAbsoluteUrl,
    isEnabled: z.boolean(),
  }),
  reportIssue: z.strictObject({
    onClickAction: ContactAction,
    reportUrl: OptionalAbsoluteUrl,
    isEnabled: z.boolean(),
  }),
  securityReviewBanner: SecurityReviewBanner,
  askInformation: z.boolean(),
});

export const OrganisationSettingsPatch = z.strictObject({
  name: z.string().trim().min(1).max(limits.organisationNameMaxLength).optional(),
  websiteUrl: OptionalWebAddress.optional(),
  customisation: PortalCustomisationPatch.partial().optional(),
});
export type OrganisationSettingsPatch = z.input<typeof OrganisationSettingsPatch>;

export const OrganisationSettings = z.object({
  name: z.string(),
  slug: z.string(),
  websiteUrl: z.string().nullable(),
  customisation: PortalCustomisation,
});
export type OrganisationSettings = z.infer<typeof OrganisationSettings>;

/** Input of the create-staff command; without permissions the new user gets all of them. */
export const NewStaffUser = z.object({
  organisationSlug: Slug,
  organisationName: z.string().trim().min(1).max(limits.organisationNameMaxLength).optional(),
  email: EmailAddress,
  name: StaffName,
  password: NewPassword,
  permissions: z.array(StaffPermission).optional(),
});
export type NewStaffUser = z.input<typeof NewStaffUser>;
