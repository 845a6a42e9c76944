import { z } from 'zod';
import { SectionKind } from './card-kinds';
import { CardView, PlanFeatures } from './cards';
import { CookieBanner, Scripts, ScriptsView, StoredCookieBanner } from './consent';
import { DocumentAccessType, DocumentsView } from './documents';
import { LocaleSchema } from './i18n/locale-schema';
import { defaultLocale } from './i18n/locales';
import { limits } from './limits';
import { messages } from './messages';
import { SpecialisedView } from './specialised-cards';

export const ViewerMode = z.enum(['main', 'public', 'preview', 'account_external']);
export type ViewerMode = z.infer<typeof ViewerMode>;

export const PublicAccessLevel = z.enum(['minimal', 'public_content_only', 'full']);
export type PublicAccessLevel = z.infer<typeof PublicAccessLevel>;

export const ReviewStatus = z.enum(['approved', 'declined', 'pending', 'other']);
export type ReviewStatus = z.infer<typeof ReviewStatus>;

export const Slug = z
  .string()
  .min(1)
  .max(limits.slugMaxLength)
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, 'Use lower-case letters, digits and hyphens');

/** What a help row does when clicked (spec 3 §3): write to its mailbox or open its site. */
export const ContactAction = z.enum(['send_email', 'direct_to_site']);
export type ContactAction = z.infer<typeof ContactAction>;

/** Size of the 'Start your security review' banner; the spec hides its values, these are ours. */
export const SecurityReviewBanner = z.enum(['none', 'small', 'medium']);
export type SecurityReviewBanner = z.infer<typeof SecurityReviewBanner>;

/** customisation.accessRequestFields: which optional request fields show (spec 3 §3). */
export const AccessRequestFields = z.object({
  jobTitleTextField: z.boolean().default(false),
  pointOfContactField: z.boolean().default(false),
  relationshipDropdown: z.boolean().default(false),
  countriesDropdown: z.boolean().default(false),
  accountMemberRequestProducts: z.boolean().default(false),
  customCheckbox: z
    .object({
      isEnabled: z.boolean().default(false),
      label: z.string().max(500).default(''),
      isRequired: z.boolean().default(false),
    })
    .prefault({}),
});
export type AccessRequestFields = z.infer<typeof AccessRequestFields>;

export const PortalCustomisation = z.object({
  portalTitle: z.string().min(1).max(limits.portalTitleMaxLength).default('Trust Center'),
  showPortalTitle: z.boolean().default(true),
  publicAccessLevel: PublicAccessLevel.default('full'),
  accentColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #1d4ed8')
    .default('#1d4ed8'),
  subscribeEnabled: z.boolean().default(true),
  disablePoweredBy: z.boolean().default(false),
  termsOfServiceUrl: z.string().url().nullable().default(null),
  privacyNoticeUrl: z.string().url().nullable().default(null),
  description: z.string().max(300).default(''),
  // Help section and banner (spec 3 §2, §3); all off until staff turn them on.
  supportMailbox: z.string().nullable().default(null),
  securityMailbox: z.string().nullable().default(null),
  contactSupport: z
    .object({
      onClickAction: ContactAction.default('send_email'),
      supportUrl: z.string().nullable().default(null),
      isEnabled: z.boolean().default(false),
    })
    .prefault({}),
  reportIssue: z
    .object({
      onClickAction: ContactAction.default('send_email'),
      reportUrl: z.string().nullable().default(null),
      isEnabled: z.boolean().default(false),
    })
    .prefault({}),
  securityReviewBanner: SecurityReviewBanner.default('none'),
  askInformation: z.boolean().default(false),
  // Access (spec 3 §3): optional request fields, and the login tab's 'work at …' hint.
  accessRequestFields: AccessRequestFields.prefault({}),
  showAppLoginInstructions: z.boolean().default(true),
  // Documents (spec 2 §6).
  documentAccessType: DocumentAccessType.default('view_and_download'),
  bulkDownloadEnabled: z.boolean().default(true),
  /** Ask AI answers for signed-in accounts (spec 1 §4 genAiEnabled); off until staff turn it on. */
  genAiEnabled: z.boolean().default(false),
  // Collaboration for external members (spec 2 §6): each off until staff turn it on.
  commentsEnabled: z.boolean().default(false),
  questionnairesEnabled: z.boolean().default(false),
  /** The 'partner import' feature: members may send data to a TPRM partner (when partners exist). */
  partnerImportEnabled: z.boolean().default(false),
  // Third-party scripts and the cookie banner (spec 1 §3); stored values are read leniently.
  scripts: Scripts.prefault({}).catch(() => Scripts.parse({})),
  cookieBanner: StoredCookieBanner,
  /** The portal's languages (issue 35): the default, and which others visitors may choose. */
  defaultLocale: LocaleSchema.catch(defaultLocale).default(defaultLocale),
  offeredLocales: z.array(LocaleSchema).catch([defaultLocale]).default([defaultLocale]),
});
export type PortalCustomisation = z.infer<typeof PortalCustomisation>;

