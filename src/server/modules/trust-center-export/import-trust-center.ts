import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import { PortalCustomisation } from '../../../shared/portal';
import {
  type TrustCenterImportCounts,
  type TrustCenterImportProblem,
  type TrustCenterImportSummary,
  type TrustCenterItem,
  trustCenterMessages,
} from '../../../shared/trust-center-export';
import { insertAuditEntry, publishOrganisationChanged } from '../../core';
import type { Database } from '../../db/client';
import {
  accessDomainRules,
  accessSettings,
  assets,
  bridgeLetters,
  cards,
  files,
  integrationConnections,
  itemFiles,
  items,
  knowledgeBaseEntries,
  ndaVersions,
  organisations,
  permissionProfileItems,
  permissionProfiles,
  productLinks,
  productOverviews,
  products,
  riskProfileAnswers,
  securityGrades,
  staffUsers,
  subprocessors,
  topics,
  topicUpdates,
  tprmPartners,
  trustedByCompanies,
} from '../../db/schema';
import { type FileStorage, newStorageKey } from '../../providers/storage';
import { materialiseCatalogue } from '../cards';
import { parseTrustCenterText } from './parse-trust-center-file';
import { type DocumentFileSource, imageKey, type PreparedImport, prepareImport } from './prepare-import';
import { describeExistingContent } from './queries';

/** Into an organisation that exists (and has no content yet), or a new one made by the import. */
export type ImportTarget = { organisationId: string } | { newOrganisationSlug: string };
export type ImportActor = { staffUserId: string | null; via: 'console' | 'cli' };
export type ImportDeps = { db: Database; storage: FileStorage };

/** A file that cannot be imported: every problem with its line, nothing applied. */
export class TrustCenterImportError extends AppError {
  readonly problems: TrustCenterImportProblem[];
  constructor(problems: TrustCenterImportProblem[]) {
    super('validation_failed', trustCenterMessages.nothingApplied(problems.length), fieldsOf(problems));
    this.name = 'TrustCenterImportError';
    this.problems = problems;
  }
}

function fieldsOf(problems: TrustCenterImportProblem[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const problem of problems) {
    const where = problem.line === null ? problem.path || 'file' : `line ${problem.line}`;
    fields[where] ??= problem.message;
  }
  return fields;
}

const toDate = (value: string | null | undefined) => (value ? new Date(value) : undefined);

/** Strictly increasing times in file order, so rows ordered by creation keep the file's order. */
function increasing(values: (string | undefined)[], fallback: Date): Date[] {
  let previous = 0;
  return values.map((value) => {
    const wanted = value ? Date.parse(value) : fallback.getTime();
    const time = wanted > previous ? wanted : previous + 1;
    previous = time;
    return new Date(time);
  });
}

function itemValues(item: TrustCenterItem, modifiedByStaffUserId: string | null) {
  return {
    title: item.title,
    enabledState: item.state,
    isPublic: item.access === 'public',
    isHidden: item.access === 'hidden',
    explanation: item.explanation,
    href: item.href,
    listEntries: item.listEntries,
    itemType: item.type,
    maturity: item.maturity,
    recurrence: item.recurrence,
    auditor: item.auditor,
    expiresOn: item.expiry,
    customUrlSlug: item.customUrlSlug,
    position: item.position,
    featuredPosition: item.featuredPosition,
    modifiedAt: toDate(item.modifiedAt) ?? null,
    ...(item.createdAt ? { createdAt: toDate(item.createdAt) } : {}),
    modifiedByStaffUserId,
  };
}

async function resolveTarget(db: Database, target: ImportTarget, organisationId: string, name: string) {
  if ('newOrganisationSlug' in target) {
    const [created] = await db
      .insert(organisations)
      .values({ id: organisationId, slug: target.newOrganisationSlug, name })
      .onConflictDoNothing()
      .returning();
    if (!created) throw new AppError('conflict', trustCenterMessages.slugTaken(target.newOrganisationSlug));
    return created;
  }
  const [row] = await db
    .select()
    .from(organisations)
    .where(eq(organisations.id, target.organisationId))
    .limit(1)
    .for('update');
  if (!row) throw new AppError('organisation_not_found', messages.organisationNotFound);
  const existing = await describeExistingContent(db, row.id);
  if (existing.length > 0)
    throw new AppError('conflict', trustCenterMessages.organisationNotEmpty(existing.join(', ')));
  return row;
}

/**
 * Applies a prepared file in one transaction: the organisation's settings, then products, cards,
 * items and everything that names them, with new ids and references resolved through the file's
 * keys. Document bytes supplied are stored first (under new keys) and removed again on failure.
 * Importing never sends mail: updates are written as history, not published.
 */
