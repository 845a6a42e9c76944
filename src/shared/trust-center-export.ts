import { z } from 'zod';
import { DomainRule, NdaVersionInput, PermissionProfileInput } from './access';
import { type CardKind, CardKind as CardKindSchema, cardKinds, SectionKind } from './card-kinds';
import { CardTitle, CustomUrlSlug, DisplayText, EnabledState, ItemLink, PlaceholderText } from './cards';
import { CreateProductInput, CreateProductLinkInput } from './console-admin';
import { BridgeLetterType, bridgeLetterLimits, DocumentAccessType, documentLimits } from './documents';
import { itemCatalogue } from './item-catalogue';
import { KbEntryInput } from './knowledge-base';
import { limits } from './limits';
import { countOf } from './plural';
import { riskAnswerError, riskQuestionOfKey } from './risk-profile-catalogue';
import {
  IntegrationKind,
  OverviewInput,
  RiskAnswer,
  SecurityGradeInput,
  SubprocessorInput,
  TrustedByInput,
} from './specialised-cards';
import { OrganisationSettingsPatch, PortalCustomisationPatch } from './staff';
import { PartnerInput } from './tprm';
import { TopicSubject, UpdateAudience, UpdateCategory, UpdateMessage } from './updates';

/**
 * "Trust center as code" (issue 9 item 10): one organisation's whole trust center as one JSON or YAML
 * file, exported by one instance and imported by another (CLI and console), validated by this schema.
 *
 * What it holds: the organisation's name, website and portal customisation (help rows, banner,
 * access-request fields, scripts, cookie banner, feature switches), plan features, logo, favicon and
 * banner images; products (slug, name, visibility, order, banner, section order) with their cards
 * (kind, order, hidden, title, display text, placeholder, icon) and items (catalogue or custom,
 * state, access level, every content field, order, custom URL, documents), the specialised cards'
 * data (risk answers, security grades, trusted-by companies, subprocessors, overview, integrations,
 * bridge letters); product links; documents as METADATA only (title, file name, content type, size,
 * sha256, access type; never bytes: the CLI copies bytes through a directory, see the module); update
 * topics and updates; knowledge-base entries; permission profiles; access settings and domain rules;
 * NDA versions' text; TPRM partners.
 *
 * What it never holds: secrets (the bring-your-own-identity secret, webhook secrets and the webhooks
 * themselves, staff password hashes, sessions, sign-in/invite/TPRM tokens, search keys), people and
 * their activity (staff users — items name their last editor by e-mail only —, accounts and their
 * members, access requests, NDA acceptances, subscribers' addresses and blocks, the addresses an
 * update was sent to, comments, questionnaire submissions, analytics, the audit log) and the custom
 * domain (it must be verified again on the new instance).
 *
 * Records refer to each other by keys that are stable within the file: products by slug, items by
 * their `key`, documents by their `key`. Ids are never exported; an import makes new ones.
 */

export const trustCenterFormat = 'attest.trust-center';
export const trustCenterFormatVersion = 1;
/** An import file, JSON or YAML, at most this many bytes (images travel inline as base64). */
export const trustCenterFileMaxBytes = 20 * 1024 * 1024;
/** Nesting of objects and lists an import file may have: a real file needs about 10 levels. */
export const trustCenterFileMaxDepth = 64;
/** Inline images (logo, favicon, banners, card icons), decoded. */
export const trustCenterImageMaxBytes = 2 * 1024 * 1024;

