import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
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

/**
 * Every row of an organisation's trust center, read in a handful of queries. Ties in time are broken
 * by content before ids, so two copies of one trust center export the same file.
 */
export async function loadTrustCenterRows(db: Database, organisationId: string) {
  const [organisation] = await db
    .select()
    .from(organisations)
    .where(eq(organisations.id, organisationId))
    .limit(1);
  if (!organisation) return null;
  const [
    productRows,
    linkRows,
    cardRows,
    itemRows,
    fileRows,
    itemFileRows,
    riskRows,
    gradeRows,
    trustedRows,
    subprocessorRows,
    overviewRows,
    integrationRows,
    letterRows,
    profileRows,
    profileItemRows,
    settingsRows,
    ruleRows,
    ndaRows,
    topicRows,
    updateRows,
    kbRows,
    partnerRows,
    staffRows,
  ] = await Promise.all([
    db
      .select()
      .from(products)
      .where(eq(products.organisationId, organisationId))
      .orderBy(asc(products.position), asc(products.name)),
    db
      .select()
      .from(productLinks)
      .where(eq(productLinks.organisationId, organisationId))
      .orderBy(asc(productLinks.position), asc(productLinks.name)),
    db.select().from(cards).where(eq(cards.organisationId, organisationId)),
    db
      .select()
      .from(items)
      .where(eq(items.organisationId, organisationId))
      .orderBy(asc(items.createdAt), asc(items.id)),
    db
      .select()
      .from(files)
      .where(eq(files.organisationId, organisationId))
      .orderBy(asc(files.createdAt), asc(files.originalName), asc(files.title), asc(files.id)),
    db
      .select({ itemId: itemFiles.itemId, fileId: itemFiles.fileId, position: itemFiles.position })
      .from(itemFiles)
      .innerJoin(files, eq(files.id, itemFiles.fileId))
      .where(eq(files.organisationId, organisationId))
      .orderBy(asc(itemFiles.position), asc(itemFiles.createdAt)),
    db.select().from(riskProfileAnswers).where(eq(riskProfileAnswers.organisationId, organisationId)),
    db.select().from(securityGrades).where(eq(securityGrades.organisationId, organisationId)),
    db
      .select()
      .from(trustedByCompanies)
      .where(eq(trustedByCompanies.organisationId, organisationId))
      .orderBy(asc(trustedByCompanies.position)),
    db
      .select()
      .from(subprocessors)
      .where(eq(subprocessors.organisationId, organisationId))
      .orderBy(asc(subprocessors.createdAt), asc(subprocessors.id)),
    db.select().from(productOverviews).where(eq(productOverviews.organisationId, organisationId)),
    db.select().from(integrationConnections).where(eq(integrationConnections.organisationId, organisationId)),
    db.select().from(bridgeLetters).where(eq(bridgeLetters.organisationId, organisationId)),
    db
      .select()
      .from(permissionProfiles)
      .where(eq(permissionProfiles.organisationId, organisationId))
      .orderBy(asc(permissionProfiles.createdAt), asc(permissionProfiles.name)),
    db
      .select({
        permissionProfileId: permissionProfileItems.permissionProfileId,
        itemId: permissionProfileItems.itemId,
      })
      .from(permissionProfileItems)
      .innerJoin(permissionProfiles, eq(permissionProfiles.id, permissionProfileItems.permissionProfileId))
      .where(eq(permissionProfiles.organisationId, organisationId)),
    db.select().from(accessSettings).where(eq(accessSettings.organisationId, organisationId)),
    db
      .select()
      .from(accessDomainRules)
      .where(eq(accessDomainRules.organisationId, organisationId))
      .orderBy(asc(accessDomainRules.kind), asc(accessDomainRules.domain)),
    db
      .select()
      .from(ndaVersions)
      .where(eq(ndaVersions.organisationId, organisationId))
      .orderBy(asc(ndaVersions.createdAt), asc(ndaVersions.title), asc(ndaVersions.id)),
    db
      .select()
      .from(topics)
      .where(eq(topics.organisationId, organisationId))
      .orderBy(asc(topics.createdAt), asc(topics.subject), asc(topics.id)),
    db
      .select()
      .from(topicUpdates)
      .where(eq(topicUpdates.organisationId, organisationId))
      .orderBy(asc(topicUpdates.createdAt), asc(topicUpdates.message), asc(topicUpdates.id)),
    db
      .select({
        question: knowledgeBaseEntries.question,
        answer: knowledgeBaseEntries.answer,
        comment: knowledgeBaseEntries.comment,
        sourceType: knowledgeBaseEntries.sourceType,
        sourceSubtype: knowledgeBaseEntries.sourceSubtype,
        sourceName: knowledgeBaseEntries.sourceName,
        isFavoritePublic: knowledgeBaseEntries.isFavoritePublic,
        accessLevel: knowledgeBaseEntries.accessLevel,
        productIds: knowledgeBaseEntries.productIds,
        createdAt: knowledgeBaseEntries.createdAt,
        modifiedAt: knowledgeBaseEntries.modifiedAt,
      })
      .from(knowledgeBaseEntries)
      .where(eq(knowledgeBaseEntries.organisationId, organisationId))
      .orderBy(
        asc(knowledgeBaseEntries.createdAt),
        asc(knowledgeBaseEntries.question),
        asc(knowledgeBaseEntries.id),
      ),
    db
      .select()
      .from(tprmPartners)
      .where(eq(tprmPartners.organisationId, organisationId))
      .orderBy(asc(tprmPartners.createdAt), asc(tprmPartners.name)),
    db
      .select({ id: staffUsers.id, email: staffUsers.email })
      .from(staffUsers)
      .where(eq(staffUsers.organisationId, organisationId)),
  ]);
  const assetIds = [
    organisation.logoAssetId,
    organisation.faviconAssetId,
    organisation.bannerAssetId,
    ...productRows.map((row) => row.bannerAssetId),
    ...cardRows.map((row) => row.iconAssetId),
  ].filter((id): id is string => id !== null);
  const assetRows =
    assetIds.length > 0
      ? await db
          .select({ id: assets.id, contentType: assets.contentType, bytes: assets.bytes })
          .from(assets)
          .where(and(eq(assets.organisationId, organisationId), inArray(assets.id, assetIds)))
      : [];
  return {
    organisation,
    productRows,
    linkRows,
    cardRows,
    itemRows,
    fileRows,
    itemFileRows,
    riskRows,
    gradeRows,
    trustedRows,
    subprocessorRows,
    overviewRows,
    integrationRows,
    letterRows,
    profileRows,
    profileItemRows,
    settingsRow: settingsRows[0] ?? null,
    ruleRows,
    ndaRows,
    topicRows,
    updateRows,
    kbRows,
    partnerRows,
    staffRows,
    assetRows,
  };
}
export type TrustCenterRows = NonNullable<Awaited<ReturnType<typeof loadTrustCenterRows>>>;

