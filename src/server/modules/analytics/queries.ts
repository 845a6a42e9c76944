import {
  and,
  count,
  countDistinct,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  like,
  lt,
  notInArray,
  or,
  sql,
} from 'drizzle-orm';
import { analyticsLimits, staffEventNames } from '../../../shared/analytics';
import type { Database } from '../../db/client';
import {
  accessRequests,
  accountMembers,
  accounts,
  analyticsEvents,
  auditLog,
  documentAccessEvents,
  files,
  items,
  knowledgeBaseGaps,
} from '../../db/schema';

export type Range = { organisationId: string; start: Date; end: Date };

/** Staff looking at their own portal are not visitors: their modes are left out of every report. */
const staffModes = ['main', 'preview'];

function eventsIn(range: Range) {
  return and(
    eq(analyticsEvents.organisationId, range.organisationId),
    gte(analyticsEvents.createdAt, range.start),
    lt(analyticsEvents.createdAt, range.end),
    notInArray(analyticsEvents.viewerMode, staffModes),
  );
}

/** What the event counts and the export list: visitors' events, and the staff events recorded on purpose. */
function reportedEventsIn(range: Range) {
  return and(
    eq(analyticsEvents.organisationId, range.organisationId),
    gte(analyticsEvents.createdAt, range.start),
    lt(analyticsEvents.createdAt, range.end),
    or(
      notInArray(analyticsEvents.viewerMode, staffModes),
      inArray(analyticsEvents.name, [...staffEventNames]),
    ),
  );
}

function documentEventsIn(range: Range) {
  return and(
    eq(documentAccessEvents.organisationId, range.organisationId),
    gte(documentAccessEvents.createdAt, range.start),
    lt(documentAccessEvents.createdAt, range.end),
    notInArray(documentAccessEvents.viewerMode, staffModes),
  );
}

/** Events counted: a row of server page views stands for `views` of them (decision 374); any other row for one. */
const viewsCounted = sql<number>`coalesce(sum(${analyticsEvents.views}), 0)`.mapWith(Number);

const dayOf = (column: typeof analyticsEvents.createdAt) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

export async function countVisits(db: Database, range: Range) {
  const [visits] = await db
    .select({ value: viewsCounted })
    .from(analyticsEvents)
    .where(and(eventsIn(range), eq(analyticsEvents.name, 'page_view')));
  const [visitors] = await db
    .select({ value: countDistinct(analyticsEvents.visitorId) })
    .from(analyticsEvents)
    .where(and(eventsIn(range), isNotNull(analyticsEvents.visitorId)));
  return { visits: visits?.value ?? 0, uniqueVisitors: visitors?.value ?? 0 };
}

export async function visitsByDay(db: Database, range: Range) {
  const day = dayOf(analyticsEvents.createdAt);
  const rows = await db
    .select({
      day,
      visits:
        sql<number>`coalesce(sum(${analyticsEvents.views}) filter (where ${analyticsEvents.name} = 'page_view'), 0)`.mapWith(
          Number,
        ),
      uniqueVisitors: countDistinct(analyticsEvents.visitorId),
    })
    .from(analyticsEvents)
    .where(eventsIn(range))
    .groupBy(day)
    .orderBy(day);
  return rows;
}

export async function countEventsByName(db: Database, range: Range) {
  return db
    .select({ name: analyticsEvents.name, count: viewsCounted })
    .from(analyticsEvents)
    .where(reportedEventsIn(range))
    .groupBy(analyticsEvents.name)
    .orderBy(desc(viewsCounted), analyticsEvents.name);
}

/**
 * Card and item edits (spec 3 §7 'card edits'): made by staff, whose pages send no analytics, so
 * they are counted from the audit log, which records every one with who and when.
 */
export async function countCardEdits(db: Database, range: Range): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.organisationId, range.organisationId),
        gte(auditLog.createdAt, range.start),
        lt(auditLog.createdAt, range.end),
        or(like(auditLog.action, 'card.%'), like(auditLog.action, 'item.%')),
      ),
    );
  return row?.value ?? 0;
}

/** Items clicked most; ids a client made up match no item of the organisation and drop out. */
export async function topItems(db: Database, range: Range) {
  return db
    .select({ itemId: items.id, title: items.title, clicks: count() })
    .from(analyticsEvents)
    .innerJoin(
      items,
      and(eq(items.id, analyticsEvents.itemId), eq(items.organisationId, range.organisationId)),
    )
    .where(and(eventsIn(range), inArray(analyticsEvents.name, ['item_clicked', 'more_details_toggled'])))
    .groupBy(items.id, items.title)
    .orderBy(desc(count()), items.title)
    .limit(analyticsLimits.topListSize);
}

const downloadActions = ['download', 'bulk_download'] as const;
const isDownload = sql`${documentAccessEvents.action} in ('download', 'bulk_download')`;

export async function documentTotals(db: Database, range: Range) {
  const [row] = await db
    .select({
      views: sql<number>`count(*) filter (where ${documentAccessEvents.action} = 'view')`.mapWith(Number),
      downloads: sql<number>`count(*) filter (where ${isDownload})`.mapWith(Number),
    })
    .from(documentAccessEvents)
    .where(documentEventsIn(range));
  return { views: row?.views ?? 0, downloads: row?.downloads ?? 0 };
}

