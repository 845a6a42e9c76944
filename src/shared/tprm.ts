import { z } from 'zod';
import { CardKind } from './card-kinds';
import { EnabledState } from './cards';
import { limits } from './limits';

export const tprmLimits = {
  tokenLifetimeHours: 24,
  partnerNameMaxLength: 100,
  copiedResetMs: 5000,
} as const;

export const tprmMessages = {
  disabled: 'Sending data to a TPRM tool is not enabled for this trust center.',
  memberRequired: 'Sign in with an account that has access to send data to a TPRM tool.',
  partnerNotFound: 'This TPRM partner does not exist.',
  tokenNotFound: 'This token does not exist.',
  tokenAlreadyViewed:
    'This token has already been viewed. Tokens cannot be viewed more than once: generate a new one.',
  tokenMissing: 'Send the token in the Authorization header: Bearer <token>.',
  tokenInvalid: 'The token is not valid: it was not issued by this trust center or was altered.',
  tokenExpired: 'The token has expired. Tokens are valid for 24 hours: ask for a new one.',
  tokenAlreadyUsed: 'The token has already been used. Each token can be redeemed once: ask for a new one.',
  tokenAccessEnded: 'The account this token was issued for no longer has access to this trust center.',
  partnerNameTaken: 'A partner with this name already exists.',
  instructionsUrlInvalid: 'Please enter a valid URL.',
} as const;

/** The dialog's texts (spec 2 §2 TPRM). */
export const tprmTexts = {
  title: 'Send data to TPRM tool',
  pickPartner: 'Choose the tool to send your data to',
  noPartners: 'No TPRM partners are set up yet.',
  next: 'Next',
  back: 'Back',
  done: 'Done',
  copy: 'Copy',
  copied: 'Copied',
  tokenLabel: 'Your token',
  expiryNote: 'Tokens expire after 24 hours and cannot be viewed more than once.',
  instructions: (partner: string) => `How to use this token in ${partner}`,
  failed: 'The token could not be generated.',
} as const;

const HttpsUrl = z
  .string()
  .trim()
  .max(limits.urlMaxLength, tprmMessages.instructionsUrlInvalid)
  .url(tprmMessages.instructionsUrlInvalid)
  .refine((value) => /^https?:\/\//i.test(value), tprmMessages.instructionsUrlInvalid);

export const PartnerInput = z.object({
  name: z.string().trim().min(1, 'Please enter a name.').max(tprmLimits.partnerNameMaxLength),
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .max(253)
    .regex(/^$|^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/, 'Enter a domain like example.com')
    .transform((value) => value || null)
    .nullable()
    .default(null),
  instructionsUrl: HttpsUrl.nullable().default(null),
});
export type PartnerInput = z.input<typeof PartnerInput>;

/** Spec 2 §3 Partner, with its instructions link. */
export const Partner = z.object({
  id: z.string().uuid(),
  name: z.string(),
  domain: z.string().nullable(),
  instructionsUrl: z.string().nullable(),
});
export type Partner = z.infer<typeof Partner>;
export const PartnerList = z.object({ partners: z.array(Partner) });
export type PartnerList = z.infer<typeof PartnerList>;

export const IssueTokenInput = z.object({ partnerId: z.string().uuid() });
export const IssuedToken = z.object({ tokenId: z.string().uuid(), expiresAt: z.string() });
export type IssuedToken = z.infer<typeof IssuedToken>;

/** GET …/external/:partnerId/jwt/ (spec 2 §7): the token, shown once. */
export const TprmJwtResult = z.object({
  result: z.object({
    token: z.string(),
    expiresAt: z.string(),
    partner: Partner,
    exportUrl: z.string(),
  }),
});
export type TprmJwtResult = z.infer<typeof TprmJwtResult>;

/*
 * The trust export: what one account may see (redeemed with a TPRM token), or the public part
 * (/.well-known/trust.json). Stable: fields are only ever added within a schemaVersion.
 */
export const trustExportSchemaVersion = '1.0';

const ExportItemContent = z.object({
  explanation: z.string().nullable(),
  href: z.string().nullable(),
  listEntries: z.array(z.string()).nullable(),
  type: z.string().nullable(),
  maturity: z.string().nullable(),
  recurrence: z.string().nullable(),
  auditor: z.string().nullable(),
  expiry: z.string().nullable(),
});

export const TrustExportItem = z.object({
  itemUid: z.string().uuid(),
  card: CardKind,
  cardTitle: z.string(),
  title: z.string(),
  status: EnabledState,
  access: z.enum(['public', 'restricted']),
  /** null when the item is shown but its content is withheld (access can be requested on the page). */
  content: ExportItemContent.nullable(),
  modifiedAt: z.string().nullable(),
});

export const TrustExportCertification = z.object({
  itemUid: z.string().uuid(),
  title: z.string(),
  status: EnabledState,
  catalogueKey: z.string().nullable(),
  auditor: z.string().nullable(),
  expiry: z.string().nullable(),
});

export const TrustExportDocument = z.object({
  documentId: z.string().uuid(),
  itemUid: z.string().uuid(),
  kind: z.enum(['file', 'letter']),
  title: z.string(),
  originalName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  canDownload: z.boolean(),
});

export const TrustExportSubprocessor = z.object({
  name: z.string(),
  domain: z.string().nullable(),
  purpose: z.string(),
  location: z.string(),
  additionalDetails: z.string(),
});

export const TrustExportProduct = z.object({
  productId: z.string().uuid(),
  name: z.string(),
  slug: z.string(),
  items: z.array(TrustExportItem),
  certifications: z.array(TrustExportCertification),
  documents: z.array(TrustExportDocument),
  subprocessors: z.array(TrustExportSubprocessor),
});

export const TrustExport = z.object({
  schema: z.literal('attest.trust-export'),
  schemaVersion: z.literal(trustExportSchemaVersion),
  generatedAt: z.string(),
  audience: z.enum(['public', 'account']),
  organisation: z.object({
    name: z.string(),
    slug: z.string(),
    websiteUrl: z.string().nullable(),
    portalUrl: z.string(),
  }),
  account: z.object({ id: z.string().uuid(), name: z.string() }).nullable(),
  partner: z.object({ id: z.string().uuid(), name: z.string() }).nullable(),
  products: z.array(TrustExportProduct),
});
export type TrustExport = z.infer<typeof TrustExport>;