export const trustCenterMessages = {
  format: `Not an Attest trust center file: "format" must be "${trustCenterFormat}"`,
  version: (found: unknown) =>
    `This file has format version ${JSON.stringify(found)}; this Attest reads version ${trustCenterFormatVersion}`,
  duplicateKey: (key: string) => `Duplicate key "${key}"`,
  duplicateSlug: (slug: string) => `Two products have the slug "${slug}"`,
  duplicateItemKey: (key: string) => `Two items have the key "${key}"`,
  duplicateDocumentKey: (key: string) => `Two documents have the key "${key}"`,
  duplicateCard: (kind: string) => `The product lists the card "${kind}" twice`,
  duplicateCatalogueItem: (key: string) => `The product lists the catalogue item "${key}" twice`,
  duplicateCustomUrl: (slug: string) => `Two items use the custom URL "${slug}"`,
  duplicateLetter: (type: string) => `The product has two ${type} bridge letters`,
  duplicateIntegration: (kind: string) => `The product has two ${kind} integrations`,
  duplicatePartner: (name: string) => `Two TPRM partners are named "${name}"`,
  duplicateDomainRule: (domain: string) => `The domain "${domain}" has two rules`,
  manyDefaults: 'Only one product can be the default',
  unknownCatalogueItem: (key: string) => `There is no catalogue item "${key}"`,
  notMovable: (key: string, kind: string) => `The catalogue item "${key}" cannot be on the ${kind} card`,
  unknownDocument: (key: string) => `No document has the key "${key}"`,
  unknownItem: (key: string) => `No item has the key "${key}"`,
  itemOfOtherProduct: (key: string) => `The item "${key}" belongs to another product`,
  unknownProduct: (slug: string) => `No product has the slug "${slug}"`,
  riskAnswerPlacement: 'Only risk profile questions take a riskAnswer',
  securityGradePlacement: 'Only items of the SecurityGrades card take a securityGrade',
  notAnImage: 'Not a PNG, JPEG or SVG image of the declared type',
  unsafeImage: 'This SVG contains scripts or external references and cannot be used',
  imageTooLarge: `Images are at most ${trustCenterImageMaxBytes / (1024 * 1024)} MB`,
  invalidBase64: 'Not valid base64',
  documentBytesMismatch: 'The supplied file does not match the sha256 and size of this document',
  documentTypeMismatch: 'The supplied file is not of the declared content type',
  invalidJson: 'The file is not valid JSON',
  invalidYaml: 'The file is not valid YAML',
  notAnObject: 'The file must hold one object (a mapping)',
  tooLarge: `The file is larger than ${trustCenterFileMaxBytes / (1024 * 1024)} MB`,
  notUtf8: 'The file is not UTF-8 text',
  tooDeep: `The file is nested more than ${trustCenterFileMaxDepth} levels deep`,
  organisationNotEmpty: (what: string) =>
    `This organisation already has trust center content (${what}). Import into a new organisation instead.`,
  slugTaken: (slug: string) => `An organisation with the slug "${slug}" exists already`,
  nothingApplied: (count: number) => `The file has ${countOf(count, 'problem')}; nothing was imported.`,
  imported: (name: string) => `Imported the trust center of ${name}.`,
  bytesMissing: 'The file of this document has not been uploaded yet',
} as const;

const isoDateTime = z.iso.datetime({ offset: true });
const StableKey = z.string().trim().min(1).max(200);
const text = (max: number) => z.string().max(max);
const shortText = text(100).nullable().default(null);

/** The types the document library accepts (documents module, detect-file-type.ts). */
export const DocumentContentType = z.enum([
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/zip',
  'text/plain; charset=utf-8',
  'text/csv; charset=utf-8',
]);

/** A small image inline; the import checks the bytes as the icon and banner uploads do. */
export const TrustCenterImage = z.strictObject({
  contentType: z.enum(['image/png', 'image/jpeg', 'image/svg+xml']),
  base64: z
    .base64()
    .max(Math.ceil((trustCenterImageMaxBytes * 4) / 3) + 4, trustCenterMessages.imageTooLarge),
});
export type TrustCenterImage = z.infer<typeof TrustCenterImage>;

/**
 * The customisation as staff save it (the settings' schema); every field optional, a missing one
 * takes its default. Unknown fields are errors (a typo shows).
 */
export const TrustCenterCustomisation = PortalCustomisationPatch.partial();

