import { stringify } from 'yaml';
import type { CardKind } from '../../../shared/card-kinds';
import { isShowableItemLink } from '../../../shared/cards';
import { catalogueItemByKey } from '../../../shared/item-catalogue';
import { orderCards, orderItems } from '../../../shared/ordering';
import { PortalCustomisation } from '../../../shared/portal';
import type { Company } from '../../../shared/specialised-cards';
import {
  TrustCenterCustomisation,
  TrustCenterFile,
  type TrustCenterFileInput,
  type TrustCenterImage,
  trustCenterFormat,
  trustCenterFormatVersion,
} from '../../../shared/trust-center-export';
import type { Database } from '../../db/client';
import { loadTrustCenterRows, type TrustCenterRows } from './queries';

type ItemRow = TrustCenterRows['itemRows'][number];
type ItemInput = NonNullable<TrustCenterFileInput['products'][number]['cards']>[number]['items'];

/** Drops null, '' and [] (each the schema's default), so a file lists what differs from a blank item. */
function compact<T extends Record<string, unknown>>(record: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(record).filter(
      ([, value]) => value !== null && value !== '' && !(Array.isArray(value) && value.length === 0),
    ),
  ) as Partial<T>;
}

function uniqueKey(base: string, used: Set<string>): string {
  const trimmed = base.slice(0, 190) || 'item';
  let key = trimmed;
  for (let suffix = 2; used.has(key); suffix++) key = `${trimmed}-${suffix}`;
  used.add(key);
  return key;
}

