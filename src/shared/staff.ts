import { z } from 'zod';
import { CookieBannerInput, ScriptsInput } from './consent';
import { DocumentAccessType } from './documents';
import { LocaleSchema } from './i18n/locale-schema';
import { locales } from './i18n/locales';
import { limits } from './limits';
import { messages } from './messages';
import { StaffPermission, StaffRole } from './permissions';
import {
  ContactAction,
  PortalCustomisation,
  PortalCustomisationView,
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
    role: StaffRole,
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
  // Whole object, like the help rows: the request form's optional fields are saved together.
  accessRequestFields: z.strictObject({
    jobTitleTextField: z.boolean(),
    pointOfContactField: z.boolean(),
    relationshipDropdown: z.boolean(),
    countriesDropdown: z.boolean(),
    accountMemberRequestProducts: z.boolean(),
    customCheckbox: z.strictObject({
      isEnabled: z.boolean(),
      label: z.string().trim().max(500),
      isRequired: z.boolean(),
    }),
  }),
  showAppLoginInstructions: z.boolean(),
  documentAccessType: DocumentAccessType,
  bulkDownloadEnabled: z.boolean(),
  genAiEnabled: z.boolean(),
  commentsEnabled: z.boolean(),
  questionnairesEnabled: z.boolean(),
  partnerImportEnabled: z.boolean(),
  // Whole objects: the five script ids are saved together; null removes the cookie banner.
  scripts: ScriptsInput,
  cookieBanner: CookieBannerInput.nullable(),
  /** The default is always offered, whether or not it is in the list (shared/i18n/locales.ts). */
  defaultLocale: LocaleSchema,
  offeredLocales: z
    .array(LocaleSchema)
    .max(locales.length)
    .transform((chosen) => [...new Set(chosen)]),
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
  customisation: PortalCustomisationView,
});
export type OrganisationSettings = z.infer<typeof OrganisationSettings>;

/** Input of the create-staff command; without a role the new user is an owner (the command bootstraps). */
export const NewStaffUser = z.object({
  organisationSlug: Slug,
  organisationName: z.string().trim().min(1).max(limits.organisationNameMaxLength).optional(),
  email: EmailAddress,
  name: StaffName,
  password: NewPassword,
  role: StaffRole.optional(),
});
export type NewStaffUser = z.input<typeof NewStaffUser>;

/** A host name staff own, like trust.example.com: no scheme, path, port or IP address. */
export const CustomDomainName = z
  .string()
  .trim()
  .toLowerCase()
  .transform((value) => value.replace(/\.$/, ''))
  .pipe(
    z
      .string()
      .min(1, 'Enter a domain name like trust.example.com')
      .max(253, 'A domain name has at most 253 characters')
      .refine((value) => !/[/:@?#\s]/.test(value), 'Enter only the domain name, without https:// or a path')
      .refine(
        (value) =>
          /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/.test(value),
        'Not a valid domain name (for example trust.example.com)',
      ),
  );

export const CustomDomainInput = z.strictObject({ domain: CustomDomainName });
export type CustomDomainInput = z.input<typeof CustomDomainInput>;

/** The domain staff asked for, the TXT record that proves it, and the domain in use. */
export const CustomDomainStatus = z.object({
  /** The domain portals answer on: set only once its TXT record was found. */
  activeDomain: z.string().nullable(),
  claim: z
    .object({
      domain: z.string(),
      recordName: z.string(),
      recordValue: z.string(),
      isVerified: z.boolean(),
      verifiedAt: z.string().nullable(),
      lastCheckedAt: z.string().nullable(),
    })
    .nullable(),
});
export type CustomDomainStatus = z.infer<typeof CustomDomainStatus>;

/** Switches of a self-hosted instance per organisation (PlanFeatures in cards.ts). */
export const PlanFeaturesPatch = z
  .strictObject({
    replaceIcons: z.boolean(),
    cardTitleRenaming: z.boolean(),
    sectionCustomization: z.boolean(),
    restrictedFiles: z.boolean(),
    trustCenterAi: z.boolean(),
    integrations: z.boolean(),
    bridgeLetters: z.boolean(),
  })
  .partial();
export type PlanFeaturesPatch = z.infer<typeof PlanFeaturesPatch>;