export async function findOrganisationIdBySlug(db: Database, slug: string) {
  const [row] = await db
    .select({ id: organisations.id, slug: organisations.slug, name: organisations.name })
    .from(organisations)
    .where(eq(organisations.slug, slug))
    .limit(1);
  return row ?? null;
}

/**
 * What an organisation already has beyond an untouched start (products whose items are all the
 * catalogue's, NotEnabled): the names of what is there, empty when an import may go ahead.
 */
export async function describeExistingContent(db: Database, organisationId: string): Promise<string[]> {
  const countOf = (
    table: PgTable & { organisationId: PgColumn },
    label: [string, string],
    condition = sql`true`,
  ) =>
    [
      label,
      sql<number>`(select count(*) from ${table} where ${table.organisationId} = ${organisationId} and ${condition})`.mapWith(
        Number,
      ),
    ] as const;
  const counts = [
    countOf(
      items,
      ['item in use', 'items in use'],
      sql`(${items.enabledState} <> 'NotEnabled' or ${items.catalogueKey} is null)`,
    ),
    countOf(files, ['document', 'documents']),
    countOf(topics, ['update topic', 'update topics']),
    countOf(knowledgeBaseEntries, ['FAQ entry', 'FAQ entries']),
    countOf(permissionProfiles, ['permission profile', 'permission profiles']),
    countOf(ndaVersions, ['NDA version', 'NDA versions']),
    countOf(subprocessors, ['subprocessor', 'subprocessors']),
    countOf(trustedByCompanies, ['trusted-by company', 'trusted-by companies']),
    countOf(productLinks, ['product link', 'product links']),
    countOf(tprmPartners, ['TPRM partner', 'TPRM partners']),
    countOf(productOverviews, ['overview', 'overviews'], sql`${productOverviews.body} <> ''`),
  ];
  // One query: it runs inside the import's transaction, on its one connection.
  const [row] = await db
    .select(Object.fromEntries(counts.map(([[, plural], value]) => [plural, value])))
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  return counts.flatMap(([[singular, plural]]) => {
    const value = Number(row?.[plural] ?? 0);
    return value > 0 ? [`${value} ${value === 1 ? singular : plural}`] : [];
  });
}