export async function importTrustCenter(
  deps: ImportDeps,
  target: ImportTarget,
  prepared: PreparedImport,
  actor: ImportActor,
): Promise<TrustCenterImportSummary & { organisationId: string }> {
  const { file, images } = prepared;
  const stored = new Map<string, string>();
  // Known before the transaction, so stored bytes get keys under the organisation they belong to.
  const organisationId = 'organisationId' in target ? target.organisationId : crypto.randomUUID();
  try {
    for (const document of file.documents) {
      const filePath = prepared.documentPaths.get(document.key);
      if (!filePath) continue;
      const storageKey = newStorageKey(organisationId);
      await deps.storage.put(storageKey, fs.createReadStream(filePath), {
        contentType: document.contentType,
        contentLength: document.sizeBytes,
      });
      stored.set(document.key, storageKey);
    }
    return await deps.db.transaction((tx) =>
      applyFile(tx, { target, organisationId }, prepared, actor, stored, images),
    );
  } catch (error) {
    await Promise.all([...stored.values()].map((key) => deps.storage.delete(key).catch(() => {})));
    throw error;
  }
}

async function applyFile(
  db: Database,
  { target, organisationId }: { target: ImportTarget; organisationId: string },
  prepared: PreparedImport,
  actor: ImportActor,
  stored: Map<string, string>,
  images: PreparedImport['images'],
): Promise<TrustCenterImportSummary & { organisationId: string }> {
  const { file } = prepared;
  const organisation = await resolveTarget(db, target, organisationId, file.organisation.name);
  const run: ImportRun = {
    db,
    organisationId,
    file,
    now: new Date(),
    counts: {
      products: 0,
      cards: 0,
      items: 0,
      documents: 0,
      updateTopics: 0,
      updates: 0,
      knowledgeBaseEntries: 0,
      permissionProfiles: 0,
      ndaVersions: 0,
      tprmPartners: 0,
    },
    assetOf: async (at) => {
      const image = images.get(imageKey(at));
      if (!image) return null;
      const [row] = await db
        .insert(assets)
        .values({ organisationId, contentType: image.contentType, bytes: image.bytes, sha256: image.sha256 })
        .returning({ id: assets.id });
      return row!.id;
    },
  };
  await replaceOrganisationProfile(run, organisation);
  const { staffByEmail, unmatchedEditors } = await matchEditors(run);
  // Documents first: items link to them.
  const { fileIdByKey, missingDocuments } = await importDocuments(run, stored, actor);
  const { itemIdByKey, productIdBySlug } = await importProducts(run, { staffByEmail, fileIdByKey });
  await importPermissionProfiles(run, itemIdByKey);
  await importAccessRules(run);
  await importNdaVersions(run);
  await importUpdateTopics(run);
  await importKnowledgeBase(run, productIdBySlug);
  const { counts } = run;
  if (file.tprmPartners.length > 0) {
    await db
      .insert(tprmPartners)
      .values(file.tprmPartners.map((partner) => ({ organisationId, ...partner })));
  }
  counts.tprmPartners = file.tprmPartners.length;

  await insertAuditEntry(db, {
    organisationId,
    actorStaffUserId: actor.staffUserId,
    action: 'trust_center.imported',
    target: `organisation:${organisationId}`,
    data: {
      via: actor.via,
      isNewOrganisation: 'newOrganisationSlug' in target,
      counts,
      documentsWithoutBytes: missingDocuments.length,
    },
  });
  await publishOrganisationChanged(db, organisationId);
  return {
    organisationId,
    organisation: { slug: organisation.slug, name: file.organisation.name },
    counts,
    missingDocuments,
    unmatchedEditors,
  };
}

/** What every step of one import shares: the transaction, the organisation, the file, its time and counts. */
type ImportRun = {
  db: Database;
  organisationId: string;
  file: PreparedImport['file'];
  now: Date;
  counts: TrustCenterImportCounts;
  /** Stores the file's image at that path as an asset of the organisation; null when it has none. */
  assetOf: (at: (string | number)[]) => Promise<string | null>;
};