export const TrustCenterPlanFeatures = z
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

/** Who sees an item: everyone, accounts with access, or (hidden) only accounts whose profile has it. */
export const ItemAccessLevel = z.enum(['public', 'restricted', 'hidden']);
export type ItemAccessLevel = z.infer<typeof ItemAccessLevel>;

export const TrustCenterItem = z.strictObject({
  /** Unique in the file; documents, profiles and bridge letters name items by it. */
  key: StableKey,
  /** A built-in item of the catalogue (src/shared/item-catalogue.ts), or null for a custom item. */
  catalogueKey: z.string().max(200).nullable().default(null),
  title: z.string().trim().max(100),
  state: EnabledState.default('Enabled'),
  access: ItemAccessLevel.default('public'),
  explanation: text(10_000).default(''),
  href: z
    .union([ItemLink, z.literal('')])
    .nullable()
    .default(null),
  listEntries: z.array(text(500)).max(100).default([]),
  type: shortText,
  maturity: shortText,
  recurrence: shortText,
  auditor: shortText,
  expiry: z.iso.date().nullable().default(null),
  customUrlSlug: CustomUrlSlug.nullable().default(null),
  /** Custom position on the card; null keeps the default order. */
  position: z.number().int().min(0).max(100_000).nullable().default(null),
  /** Documents card: position among featured documents; null when not featured. */
  featuredPosition: z.number().int().min(0).max(100_000).nullable().default(null),
  /** Document keys, in order. */
  documents: z.array(StableKey).max(100).default([]),
  riskAnswer: RiskAnswer.nullable().default(null),
  securityGrade: SecurityGradeInput.strict().nullable().default(null),
  modifiedAt: isoDateTime.nullable().default(null),
  /** Namesakes' permalink slugs follow creation order (decision 172): kept so shared links still match. */
  createdAt: isoDateTime.nullable().default(null),
  /** The e-mail of the staff member who changed it last: linked when the new instance has them. */
  modifiedBy: z.string().max(limits.emailMaxLength).nullable().default(null),
});
export type TrustCenterItem = z.infer<typeof TrustCenterItem>;

export const TrustCenterCard = z.strictObject({
  kind: z.enum(CardKindSchema.options, {
    error: (issue) => `Unknown card kind ${JSON.stringify(issue.input)}`,
  }),
  title: CardTitle.nullable().default(null),
  displayText: DisplayText.nullable().default(null),
  placeholder: PlaceholderText.nullable().default(null),
  isHidden: z.boolean().default(false),
  position: z.number().int().min(0).max(1000).nullable().default(null),
  icon: TrustCenterImage.nullable().default(null),
  items: z.array(TrustCenterItem).max(2000).default([]),
});
export type TrustCenterCard = z.infer<typeof TrustCenterCard>;

export const TrustCenterSubprocessor = SubprocessorInput.extend({
  createdAt: isoDateTime.optional(),
}).strict();

export const TrustCenterIntegration = z.strictObject({
  kind: IntegrationKind,
  /** The program or status page staff entered: an http(s) address, never another scheme. */
  link: ItemLink,
  externalId: z.string().min(1).max(limits.urlMaxLength),
  showInCard: z.boolean().default(true),
});

export const TrustCenterBridgeLetter = z.strictObject({
  letterType: BridgeLetterType,
  /** The report item whose access decides who gets the letter. */
  item: StableKey.nullable().default(null),
  title: z.string().min(1).max(documentLimits.titleMaxLength),
  content: z.string().max(bridgeLetterLimits.contentMaxLength),
  signerName: z.string().max(bridgeLetterLimits.signerMaxLength),
  signerTitle: z.string().max(bridgeLetterLimits.signerMaxLength),
  letterDate: z.iso.date(),
});