export async function topDocuments(db: Database, range: Range, limit: number = analyticsLimits.topListSize) {
  const total = sql<number>`count(*)`.mapWith(Number);
  return db
    .select({
      fileId: files.id,
      title: files.title,
      views: sql<number>`count(*) filter (where ${documentAccessEvents.action} = 'view')`.mapWith(Number),
      downloads: sql<number>`count(*) filter (where ${isDownload})`.mapWith(Number),
    })
    .from(documentAccessEvents)
    .innerJoin(files, eq(files.id, documentAccessEvents.fileId))
    .where(documentEventsIn(range))
    .groupBy(files.id, files.title)
    .orderBy(desc(total), files.title)
    .limit(limit);
}

const resultCount = sql`(${analyticsEvents.props}->>'resultCount')`;

export async function searchTotals(db: Database, range: Range) {
  const [row] = await db
    .select({
      searches: count(),
      withoutResults: sql<number>`count(*) filter (where ${resultCount} = '0')`.mapWith(Number),
    })
    .from(analyticsEvents)
    .where(and(eventsIn(range), eq(analyticsEvents.name, 'search_query_entered')));
  return { searches: row?.searches ?? 0, withoutResults: row?.withoutResults ?? 0 };
}

export async function searchesWithoutResults(db: Database, range: Range) {
  const query = sql<string>`lower(trim(${analyticsEvents.subject}))`;
  return db
    .select({ query, count: count() })
    .from(analyticsEvents)
    .where(
      and(
        eventsIn(range),
        eq(analyticsEvents.name, 'search_query_entered'),
        sql`${resultCount} = '0'`,
        sql`coalesce(trim(${analyticsEvents.subject}), '') <> ''`,
      ),
    )
    .groupBy(query)
    .orderBy(desc(count()), query)
    .limit(analyticsLimits.topListSize);
}

/** Questions the knowledge base could not answer (recorded by the search module), asked in the range. */
export async function knowledgeGaps(db: Database, range: Range) {
  return db
    .select({
      question: knowledgeBaseGaps.question,
      askCount: knowledgeBaseGaps.askCount,
      lastAskedAt: knowledgeBaseGaps.lastAskedAt,
    })
    .from(knowledgeBaseGaps)
    .where(
      and(
        eq(knowledgeBaseGaps.organisationId, range.organisationId),
        gte(knowledgeBaseGaps.lastAskedAt, range.start),
        lt(knowledgeBaseGaps.lastAskedAt, range.end),
      ),
    )
    .orderBy(desc(knowledgeBaseGaps.askCount), desc(knowledgeBaseGaps.lastAskedAt))
    .limit(analyticsLimits.topListSize);
}

/**
 * Access-request funnel over people (distinct e-mail) who asked in the range: approved (by staff or
 * automatically), then signed in after asking, then downloaded a document after asking. Read from
 * access_requests, account_members.last_sign_in_at and document_access_events; nothing is copied.
 */
export async function accessFunnel(db: Database, range: Range) {
  const email = sql<string>`lower(${accessRequests.email})`;
  const requests = db
    .select({
      email: email.as('request_email'),
      askedAt: sql<Date>`min(${accessRequests.createdAt})`.as('asked_at'),
      isApproved: sql<boolean>`bool_or(${accessRequests.status} in ('approved', 'auto_approved'))`.as(
        'is_approved',
      ),
    })
    .from(accessRequests)
    .where(
      and(
        eq(accessRequests.organisationId, range.organisationId),
        gte(accessRequests.createdAt, range.start),
        lt(accessRequests.createdAt, range.end),
      ),
    )
    .groupBy(email)
    .as('requests');
  const hasSignedIn = sql`${requests.isApproved} and ${accountMembers.lastSignInAt} >= ${requests.askedAt}`;
  const hasDownloaded = sql`exists (
    select 1 from ${documentAccessEvents}
    where ${documentAccessEvents.accountMemberId} = ${accountMembers.id}
      and ${documentAccessEvents.action} in ${downloadActions}
      and ${documentAccessEvents.createdAt} >= ${requests.askedAt})`;
  const [row] = await db
    .select({
      requested: count(),
      approved: sql<number>`count(*) filter (where ${requests.isApproved})`.mapWith(Number),
      signedIn: sql<number>`count(*) filter (where ${hasSignedIn})`.mapWith(Number),
      downloaded: sql<number>`count(*) filter (where ${hasSignedIn} and ${hasDownloaded})`.mapWith(Number),
    })
    .from(requests)
    .leftJoin(
      accountMembers,
      and(
        eq(accountMembers.organisationId, range.organisationId),
        eq(sql`lower(${accountMembers.email})`, requests.email),
      ),
    );
  return {
    requested: row?.requested ?? 0,
    approved: row?.approved ?? 0,
    signedIn: row?.signedIn ?? 0,
    downloaded: row?.downloaded ?? 0,
  };
}

/** Raw events for the CSV export, oldest first, with the account's name. */
export async function listEventsForExport(db: Database, range: Range, limit: number) {
  return db
    .select({
      createdAt: analyticsEvents.createdAt,
      name: analyticsEvents.name,
      source: analyticsEvents.source,
      viewerMode: analyticsEvents.viewerMode,
      visitorId: analyticsEvents.visitorId,
      accountName: accounts.name,
      memberEmail: accountMembers.email,
      path: analyticsEvents.path,
      itemId: analyticsEvents.itemId,
      subject: analyticsEvents.subject,
      props: analyticsEvents.props,
      views: analyticsEvents.views,
    })
    .from(analyticsEvents)
    .leftJoin(accounts, eq(accounts.id, analyticsEvents.accountId))
    .leftJoin(accountMembers, eq(accountMembers.id, analyticsEvents.accountMemberId))
    .where(reportedEventsIn(range))
    .orderBy(analyticsEvents.createdAt, analyticsEvents.id)
    .limit(limit);
}