/**
 * The customisation in an answer: what PortalCustomisation reads, with its lenient stored-value
 * transforms replaced by their output shapes (fastify-type-provider-zod 7 encodes responses, and a
 * one-way transform cannot be encoded).
 */
export const PortalCustomisationView = PortalCustomisation.extend({
  scripts: ScriptsView,
  cookieBanner: CookieBanner.nullable(),
});

export const ProductSummary = z.object({
  productId: z.string().uuid(),
  productName: z.string(),
  productSlug: z.string(),
  isDefault: z.boolean(),
  bannerUrl: z.string().nullable(),
  revision: z.number().int(),
});
export type ProductSummary = z.infer<typeof ProductSummary>;

export const ProductLink = z.object({ name: z.string(), link: z.string() });
export type ProductLink = z.infer<typeof ProductLink>;

export const ViewerSummary = z.object({
  mode: ViewerMode,
  staff: z.object({ name: z.string(), email: z.string(), canEdit: z.boolean() }).nullable(),
  /** The signed-in account member (spec 3 §3 Account user), also in Public mode when not authorised. */
  member: z
    .object({
      email: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      accountId: z.string().uuid(),
      accountName: z.string(),
      reviewStatus: ReviewStatus,
      /** Approved, but the access's end date has passed (the member is in Public mode). */
      isAccessExpired: z.boolean().optional(),
      /** When the member's access ends (ISO), only while they have access that ends. */
      accessExpiresAt: z.string().optional(),
      isAutoApprovedAccountMember: z.boolean(),
    })
    .nullable(),
  preview: z
    .object({
      accountId: z.string().uuid().nullable(),
      permissionProfileId: z.string().uuid().nullable(),
      /** Names for the preview bar; null when the id names nothing of this organisation. */
      accountName: z.string().nullable().optional(),
      permissionProfileName: z.string().nullable().optional(),
    })
    .nullable(),
});
export type ViewerSummary = z.infer<typeof ViewerSummary>;
/** The signed-in account member as their page shows them. */
export type PortalMember = NonNullable<ViewerSummary['member']>;

/** The page model of GET {base}/view: what the portal shell needs; later issues add to it. */
export const PortalView = z.object({
  organisation: z.object({
    id: z.string().uuid(),
    slug: z.string(),
    name: z.string(),
    websiteUrl: z.string().nullable(),
    logoUrl: z.string().nullable(),
    faviconUrl: z.string().nullable(),
    bannerUrl: z.string().nullable(),
    updatedAt: z.string(),
  }),
  customisation: PortalCustomisation,
  product: ProductSummary,
  products: z.array(ProductSummary),
  productLinks: z.array(ProductLink),
  viewer: ViewerSummary,
  /** Section order of the product and its cards, as this viewer may see them (cards issue). */
  sections: z.array(SectionKind),
  cards: z.array(CardView),
  /** Files of the documents card the viewer may read, and the featured order (documents issue). */
  documents: DocumentsView,
  /** Data of the specialised cards the viewer may read (specialised cards issue). */
  specialised: SpecialisedView.optional(),
  planFeatures: PlanFeatures,
  publicUrl: z.string(),
  platform: z.object({
    homeUrl: z.string(),
    termsOfServiceUrl: z.string().nullable(),
    privacyNoticeUrl: z.string().nullable(),
  }),
});
export type PortalView = z.infer<typeof PortalView>;

/** Query parameters the portal page reads (spec 1 §2); every value bounded so oversize input is a 400. */
const queryValue = z.string().max(limits.queryValueMaxLength);
/** The ids staff preview as (spec 1 §2 accountId, permissionProfileId); each must name one of theirs. */
export const PreviewTargetIds = z.object({
  accountId: z.uuid({ error: messages.previewAccountNotFound }).nullable(),
  permissionProfileId: z.uuid({ error: messages.previewProfileNotFound }).nullable(),
});
export type PreviewTargetIds = z.infer<typeof PreviewTargetIds>;

export const PortalQuery = z
  .object({
    edit: queryValue,
    source: queryValue,
    loginRequest: queryValue,
    requestAccess: queryValue,
    tcuUid: queryValue,
    itemUid: queryValue,
    itemName: queryValue,
    product: Slug,
    productId: z.string().uuid(),
    byoidJwt: queryValue,
    permissionProfileId: z.string().uuid(),
    accountId: z.string().uuid(),
    inviteToken: queryValue,
    inviteColleagues: queryValue,
    accessTokens: queryValue,
    subscribe: queryValue,
    subscribeStatus: z.enum(['Confirmed', 'Blocked', 'TokenInvalid']),
    unsubscribeToken: queryValue,
    /** The page's language; one the organisation does not offer is ignored, not refused. */
    lang: queryValue,
  })
  .partial();
export type PortalQuery = z.infer<typeof PortalQuery>;

/** A website address without a scheme gets https:// prefixed (spec 1 §5). */
export function withScheme(address: string | null | undefined): string | null {
  const trimmed = address?.trim();
  if (!trimmed) return null;
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}