/** The organisation's name, website, look and images become the file's; its empty products go. */
async function replaceOrganisationProfile(
  { db, organisationId, file, now, assetOf }: ImportRun,
  organisation: { logoAssetId: string | null; faviconAssetId: string | null; bannerAssetId: string | null },
) {
  // An empty organisation's untouched products make way for the file's.
  await db.delete(products).where(eq(products.organisationId, organisationId));
  const replacedAssets = [
    organisation.logoAssetId,
    organisation.faviconAssetId,
    organisation.bannerAssetId,
  ].filter((id): id is string => id !== null);
  await db
    .update(organisations)
    .set({
      name: file.organisation.name,
      websiteUrl: file.organisation.websiteUrl,
      customisation: PortalCustomisation.parse(file.organisation.customisation),
      planFeatures: file.organisation.planFeatures,
      logoAssetId: await assetOf(['organisation', 'logo']),
      faviconAssetId: await assetOf(['organisation', 'favicon']),
      bannerAssetId: await assetOf(['organisation', 'banner']),
      updatedAt: now,
    })
    .where(eq(organisations.id, organisationId));
  if (replacedAssets.length > 0) {
    await db
      .delete(assets)
      .where(and(eq(assets.organisationId, organisationId), inArray(assets.id, replacedAssets)));
  }
}

/** Last editors are linked by e-mail to this organisation's staff, when they have an account here. */
async function matchEditors({ db, organisationId, file }: ImportRun) {
  const editorEmails = [
    ...new Set(
      file.products.flatMap((p) =>
        p.cards.flatMap((c) => c.items.flatMap((i) => (i.modifiedBy ? [i.modifiedBy] : []))),
      ),
    ),
  ];
  const staffRows =
    editorEmails.length > 0
      ? await db
          .select({ id: staffUsers.id, email: staffUsers.email })
          .from(staffUsers)
          .where(
            and(
              eq(staffUsers.organisationId, organisationId),
              inArray(
                sql`lower(${staffUsers.email})`,
                editorEmails.map((email) => email.toLowerCase()),
              ),
            ),
          )
      : [];
  const staffByEmail = new Map(staffRows.map((row) => [row.email.toLowerCase(), row.id]));
  const unmatchedEditors = editorEmails.filter((email) => !staffByEmail.has(email.toLowerCase())).sort();

  return { staffByEmail, unmatchedEditors };
}

/** The library's files; those whose bytes were not supplied are listed as missing. */
async function importDocuments(
  { db, organisationId, file, now, counts }: ImportRun,
  stored: Map<string, string>,
  actor: ImportActor,
) {
  const fileIdByKey = new Map<string, string>();
  const missingDocuments: TrustCenterImportSummary['missingDocuments'] = [];
  for (const document of file.documents) {
    const storageKey = stored.get(document.key) ?? newStorageKey(organisationId);
    const [row] = await db
      .insert(files)
      .values({
        organisationId,
        storageKey,
        originalName: document.originalName,
        title: document.title,
        contentType: document.contentType,
        sizeBytes: document.sizeBytes,
        sha256: document.sha256,
        accessType: document.accessType,
        uploadedByStaffUserId: actor.staffUserId,
        createdAt: toDate(document.createdAt) ?? now,
        updatedAt: toDate(document.createdAt) ?? now,
      })
      .returning({ id: files.id });
    fileIdByKey.set(document.key, row!.id);
    if (!stored.has(document.key)) {
      missingDocuments.push({
        fileId: row!.id,
        key: document.key,
        title: document.title,
        originalName: document.originalName,
      });
    }
    counts.documents++;
  }

  return { fileIdByKey, missingDocuments };
}

type ItemLinks = { staffByEmail: Map<string, string>; fileIdByKey: Map<string, string> };

/** Products with their cards and items, then what each product has beside them. */
async function importProducts(run: ImportRun, links: ItemLinks) {
  const { db, organisationId, file, counts, assetOf } = run;
  const itemIdByKey = new Map<string, string>();
  const productIdBySlug = new Map<string, string>();
  for (const [productIndex, product] of file.products.entries()) {
    const [productRow] = await db
      .insert(products)
      .values({
        organisationId,
        name: product.name,
        slug: product.slug,
        isShown: product.isShown,
        isDefault: product.isDefault,
        position: productIndex,
        bannerAssetId: await assetOf(['products', productIndex, 'banner']),
        sectionOrder: product.sectionOrder,
      })
      .returning({ id: products.id });
    const productId = productRow!.id;
    productIdBySlug.set(product.slug, productId);
    counts.products++;
    await materialiseCatalogue(db, productId);

    await importCards(run, { product, productIndex, productId }, links, itemIdByKey);
    await importProductExtras(run, product, productId, itemIdByKey);
  }
  if (file.productLinks.length > 0) {
    await db
      .insert(productLinks)
      .values(file.productLinks.map((link, position) => ({ organisationId, ...link, position })));
  }

  return { itemIdByKey, productIdBySlug };
}

