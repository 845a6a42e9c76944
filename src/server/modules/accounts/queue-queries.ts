import { and, asc, count, desc, eq, inArray, max, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AccessRequestRow, AccessRequestStatus } from '../../../shared/access';
import { RequesterType } from '../../../shared/access';
import {
  type AccessRequestDetail,
  type AccessRequestHistoryEntry,
  type AccessRequestPage,
  type AccessRequestQueueQuery,
  defaultQueueSort,
  type MatchingPendingRequests,
  type QueueCounts,
  queueLimits,
} from '../../../shared/access-queue';
import type { Database } from '../../db/client';
import {
  accessRequests,
  accountMembers,
  accounts,
  items,
  ndaAcceptances,
  ndaVersions,
  products,
  staffUsers,
} from '../../db/schema';
import { emailDomain, isFreeMailDomain } from '../access';

const iso = (value: Date | null) => (value ? value.toISOString() : null);
const dayMs = 24 * 60 * 60 * 1000;

/** The expression the domain index (migration 0011) is built on; queries must use it verbatim. */
const requestDomain = sql`lower(split_part(${accessRequests.email}, '@', 2))`;

const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** Every filter of the view except its status, so the per-status counts answer "how many if I switch". */
function viewConditions(organisationId: string, query: AccessRequestQueueQuery): SQL[] {
  const conditions: SQL[] = [eq(accessRequests.organisationId, organisationId)];
  for (const term of (query.q ?? '').split(/\s+/).filter(Boolean)) {
    const pattern = likePattern(term);
    conditions.push(
      or(
        sql`(${accessRequests.firstName} || ' ' || ${accessRequests.lastName}) ilike ${pattern}`,
        sql`${accessRequests.email} ilike ${pattern}`,
        sql`${accessRequests.companyName} ilike ${pattern}`,
      )!,
    );
  }
  if (query.productId) {
    conditions.push(
      or(
        eq(accessRequests.productId, query.productId),
        sql`${accessRequests.requestedProductIds} @> ${JSON.stringify([query.productId])}::jsonb`,
      )!,
    );
  }
  if (query.requesterType) conditions.push(eq(accessRequests.relationship, query.requesterType));
  if (query.country) conditions.push(sql`upper(${accessRequests.country}) = ${query.country}`);
  if (query.source) conditions.push(eq(accessRequests.source, query.source));
  if (query.from)
    conditions.push(sql`${accessRequests.createdAt} >= ${`${query.from}T00:00:00Z`}::timestamptz`);
  if (query.to) {
    const dayAfter = new Date(Date.parse(`${query.to}T00:00:00Z`) + dayMs).toISOString();
    conditions.push(sql`${accessRequests.createdAt} < ${dayAfter}::timestamptz`);
  }
  if (query.hasNda) {
    // Qualified by hand: in a correlated sql`` subquery Drizzle may write the outer column unqualified.
    const accepted = sql`exists (select 1 from nda_acceptances acceptance where acceptance.organisation_id = ${organisationId} and lower(acceptance.signer_email) = lower("access_requests"."email"))`;
    conditions.push(query.hasNda === 'yes' ? accepted : sql`not ${accepted}`);
  }
  return conditions;
}

function statusCondition(status: AccessRequestQueueQuery['status']): SQL | undefined {
  if (status === 'all') return undefined;
  if (status === 'decided') return ne(accessRequests.status, 'pending');
  return eq(accessRequests.status, status);
}

function orderOf(sort: ReturnType<typeof defaultQueueSort>): SQL[] {
  switch (sort) {
    case 'oldest':
      return [asc(accessRequests.createdAt), asc(accessRequests.id)];
    case 'newest':
      return [desc(accessRequests.createdAt), desc(accessRequests.id)];
    case 'name':
      return [
        sql`lower(${accessRequests.firstName} || ' ' || ${accessRequests.lastName})`,
        asc(accessRequests.createdAt),
        asc(accessRequests.id),
      ];
    case 'company':
      return [
        sql`lower(${accessRequests.companyName})`,
        asc(accessRequests.createdAt),
        asc(accessRequests.id),
      ];
  }
}

const emptyCounts = (): QueueCounts => ({
  pending: 0,
  approved: 0,
  declined: 0,
  auto_approved: 0,
  auto_declined: 0,
});

function totalOf(counts: QueueCounts, status: AccessRequestQueueQuery['status']): number {
  if (status === 'all') return Object.values(counts).reduce((sum, value) => sum + value, 0);
  if (status === 'decided')
    return Object.values(counts).reduce((sum, value) => sum + value, 0) - counts.pending;
  return counts[status];
}