export const TrustCenterProduct = z.strictObject({
  slug: CreateProductInput.shape.slug,
  name: CreateProductInput.shape.name,
  isShown: z.boolean().default(true),
  isDefault: z.boolean().default(false),
  banner: TrustCenterImage.nullable().default(null),
  /** Custom section order; null keeps the default. */
  sectionOrder: z.array(SectionKind).max(SectionKind.options.length).nullable().default(null),
  overview: OverviewInput.shape.body.default(''),
  trustedBy: TrustedByInput.shape.companies.default([]),
  subprocessors: z.array(TrustCenterSubprocessor).max(1000).default([]),
  integrations: z.array(TrustCenterIntegration).max(IntegrationKind.options.length).default([]),
  bridgeLetters: z.array(TrustCenterBridgeLetter).max(BridgeLetterType.options.length).default([]),
  /** Cards with settings or items; a card left out keeps its defaults and catalogue items. */
  cards: z.array(TrustCenterCard).max(CardKindSchema.options.length).default([]),
});
export type TrustCenterProduct = z.infer<typeof TrustCenterProduct>;

export const TrustCenterDocument = z.strictObject({
  /** Unique in the file; items list their documents by it. */
  key: StableKey,
  title: z.string().trim().min(1).max(documentLimits.titleMaxLength),
  originalName: z.string().trim().min(1).max(documentLimits.fileNameMaxLength),
  contentType: DocumentContentType,
  sizeBytes: z.number().int().min(1).max(documentLimits.uploadMaxBytes),
  sha256: z.string().regex(/^[0-9a-f]{64}$/, 'A sha256 is 64 lower-case hex digits'),
  /** null follows the organisation's documentAccessType. */
  accessType: DocumentAccessType.nullable().default(null),
  createdAt: isoDateTime.optional(),
});
export type TrustCenterDocument = z.infer<typeof TrustCenterDocument>;

export const TrustCenterUpdate = z.strictObject({
  message: UpdateMessage,
  audience: UpdateAudience.default('public'),
  onStatusPage: z.boolean().default(true),
  createdAt: isoDateTime.optional(),
});

export const TrustCenterTopic = z.strictObject({
  subject: TopicSubject,
  category: UpdateCategory,
  isHidden: z.boolean().default(false),
  isPinned: z.boolean().default(false),
  createdAt: isoDateTime.optional(),
  updatedAt: isoDateTime.optional(),
  /** Oldest first. Importing never e-mails anyone. */
  updates: z.array(TrustCenterUpdate).min(1).max(1000),
});

const kb = KbEntryInput.shape;
export const TrustCenterKbEntry = z.strictObject({
  question: kb.question,
  answer: kb.answer,
  comment: kb.comment,
  sourceType: kb.sourceType,
  sourceSubtype: kb.sourceSubtype,
  sourceName: kb.sourceName,
  isFavoritePublic: kb.isFavoritePublic,
  accessLevel: kb.accessLevel,
  /** Product slugs; empty means every product. */
  products: z.array(CreateProductInput.shape.slug).max(100).default([]),
  createdAt: isoDateTime.optional(),
  modifiedAt: isoDateTime.optional(),
});

export const TrustCenterPermissionProfile = z.strictObject({
  name: PermissionProfileInput.shape.name,
  /** Item keys this profile unlocks (restricted and hidden items). */
  items: z.array(StableKey).max(5000).default([]),
});

export const TrustCenterAccess = z.strictObject({
  autoApproveAccountMembers: z.boolean().default(true),
  rejectFreeMailDomains: z.boolean().default(true),
  defaultAccessDays: z.number().int().min(1).max(365).default(365),
  requireNda: z.boolean().default(false),
  domainRules: z.array(DomainRule.strict()).max(1000).default([]),
  /** Bring your own identity: where keys come from. The shared secret is never exported. */
  byoid: z
    .strictObject({
      jwksUrl: z.string().url().max(limits.urlMaxLength).nullable().default(null),
      issuer: z.string().max(500).nullable().default(null),
    })
    .prefault({}),
});