type ImportedProduct = {
  product: PreparedImport['file']['products'][number];
  productIndex: number;
  productId: string;
};

/** A product's cards (already made from the catalogue) take the file's settings; items are added or updated. */
async function importCards(
  { db, organisationId, now, counts, assetOf }: ImportRun,
  { product, productIndex, productId }: ImportedProduct,
  { staffByEmail, fileIdByKey }: ItemLinks,
  itemIdByKey: Map<string, string>,
) {
  for (const [cardIndex, card] of product.cards.entries()) {
    await db
      .update(cards)
      .set({
        title: card.title,
        displayText: card.displayText,
        placeholder: card.placeholder,
        isHidden: card.isHidden,
        position: card.position,
        iconAssetId: await assetOf(['products', productIndex, 'cards', cardIndex, 'icon']),
        updatedAt: now,
      })
      .where(and(eq(cards.productId, productId), eq(cards.kind, card.kind)));
    counts.cards++;
    for (const item of card.items) {
      const values = {
        ...itemValues(
          item,
          item.modifiedBy ? (staffByEmail.get(item.modifiedBy.toLowerCase()) ?? null) : null,
        ),
        cardKind: card.kind,
      };
      const [row] =
        item.catalogueKey === null
          ? await db
              .insert(items)
              .values({ organisationId, productId, ...values })
              .returning({ id: items.id })
          : await db
              .update(items)
              .set(values)
              .where(and(eq(items.productId, productId), eq(items.catalogueKey, item.catalogueKey)))
              .returning({ id: items.id });
      const itemId = row!.id;
      itemIdByKey.set(item.key, itemId);
      counts.items++;
      if (item.documents.length > 0) {
        await db.insert(itemFiles).values(
          item.documents.map((documentKey, position) => ({
            itemId,
            fileId: fileIdByKey.get(documentKey)!,
            position,
          })),
        );
      }
      if (item.riskAnswer) {
        await db.insert(riskProfileAnswers).values({ itemId, organisationId, answer: item.riskAnswer });
      }
      if (item.securityGrade) {
        await db.insert(securityGrades).values({ itemId, organisationId, ...item.securityGrade });
      }
    }
  }
}

/** Overview, Trusted by, subprocessors, integrations and bridge letters of one product. */
async function importProductExtras(
  { db, organisationId, now }: ImportRun,
  product: ImportedProduct['product'],
  productId: string,
  itemIdByKey: Map<string, string>,
) {
  if (product.overview !== '') {
    await db.insert(productOverviews).values({ productId, organisationId, body: product.overview });
  }
  if (product.trustedBy.length > 0) {
    await db
      .insert(trustedByCompanies)
      .values(
        product.trustedBy.map((company, position) => ({ organisationId, productId, position, company })),
      );
  }
  const subprocessorTimes = increasing(
    product.subprocessors.map((entry) => entry.createdAt),
    now,
  );
  if (product.subprocessors.length > 0) {
    await db.insert(subprocessors).values(
      product.subprocessors.map((entry, index) => ({
        organisationId,
        productId,
        company: entry.company,
        purpose: entry.purpose,
        location: entry.location,
        additionalDetails: entry.additionalDetails,
        createdAt: subprocessorTimes[index],
      })),
    );
  }
  if (product.integrations.length > 0) {
    await db
      .insert(integrationConnections)
      .values(product.integrations.map((integration) => ({ organisationId, productId, ...integration })));
  }
  for (const letter of product.bridgeLetters) {
    await db.insert(bridgeLetters).values({
      organisationId,
      productId,
      itemId: letter.item ? (itemIdByKey.get(letter.item) ?? null) : null,
      letterType: letter.letterType,
      title: letter.title,
      content: letter.content,
      signerName: letter.signerName,
      signerTitle: letter.signerTitle,
      letterDate: letter.letterDate,
    });
  }
}

async function importPermissionProfiles(
  { db, organisationId, file, now, counts }: ImportRun,
  itemIdByKey: Map<string, string>,
) {
  const profileTimes = increasing(
    file.permissionProfiles.map(() => undefined),
    now,
  );
  for (const [index, profile] of file.permissionProfiles.entries()) {
    const [row] = await db
      .insert(permissionProfiles)
      .values({ organisationId, name: profile.name, createdAt: profileTimes[index] })
      .returning({ id: permissionProfiles.id });
    const itemIds = [...new Set(profile.items.map((key) => itemIdByKey.get(key)!))];
    if (itemIds.length > 0) {
      await db
        .insert(permissionProfileItems)
        .values(itemIds.map((itemId) => ({ permissionProfileId: row!.id, itemId })));
    }
    counts.permissionProfiles++;
  }
}