/** Joins that name what a request was for and who invited the requester. */
function selectRequestRows(db: Database, organisationId: string) {
  const inviter = alias(accountMembers, 'inviter');
  const decider = alias(staffUsers, 'decider');
  return db
    .select({
      request: accessRequests,
      productName: products.name,
      itemTitle: items.title,
      accountName: accounts.name,
      invitedBy: inviter.email,
      decidedBy: decider.name,
    })
    .from(accessRequests)
    .leftJoin(products, eq(products.id, accessRequests.productId))
    .leftJoin(
      items,
      and(eq(sql`${items.id}::text`, accessRequests.itemUid), eq(items.organisationId, organisationId)),
    )
    .leftJoin(accounts, eq(accounts.id, accessRequests.accountId))
    .leftJoin(inviter, eq(inviter.id, accessRequests.invitedByAccountMemberId))
    .leftJoin(decider, eq(decider.id, accessRequests.decidedByStaffUserId))
    .$dynamic();
}
type RequestRowData = Awaited<ReturnType<ReturnType<typeof selectRequestRows>['execute']>>[number];

/** Each address's latest NDA acceptance here and whether it accepted the current version. */
async function ndaStateByEmail(db: Database, organisationId: string, emails: string[]) {
  const state = new Map<string, { acceptedAt: string; isCurrent: boolean }>();
  if (emails.length === 0) return state;
  const [current] = await db
    .select({ id: ndaVersions.id })
    .from(ndaVersions)
    .where(eq(ndaVersions.organisationId, organisationId))
    .orderBy(desc(ndaVersions.createdAt), desc(ndaVersions.id))
    .limit(1);
  const email = sql<string>`lower(${ndaAcceptances.signerEmail})`;
  const rows = await db
    .select({
      email,
      acceptedAt: max(ndaAcceptances.acceptedAt),
      acceptedCurrent: sql<boolean>`bool_or(${ndaAcceptances.ndaVersionId} = ${current?.id ?? null})`,
    })
    .from(ndaAcceptances)
    .where(
      and(
        eq(ndaAcceptances.organisationId, organisationId),
        inArray(
          email,
          emails.map((address) => address.toLowerCase()),
        ),
      ),
    )
    .groupBy(email);
  for (const row of rows) {
    if (row.acceptedAt)
      state.set(row.email, {
        acceptedAt: row.acceptedAt.toISOString(),
        isCurrent: Boolean(row.acceptedCurrent),
      });
  }
  return state;
}

function productsOf(db: Database, organisationId: string) {
  return db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(eq(products.organisationId, organisationId))
    .orderBy(asc(products.position), asc(products.name));
}

async function toRows(
  db: Database,
  organisationId: string,
  rows: RequestRowData[],
  productList?: { id: string; name: string }[],
): Promise<AccessRequestRow[]> {
  const [productOptions, ndaState] = await Promise.all([
    productList ?? productsOf(db, organisationId),
    ndaStateByEmail(
      db,
      organisationId,
      rows.map(({ request }) => request.email),
    ),
  ]);
  const productNames = new Map(productOptions.map((product) => [product.id, product.name]));
  return rows.map(({ request, productName, itemTitle, accountName, invitedBy }) => {
    const relationship = RequesterType.safeParse(request.relationship);
    return {
      id: request.id,
      email: request.email,
      firstName: request.firstName,
      lastName: request.lastName,
      companyName: request.companyName,
      jobTitle: request.jobTitle,
      pointOfContactEmail: request.pointOfContactEmail,
      relationship: relationship.success ? relationship.data : null,
      country: request.country,
      requestedProductNames: request.requestedProductIds.flatMap((id) => productNames.get(id) ?? []),
      productName,
      itemTitle,
      source: request.source,
      kind: request.kind,
      status: request.status,
      declinedBy: request.declinedBy,
      decisionReason: request.decisionReason,
      accountId: request.accountId,
      accountName,
      invitedBy,
      nda: ndaState.get(request.email.toLowerCase()) ?? null,
      createdAt: request.createdAt.toISOString(),
      decidedAt: iso(request.decidedAt),
    };
  });
}

async function distinctValues(db: Database, organisationId: string, column: 'source' | 'country') {
  const value = column === 'source' ? accessRequests.source : sql<string>`upper(${accessRequests.country})`;
  const rows = await db
    .selectDistinct({ value })
    .from(accessRequests)
    .where(and(eq(accessRequests.organisationId, organisationId), sql`${value} is not null`))
    .orderBy(value)
    .limit(queueLimits.facetMax);
  return rows.flatMap((row) => (row.value ? [row.value] : []));
}

/**
 * The page's ids first, from access_requests alone (an index walk), then the joins for those rows
 * only: joined before the limit, a deep page would join every row it skips.
 */
async function pageOfRequests(
  db: Database,
  organisationId: string,
  where: SQL,
  sort: ReturnType<typeof defaultQueueSort>,
  query: AccessRequestQueueQuery,
) {
  const ids = (
    await db
      .select({ id: accessRequests.id })
      .from(accessRequests)
      .where(where)
      .orderBy(...orderOf(sort))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
  ).map((row) => row.id);
  if (ids.length === 0) return [];
  const rows = await selectRequestRows(db, organisationId).where(inArray(accessRequests.id, ids));
  const position = new Map(ids.map((id, index) => [id, index]));
  return rows.sort((a, b) => position.get(a.request.id)! - position.get(b.request.id)!);
}