function slugify(title: string): string {
  return title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A catalogue item nobody touched: left out of the file, the import's catalogue makes it again. */
function isUntouchedCatalogueItem(row: ItemRow, hasData: boolean): boolean {
  if (row.catalogueKey === null || hasData) return false;
  const catalogue = catalogueItemByKey(row.catalogueKey);
  return (
    catalogue !== undefined &&
    row.enabledState === 'NotEnabled' &&
    row.title === catalogue.title &&
    row.explanation === catalogue.explanation &&
    row.isPublic === catalogue.isPublic &&
    !row.isHidden &&
    row.href === null &&
    row.listEntries.length === 0 &&
    row.itemType === null &&
    row.maturity === null &&
    row.recurrence === null &&
    row.auditor === null &&
    row.expiresOn === null &&
    row.customUrlSlug === null &&
    row.position === null &&
    row.featuredPosition === null &&
    row.modifiedAt === null
  );
}

function accessOf(row: Pick<ItemRow, 'isPublic' | 'isHidden'>) {
  if (row.isPublic) return 'public' as const;
  return row.isHidden ? ('hidden' as const) : ('restricted' as const);
}

/**
 * The organisation's trust center as a file (TrustCenterFile): everything the public page and the
 * access rules are made of, without ids, secrets or people (see the schema's comment). Catalogue items
 * nobody touched and cards with nothing set are left out: the import's catalogue has them.
 */
export async function exportTrustCenter(
  db: Database,
  organisationId: string,
  options: { publicUrl?: string; now?: Date } = {},
): Promise<TrustCenterFileInput | null> {
  const rows = await loadTrustCenterRows(db, organisationId);
  if (!rows) return null;
  const { organisation } = rows;
  const assetById = new Map(rows.assetRows.map((row) => [row.id, row]));
  const image = (assetId: string | null): TrustCenterImage | null => {
    const asset = assetId ? assetById.get(assetId) : undefined;
    if (!asset) return null;
    return {
      contentType: asset.contentType as TrustCenterImage['contentType'],
      base64: Buffer.from(asset.bytes).toString('base64'),
    };
  };
  const staffEmail = new Map(rows.staffRows.map((row) => [row.id, row.email]));
  const productSlug = new Map(rows.productRows.map((row) => [row.id, row.slug]));

  const usedDocumentKeys = new Set<string>();
  const documentKey = new Map(
    rows.fileRows.map((row) => [row.id, uniqueKey(row.originalName, usedDocumentKeys)]),
  );
  const filesOfItem = new Map<string, string[]>();
  for (const link of rows.itemFileRows) {
    const key = documentKey.get(link.fileId);
    if (key) filesOfItem.set(link.itemId, [...(filesOfItem.get(link.itemId) ?? []), key]);
  }
  const riskOfItem = new Map(rows.riskRows.map((row) => [row.itemId, row.answer]));
  const gradeOfItem = new Map(rows.gradeRows.map((row) => [row.itemId, row]));
  const referenced = new Set([
    ...rows.profileItemRows.map((row) => row.itemId),
    ...rows.letterRows.flatMap((row) => (row.itemId ? [row.itemId] : [])),
  ]);

  // Item keys: product slug and catalogue key, or the custom URL / title for custom items.
  const usedItemKeys = new Set<string>();
  const itemKey = new Map<string, string>();
  const exportedItems = rows.itemRows.filter(
    (row) =>
      !isUntouchedCatalogueItem(
        row,
        filesOfItem.has(row.id) ||
          riskOfItem.has(row.id) ||
          gradeOfItem.has(row.id) ||
          referenced.has(row.id),
      ),
  );
  for (const row of exportedItems) {
    const slug = productSlug.get(row.productId) ?? 'product';
    const name = row.catalogueKey ?? row.customUrlSlug ?? (slugify(row.title) || 'item');
    itemKey.set(row.id, uniqueKey(`${slug}/${name}`, usedItemKeys));
  }

  const itemOf = (row: ItemRow) => {
    const grade = gradeOfItem.get(row.id);
    return {
      key: itemKey.get(row.id)!,
      ...(row.catalogueKey === null ? {} : { catalogueKey: row.catalogueKey }),
      title: row.title,
      state: row.enabledState,
      access: accessOf(row),
      ...compact({
        explanation: row.explanation,
        // A stored private link would not import again (decision 114).
        href: row.href !== null && isShowableItemLink(row.href) ? row.href : null,
        listEntries: row.listEntries,
        type: row.itemType,
        maturity: row.maturity,
        recurrence: row.recurrence,
        auditor: row.auditor,
        expiry: row.expiresOn,
        customUrlSlug: row.customUrlSlug,
        position: row.position,
        featuredPosition: row.featuredPosition,
        documents: filesOfItem.get(row.id) ?? [],
        riskAnswer: riskOfItem.get(row.id) ?? null,
        securityGrade: grade ? { label: grade.label, url: grade.url, grade: grade.grade } : null,
        modifiedAt: row.modifiedAt?.toISOString() ?? null,
        createdAt: row.createdAt.toISOString(),
        modifiedBy: row.modifiedByStaffUserId ? (staffEmail.get(row.modifiedByStaffUserId) ?? null) : null,
      }),
    };
  };

  const products = rows.productRows.map((product) => {
    const productItems = exportedItems.filter((row) => row.productId === product.id);
    const cardRowOf = new Map(
      rows.cardRows.filter((row) => row.productId === product.id).map((row) => [row.kind, row]),
    );
    const kinds = [...new Set<CardKind>([...cardRowOf.keys(), ...productItems.map((row) => row.cardKind)])];
    const cards = orderCards(
      kinds.map((kind) => ({ kind, position: cardRowOf.get(kind)?.position ?? null })),
    ).flatMap(({ kind }) => {
      const card = cardRowOf.get(kind);
      const cardItems = orderItems(
        kind,
        productItems.filter((row) => row.cardKind === kind).map((row) => ({ ...row, itemUid: row.id })),
      );
      const settings = compact({
        title: card?.title ?? null,
        displayText: card?.displayText ?? null,
        placeholder: card?.placeholder ?? null,
        position: card?.position ?? null,
        icon: image(card?.iconAssetId ?? null),
      });
      const isHidden = card?.isHidden ?? false;
      const hasContent = isHidden || cardItems.length > 0 || Object.keys(settings).length > 0;
      return hasContent ? [{ kind, ...settings, isHidden, items: cardItems.map(itemOf) as ItemInput }] : [];
    });
    const overview = rows.overviewRows.find((row) => row.productId === product.id)?.body ?? '';
    return {
      slug: product.slug,
      name: product.name,
      isShown: product.isShown,
      isDefault: product.isDefault,
      banner: image(product.bannerAssetId),
      sectionOrder: product.sectionOrder,
      overview,
      trustedBy: rows.trustedRows
        .filter((row) => row.productId === product.id)
        .map((row) => row.company as Company),
      subprocessors: rows.subprocessorRows
        .filter((row) => row.productId === product.id)
        .map((row) => ({
          company: row.company as Company,
          purpose: row.purpose,
          location: row.location,
          additionalDetails: row.additionalDetails,
          createdAt: row.createdAt.toISOString(),
        })),
      integrations: rows.integrationRows
        .filter((row) => row.productId === product.id)
        .sort((a, b) => a.kind.localeCompare(b.kind))
        .map((row) => ({
          kind: row.kind,
          link: row.link,
          externalId: row.externalId,
          showInCard: row.showInCard,
        })),
      bridgeLetters: rows.letterRows
        .filter((row) => row.productId === product.id)
        .sort((a, b) => a.letterType.localeCompare(b.letterType))
        .map((row) => ({
          letterType: row.letterType,
          item: row.itemId ? (itemKey.get(row.itemId) ?? null) : null,
          title: row.title,
          content: row.content,
          signerName: row.signerName,
          signerTitle: row.signerTitle,
          letterDate: row.letterDate,
        })),
      cards,
    };
  });

  const customisation = PortalCustomisation.parse(organisation.customisation);
  const fileCustomisation = Object.fromEntries(
    Object.keys(TrustCenterCustomisation.shape).map((key) => [
      key,
      customisation[key as keyof PortalCustomisation],
    ]),
  );
  const settings = rows.settingsRow;
  const slugOfProductId = (id: string) => productSlug.get(id);

  const file: TrustCenterFileInput = {
    format: trustCenterFormat,
    version: trustCenterFormatVersion,
    exportedAt: (options.now ?? new Date()).toISOString(),
    source: {
      slug: organisation.slug,
      url: options.publicUrl ? `${options.publicUrl}/${organisation.slug}` : '',
    },
    organisation: {
      name: organisation.name,
      websiteUrl: organisation.websiteUrl,
      customisation: fileCustomisation,
      planFeatures: organisation.planFeatures,
      logo: image(organisation.logoAssetId),
      favicon: image(organisation.faviconAssetId),
      banner: image(organisation.bannerAssetId),
    },
    products,
    productLinks: rows.linkRows.map((row) => ({ name: row.name, link: row.link, isShown: row.isShown })),
    documents: rows.fileRows.map((row) => ({
      key: documentKey.get(row.id)!,
      title: row.title,
      originalName: row.originalName,
      contentType: row.contentType as never,
      sizeBytes: row.sizeBytes,
      sha256: row.sha256,
      accessType: row.accessType,
      createdAt: row.createdAt.toISOString(),
    })),
    permissionProfiles: rows.profileRows.map((profile) => ({
      name: profile.name,
      items: rows.profileItemRows
        .filter((row) => row.permissionProfileId === profile.id)
        .flatMap((row) => (itemKey.has(row.itemId) ? [itemKey.get(row.itemId)!] : []))
        .sort(),
    })),
    access: {
      autoApproveAccountMembers: settings?.autoApproveAccountMembers ?? true,
      rejectFreeMailDomains: settings?.rejectFreeMailDomains ?? true,
      defaultAccessDays: settings?.defaultAccessDays ?? 365,
      requireNda: settings?.requireNda ?? false,
      domainRules: rows.ruleRows.map((row) => ({ kind: row.kind, domain: row.domain })),
      byoid: { jwksUrl: settings?.byoidJwksUrl ?? null, issuer: settings?.byoidIssuer ?? null },
    },
    ndaVersions: rows.ndaRows.map((row) => ({
      title: row.title,
      body: row.body,
      sourceFileName: row.sourceFileName,
      createdAt: row.createdAt.toISOString(),
    })),
    updateTopics: rows.topicRows.flatMap((topic) => {
      const updates = rows.updateRows
        .filter((row) => row.topicId === topic.id)
        .map((row) => ({
          message: row.message,
          audience: row.audience,
          onStatusPage: row.onStatusPage,
          createdAt: row.createdAt.toISOString(),
        }));
      // A topic without updates is a half-deleted thread: nothing shows it, so nothing carries it.
      if (updates.length === 0) return [];
      return [
        {
          subject: topic.subject,
          category: topic.category,
          isHidden: topic.isHidden,
          isPinned: topic.isPinned,
          createdAt: topic.createdAt.toISOString(),
          updatedAt: topic.updatedAt.toISOString(),
          updates,
        },
      ];
    }),
    knowledgeBase: rows.kbRows.map((row) => ({
      question: row.question,
      answer: row.answer,
      comment: row.comment,
      sourceType: row.sourceType,
      sourceSubtype: row.sourceSubtype,
      sourceName: row.sourceName,
      isFavoritePublic: row.isFavoritePublic,
      accessLevel: row.accessLevel,
      products: row.productIds.flatMap((id) => {
        const slug = slugOfProductId(id);
        return slug ? [slug] : [];
      }),
      createdAt: row.createdAt.toISOString(),
      modifiedAt: row.modifiedAt.toISOString(),
    })),
    tprmPartners: rows.partnerRows.map((row) => ({
      name: row.name,
      domain: row.domain,
      instructionsUrl: row.instructionsUrl,
    })),
  };
  return file;
}

/** JSON (two-space indent) or YAML; both read back by parseTrustCenterText. */
export function serialiseTrustCenter(file: TrustCenterFileInput, syntax: 'json' | 'yaml'): string {
  if (syntax === 'json') return `${JSON.stringify(file, null, 2)}\n`;
  return stringify(file, { lineWidth: 0, aliasDuplicateObjects: false });
}

/** Checks an export against the schema it promises (a failure is a bug here, not bad input). */
export function assertValidExport(file: TrustCenterFileInput): void {
  TrustCenterFile.parse(file);
}