async function importAccessRules({ db, organisationId, file, now }: ImportRun) {
  // Access rules: the file's, keeping a bring-your-own-identity secret set here (never in files).
  const access = file.access;
  const settingsValues = {
    autoApproveAccountMembers: access.autoApproveAccountMembers,
    rejectFreeMailDomains: access.rejectFreeMailDomains,
    defaultAccessDays: access.defaultAccessDays,
    requireNda: access.requireNda,
    byoidJwksUrl: access.byoid.jwksUrl,
    byoidIssuer: access.byoid.issuer,
    updatedAt: now,
  };
  await db
    .insert(accessSettings)
    .values({ organisationId, ...settingsValues })
    .onConflictDoUpdate({ target: accessSettings.organisationId, set: settingsValues });
  await db.delete(accessDomainRules).where(eq(accessDomainRules.organisationId, organisationId));
  if (access.domainRules.length > 0) {
    await db
      .insert(accessDomainRules)
      .values(access.domainRules.map((rule) => ({ organisationId, ...rule })));
  }
}

async function importNdaVersions({ db, organisationId, file, now, counts }: ImportRun) {
  const ndaTimes = increasing(
    file.ndaVersions.map((version) => version.createdAt),
    now,
  );
  for (const [index, version] of file.ndaVersions.entries()) {
    await db.insert(ndaVersions).values({
      organisationId,
      title: version.title,
      body: version.body,
      sourceFileName: version.sourceFileName,
      sha256: createHash('sha256').update(version.body, 'utf8').digest('hex'),
      createdAt: ndaTimes[index],
    });
    counts.ndaVersions++;
  }
}

async function importUpdateTopics({ db, organisationId, file, now, counts }: ImportRun) {
  for (const topic of file.updateTopics) {
    const [row] = await db
      .insert(topics)
      .values({
        organisationId,
        subject: topic.subject,
        category: topic.category,
        isHidden: topic.isHidden,
        isPinned: topic.isPinned,
        createdAt: toDate(topic.createdAt) ?? now,
        updatedAt: toDate(topic.updatedAt) ?? toDate(topic.createdAt) ?? now,
      })
      .returning({ id: topics.id });
    const times = increasing(
      topic.updates.map((update) => update.createdAt),
      now,
    );
    await db.insert(topicUpdates).values(
      topic.updates.map((update, index) => ({
        organisationId,
        topicId: row!.id,
        message: update.message,
        audience: update.audience,
        onStatusPage: update.onStatusPage,
        createdAt: times[index],
      })),
    );
    counts.updateTopics++;
    counts.updates += topic.updates.length;
  }
}

async function importKnowledgeBase(
  { db, organisationId, file, now, counts }: ImportRun,
  productIdBySlug: Map<string, string>,
) {
  const kbChunk = 500;
  for (let start = 0; start < file.knowledgeBase.length; start += kbChunk) {
    await db.insert(knowledgeBaseEntries).values(
      file.knowledgeBase.slice(start, start + kbChunk).map((entry) => ({
        organisationId,
        question: entry.question,
        answer: entry.answer,
        comment: entry.comment,
        sourceType: entry.sourceType,
        sourceSubtype: entry.sourceSubtype,
        sourceName: entry.sourceName,
        isFavoritePublic: entry.isFavoritePublic,
        accessLevel: entry.accessLevel,
        productIds: entry.products.map((slug) => productIdBySlug.get(slug)!),
        createdAt: toDate(entry.createdAt) ?? now,
        modifiedAt: toDate(entry.modifiedAt) ?? toDate(entry.createdAt) ?? now,
      })),
    );
  }
  counts.knowledgeBaseEntries = file.knowledgeBase.length;
}

/**
 * Text in, trust center out: parse and validate (problems with lines), check images and supplied
 * bytes, then apply in one transaction. Throws TrustCenterImportError when the file is not valid.
 */
export async function importTrustCenterText(
  deps: ImportDeps,
  target: ImportTarget,
  input: { text: string; fileName?: string; contentType?: string; documentFiles?: DocumentFileSource },
  actor: ImportActor,
) {
  const parsed = parseTrustCenterText(input.text, {
    fileName: input.fileName,
    contentType: input.contentType,
  });
  if (!parsed.ok) throw new TrustCenterImportError(parsed.problems);
  const prepared = await prepareImport(parsed.file, parsed.locate, input.documentFiles);
  if (!prepared.ok) throw new TrustCenterImportError(prepared.problems);
  return importTrustCenter(deps, target, prepared.prepared, actor);
}