/** One page of the review queue, the counts per status under the same filters, and the filter values. */
export async function listAccessRequestPage(
  db: Database,
  organisationId: string,
  query: AccessRequestQueueQuery,
): Promise<AccessRequestPage> {
  const sort = query.sort ?? defaultQueueSort(query.status);
  const conditions = viewConditions(organisationId, query);
  const [pageRows, countRows, productList, sources, countries] = await Promise.all([
    pageOfRequests(db, organisationId, and(...conditions, statusCondition(query.status))!, sort, query),
    db
      .select({ status: accessRequests.status, total: count() })
      .from(accessRequests)
      .where(and(...conditions))
      .groupBy(accessRequests.status),
    productsOf(db, organisationId),
    distinctValues(db, organisationId, 'source'),
    distinctValues(db, organisationId, 'country'),
  ]);
  const counts = emptyCounts();
  for (const row of countRows) counts[row.status as AccessRequestStatus] = Number(row.total);
  const total = totalOf(counts, query.status);
  return {
    requests: await toRows(db, organisationId, pageRows, productList),
    total,
    page: query.page,
    pageSize: query.pageSize,
    pageCount: Math.max(1, Math.ceil(total / query.pageSize)),
    sort,
    counts,
    facets: { products: productList, sources, countries },
  };
}

/** The pending requests the view's search and filters match, in its order, for a decision on all of them. */
export async function listMatchingPendingIds(
  db: Database,
  organisationId: string,
  query: AccessRequestQueueQuery,
): Promise<MatchingPendingRequests> {
  const where = and(...viewConditions(organisationId, query), eq(accessRequests.status, 'pending'));
  const rows = await db
    .select({ id: accessRequests.id })
    .from(accessRequests)
    .where(where)
    .orderBy(...orderOf(query.sort ?? defaultQueueSort('pending')))
    .limit(queueLimits.selectAllMax);
  const ids = rows.map((row) => row.id);
  // Under the cap the ids are all of them; only a capped list needs the count.
  if (ids.length < queueLimits.selectAllMax) return { ids, total: ids.length };
  const [counted] = await db.select({ total: count() }).from(accessRequests).where(where);
  return { ids, total: Number(counted?.total ?? ids.length) };
}

function toHistoryEntry({ request, decidedBy }: RequestRowData): AccessRequestHistoryEntry {
  const { id, email, firstName, lastName, companyName, kind, status, declinedBy, decisionReason } = request;
  const decision = { declinedBy, decisionReason, accessDays: request.accessDays, decidedBy };
  return {
    id,
    email,
    firstName,
    lastName,
    companyName,
    kind,
    status,
    ...decision,
    createdAt: request.createdAt.toISOString(),
    decidedAt: iso(request.decidedAt),
  };
}

/** A request with what the requester asked for, and the other requests of the same person and domain. */
export async function findAccessRequestDetail(
  db: Database,
  organisationId: string,
  requestId: string,
): Promise<AccessRequestDetail | null> {
  const [found] = await selectRequestRows(db, organisationId).where(
    and(eq(accessRequests.organisationId, organisationId), eq(accessRequests.id, requestId)),
  );
  if (!found) return null;
  const email = found.request.email.toLowerCase();
  const domain = emailDomain(email);
  const domainOfEmployer = isFreeMailDomain(domain) ? null : domain;
  const newestFirst = [desc(accessRequests.createdAt), desc(accessRequests.id)];
  const samePersonWhere = and(
    eq(accessRequests.organisationId, organisationId),
    sql`lower(${accessRequests.email}) = ${email}`,
    ne(accessRequests.id, requestId),
  );
  const sameDomainWhere = and(
    eq(accessRequests.organisationId, organisationId),
    sql`${requestDomain} = ${domainOfEmployer}`,
    sql`lower(${accessRequests.email}) <> ${email}`,
  );
  const countOf = async (where: SQL | undefined) =>
    (await db.select({ total: count() }).from(accessRequests).where(where))[0]?.total ?? 0;
  const [[row], samePerson, samePersonTotal, sameDomain, sameDomainTotal] = await Promise.all([
    toRows(db, organisationId, [found]),
    selectRequestRows(db, organisationId)
      .where(samePersonWhere)
      .orderBy(...newestFirst)
      .limit(queueLimits.historyMax),
    countOf(samePersonWhere),
    domainOfEmployer
      ? selectRequestRows(db, organisationId)
          .where(sameDomainWhere)
          .orderBy(...newestFirst)
          .limit(queueLimits.historyMax)
      : Promise.resolve([]),
    domainOfEmployer ? countOf(sameDomainWhere) : Promise.resolve(0),
  ]);
  return {
    request: {
      ...row!,
      itemKind: found.request.itemKind,
      wantsUpdates: found.request.wantsUpdates,
      customCheckbox: found.request.customCheckbox,
      decidedBy: found.decidedBy,
    },
    samePerson: samePerson.map(toHistoryEntry),
    samePersonTotal,
    domain: domainOfEmployer,
    sameDomain: sameDomain.map(toHistoryEntry),
    sameDomainTotal,
  };
}