export const TrustCenterNdaVersion = NdaVersionInput.extend({
  sourceFileName: z.string().max(documentLimits.fileNameMaxLength).nullable().default(null),
  createdAt: isoDateTime.optional(),
}).strict();

export const TrustCenterPartner = PartnerInput.strict();

export const TrustCenterOrganisation = z.strictObject({
  name: z.string().trim().min(1).max(limits.organisationNameMaxLength),
  websiteUrl: OrganisationSettingsPatch.shape.websiteUrl.unwrap().default(null),
  customisation: TrustCenterCustomisation.default({}),
  planFeatures: TrustCenterPlanFeatures.default({}),
  logo: TrustCenterImage.nullable().default(null),
  favicon: TrustCenterImage.nullable().default(null),
  banner: TrustCenterImage.nullable().default(null),
});

const TrustCenterFileShape = z.strictObject({
  format: z.literal(trustCenterFormat, { error: trustCenterMessages.format }),
  version: z.literal(trustCenterFormatVersion, {
    error: (issue) => trustCenterMessages.version(issue.input),
  }),
  exportedAt: isoDateTime.optional(),
  /** Where it came from; informational, an import never uses it. */
  source: z.strictObject({ slug: z.string().max(200), url: z.string().max(limits.urlMaxLength) }).optional(),
  organisation: TrustCenterOrganisation,
  products: z.array(TrustCenterProduct).min(1).max(100),
  productLinks: z
    .array(
      z.strictObject({
        name: CreateProductLinkInput.shape.name,
        link: CreateProductLinkInput.shape.link,
        isShown: z.boolean().default(true),
      }),
    )
    .max(100)
    .default([]),
  documents: z.array(TrustCenterDocument).max(5000).default([]),
  permissionProfiles: z.array(TrustCenterPermissionProfile).max(500).default([]),
  access: TrustCenterAccess.prefault({}),
  /** Oldest first; the last one is the NDA visitors accept. */
  ndaVersions: z.array(TrustCenterNdaVersion).max(100).default([]),
  updateTopics: z.array(TrustCenterTopic).max(5000).default([]),
  knowledgeBase: z.array(TrustCenterKbEntry).max(20_000).default([]),
  tprmPartners: z.array(TrustCenterPartner).max(100).default([]),
});

type Path = (string | number)[];
type FileShape = z.output<typeof TrustCenterFileShape>;
type Report = (path: Path, message: string) => void;

const catalogueKindOf = new Map<string, CardKind>(
  CardKindSchema.options.flatMap((kind) => itemCatalogue[kind].map((item) => [item.key, kind] as const)),
);

function checkItem(
  item: TrustCenterItem,
  kind: CardKind,
  path: Path,
  report: Report,
  documentKeys: ReadonlySet<string>,
) {
  if (item.catalogueKey !== null) {
    const home = catalogueKindOf.get(item.catalogueKey);
    if (!home) report([...path, 'catalogueKey'], trustCenterMessages.unknownCatalogueItem(item.catalogueKey));
    else if (home !== kind && !cardKinds[kind].isMoveDestination) {
      report([...path, 'catalogueKey'], trustCenterMessages.notMovable(item.catalogueKey, kind));
    }
  }
  item.documents.forEach((documentKey, index) => {
    if (!documentKeys.has(documentKey)) {
      report([...path, 'documents', index], trustCenterMessages.unknownDocument(documentKey));
    }
  });
  if (item.riskAnswer !== null) {
    const question = kind === 'RiskProfile' ? riskQuestionOfKey(item.catalogueKey) : undefined;
    if (!question) report([...path, 'riskAnswer'], trustCenterMessages.riskAnswerPlacement);
    else {
      const problem = riskAnswerError(question, item.riskAnswer);
      if (problem) report([...path, 'riskAnswer'], problem);
    }
  }
  if (item.securityGrade !== null && kind !== 'SecurityGrades') {
    report([...path, 'securityGrade'], trustCenterMessages.securityGradePlacement);
  }
}

/** Keys unique where they must be, and every reference naming something in the file. */
function checkReferences(file: FileShape, report: Report) {
  const documentKeys = new Set<string>();
  file.documents.forEach((document, index) => {
    if (documentKeys.has(document.key)) {
      report(['documents', index, 'key'], trustCenterMessages.duplicateDocumentKey(document.key));
    }
    documentKeys.add(document.key);
  });

  const productOfItem = new Map<string, string>();
  const slugs = new Set<string>();
  const customUrls = new Set<string>();
  let defaults = 0;
  file.products.forEach((product, productIndex) => {
    const productPath: Path = ['products', productIndex];
    if (slugs.has(product.slug))
      report([...productPath, 'slug'], trustCenterMessages.duplicateSlug(product.slug));
    slugs.add(product.slug);
    if (product.isDefault && ++defaults > 1)
      report([...productPath, 'isDefault'], trustCenterMessages.manyDefaults);
    const kinds = new Set<string>();
    const catalogueKeys = new Set<string>();
    product.cards.forEach((card, cardIndex) => {
      const cardPath: Path = [...productPath, 'cards', cardIndex];
      if (kinds.has(card.kind)) report([...cardPath, 'kind'], trustCenterMessages.duplicateCard(card.kind));
      kinds.add(card.kind);
      card.items.forEach((item, itemIndex) => {
        const itemPath: Path = [...cardPath, 'items', itemIndex];
        if (productOfItem.has(item.key))
          report([...itemPath, 'key'], trustCenterMessages.duplicateItemKey(item.key));
        productOfItem.set(item.key, product.slug);
        if (item.catalogueKey !== null) {
          if (catalogueKeys.has(item.catalogueKey)) {
            report(
              [...itemPath, 'catalogueKey'],
              trustCenterMessages.duplicateCatalogueItem(item.catalogueKey),
            );
          }
          catalogueKeys.add(item.catalogueKey);
        }
        if (item.customUrlSlug !== null) {
          if (customUrls.has(item.customUrlSlug)) {
            report(
              [...itemPath, 'customUrlSlug'],
              trustCenterMessages.duplicateCustomUrl(item.customUrlSlug),
            );
          }
          customUrls.add(item.customUrlSlug);
        }
        checkItem(item, card.kind, itemPath, report, documentKeys);
      });
    });
    const letterTypes = new Set<string>();
    product.bridgeLetters.forEach((letter, index) => {
      if (letterTypes.has(letter.letterType)) {
        report(
          [...productPath, 'bridgeLetters', index, 'letterType'],
          trustCenterMessages.duplicateLetter(letter.letterType),
        );
      }
      letterTypes.add(letter.letterType);
    });
    const integrationKinds = new Set<string>();
    product.integrations.forEach((integration, index) => {
      if (integrationKinds.has(integration.kind)) {
        report(
          [...productPath, 'integrations', index, 'kind'],
          trustCenterMessages.duplicateIntegration(integration.kind),
        );
      }
      integrationKinds.add(integration.kind);
    });
  });

  // Bridge letters name items of their own product (checked once every item key is known).
  file.products.forEach((product, productIndex) => {
    product.bridgeLetters.forEach((letter, index) => {
      if (letter.item === null) return;
      const path: Path = ['products', productIndex, 'bridgeLetters', index, 'item'];
      const owner = productOfItem.get(letter.item);
      if (owner === undefined) report(path, trustCenterMessages.unknownItem(letter.item));
      else if (owner !== product.slug) report(path, trustCenterMessages.itemOfOtherProduct(letter.item));
    });
  });
  file.permissionProfiles.forEach((profile, profileIndex) => {
    profile.items.forEach((itemKey, index) => {
      if (!productOfItem.has(itemKey)) {
        report(
          ['permissionProfiles', profileIndex, 'items', index],
          trustCenterMessages.unknownItem(itemKey),
        );
      }
    });
  });
  file.knowledgeBase.forEach((entry, entryIndex) => {
    entry.products.forEach((slug, index) => {
      if (!slugs.has(slug))
        report(['knowledgeBase', entryIndex, 'products', index], trustCenterMessages.unknownProduct(slug));
    });
  });
  const partnerNames = new Set<string>();
  file.tprmPartners.forEach((partner, index) => {
    if (partnerNames.has(partner.name))
      report(['tprmPartners', index, 'name'], trustCenterMessages.duplicatePartner(partner.name));
    partnerNames.add(partner.name);
  });
  const ruleDomains = new Set<string>();
  file.access.domainRules.forEach((rule, index) => {
    if (ruleDomains.has(rule.domain)) {
      report(
        ['access', 'domainRules', index, 'domain'],
        trustCenterMessages.duplicateDomainRule(rule.domain),
      );
    }
    ruleDomains.add(rule.domain);
  });
}

/** The whole file: shape first, then the keys and references between its records. */
export const TrustCenterFile = TrustCenterFileShape.superRefine((file, context) => {
  checkReferences(file, (path, message) => context.addIssue({ code: 'custom', path, message }));
});
export type TrustCenterFile = z.output<typeof TrustCenterFile>;
/** What an exporter writes and a hand-written file may leave out (defaults fill the rest). */
export type TrustCenterFileInput = z.input<typeof TrustCenterFile>;

/** One problem of an import file, where it is in the file's text (1-based; null when not locatable). */
export const TrustCenterImportProblem = z.object({
  line: z.number().int().nullable(),
  column: z.number().int().nullable(),
  /** Dotted path into the document ('products.0.cards.3.kind'); '' for the file as a whole. */
  path: z.string(),
  message: z.string(),
});
export type TrustCenterImportProblem = z.infer<typeof TrustCenterImportProblem>;

export const TrustCenterImportFailure = z.object({
  error: z.object({
    code: z.literal('validation_failed'),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
  errors: z.array(TrustCenterImportProblem),
});
export type TrustCenterImportFailure = z.infer<typeof TrustCenterImportFailure>;

export const TrustCenterImportCounts = z.object({
  products: z.number().int(),
  cards: z.number().int(),
  items: z.number().int(),
  documents: z.number().int(),
  updateTopics: z.number().int(),
  updates: z.number().int(),
  knowledgeBaseEntries: z.number().int(),
  permissionProfiles: z.number().int(),
  ndaVersions: z.number().int(),
  tprmPartners: z.number().int(),
});
export type TrustCenterImportCounts = z.infer<typeof TrustCenterImportCounts>;

export const TrustCenterImportSummary = z.object({
  organisation: z.object({ slug: z.string(), name: z.string() }),
  counts: TrustCenterImportCounts,
  /** Documents imported as metadata whose bytes still have to be uploaded. */
  missingDocuments: z.array(
    z.object({ fileId: z.string().uuid(), key: z.string(), title: z.string(), originalName: z.string() }),
  ),
  /** Items whose last editor (modifiedBy) has no staff account here: imported without one. */
  unmatchedEditors: z.array(z.string()),
});
export type TrustCenterImportSummary = z.infer<typeof TrustCenterImportSummary>;

export const TrustCenterExportQuery = z.object({ format: z.enum(['json', 'yaml']).default('json') });
export const TrustCenterImportQuery = z.object({
  /** The uploaded file's name: its extension (.json, .yaml, .yml) decides the syntax. */
  fileName: z.string().max(documentLimits.fileNameMaxLength).optional(),
});

/** Documents of the organisation whose bytes are missing (imported as metadata only). */
export const MissingDocumentList = z.object({
  documents: z.array(
    z.object({
      fileId: z.string().uuid(),
      title: z.string(),
      originalName: z.string(),
      contentType: z.string(),
      sizeBytes: z.number().int(),
      sha256: z.string(),
    }),
  ),
});
export type MissingDocumentList = z.infer<typeof MissingDocumentList>;
