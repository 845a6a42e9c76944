import { type SQL, sql } from 'drizzle-orm';
import type { EngagementActivityKind } from '../../../shared/analytics';
import type { Database } from '../../db/client';
import type { Range } from './queries';

/**
 * Per-account engagement, read from the two event tables: portal events carry their account, document
 * views and downloads their member (whose account they belong to). Staff modes are left out as in
 * every report. Raw SQL because the two sources meet in one UNION ALL that every query here groups.
 */

const isoUtc = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const itemOpenNames = sql`('item_clicked', 'more_details_toggled')`;
const staffModes = sql`('main', 'preview')`;

/** Every visitor action of the range with its account, member, kind and time; one account or all. */
function activity(range: Range, accountId?: string): SQL {
  const eventAccount = accountId
    ? sql`and e.account_id = ${accountId}::uuid`
    : sql`and e.account_id is not null`;
  const memberAccount = accountId ? sql`and m.account_id = ${accountId}::uuid` : sql``;
  return sql`
    select e.account_id, e.account_member_id as member_id,
      case when e.name in ${itemOpenNames} then 'item_opened' else 'event' end as kind,
      e.created_at as at, e.views
    from analytics_events e
    where e.organisation_id = ${range.organisationId}::uuid ${eventAccount}
      and e.created_at >= ${range.start.toISOString()}::timestamptz
      and e.created_at < ${range.end.toISOString()}::timestamptz
      and e.viewer_mode not in ${staffModes}
    union all
    select m.account_id, d.account_member_id, d.action, d.created_at, 1
    from document_access_events d
    join account_members m on m.id = d.account_member_id
    where d.organisation_id = ${range.organisationId}::uuid ${memberAccount}
      and d.created_at >= ${range.start.toISOString()}::timestamptz
      and d.created_at < ${range.end.toISOString()}::timestamptz
      and d.viewer_mode not in ${staffModes}`;
}

/** The counted columns every engagement row has, over rows of `activity`. */
const engagementColumns = sql`
  coalesce(sum(x.views) filter (where x.kind in ('event', 'item_opened')), 0)::int as portal_events,
  count(*) filter (where x.kind = 'view')::int as document_views,
  count(*) filter (where x.kind in ('download', 'bulk_download'))::int as downloads,
  count(*) filter (where x.kind = 'item_opened')::int as items_opened,
  ${isoUtc(sql`max(x.at)`)} as last_seen_at`;

type EngagementCountsRow = {
  portal_events: number;
  document_views: number;
  downloads: number;
  items_opened: number;
  last_seen_at: string | null;
};

function counts(row: EngagementCountsRow) {
  return {
    portalEvents: Number(row.portal_events),
    documentViews: Number(row.document_views),
    downloads: Number(row.downloads),
    itemsOpened: Number(row.items_opened),
    lastSeenAt: row.last_seen_at,
  };
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * Accounts with activity in the range, most active first (portal events + views + downloads), then by
 * name and id so pages never overlap. `total` counts every such account.
 */
export async function listAccountEngagement(
  db: Database,
  range: Range,
  { limit, offset }: { limit: number; offset: number },
) {
  type Row = EngagementCountsRow & {
    account_id: string;
    name: string;
    domain: string | null;
    people: number;
    total: number;
  };
  const rows = rowsOf<Row>(
    await db.execute(sql`
      with activity as (${activity(range)})
      select a.id as account_id, a.name, a.domain,
        count(distinct x.member_id)::int as people, ${engagementColumns},
        (count(*) over ())::int as total
      from activity x
      join accounts a on a.id = x.account_id and a.organisation_id = ${range.organisationId}::uuid
      group by a.id
      order by sum(x.views) desc, a.name, a.id
      limit ${limit} offset ${offset}`),
  );
  let total = rows[0] ? Number(rows[0].total) : 0;
  if (rows.length === 0 && offset > 0) {
    const [counted] = rowsOf<{ total: number }>(
      await db.execute(sql`
        with activity as (${activity(range)})
        select count(distinct a.id)::int as total
        from activity x
        join accounts a on a.id = x.account_id and a.organisation_id = ${range.organisationId}::uuid`),
    );
    total = Number(counted?.total ?? 0);
  }
  return {
    total,
    accounts: rows.map((row) => ({
      accountId: row.account_id,
      name: row.name,
      domain: row.domain,
      people: Number(row.people),
      ...counts(row),
    })),
  };
}

export async function findAccountOfOrganisation(db: Database, organisationId: string, accountId: string) {
  const [row] = rowsOf<{ id: string; name: string; domain: string | null }>(
    await db.execute(sql`
      select id, name, domain from accounts
      where id = ${accountId}::uuid and organisation_id = ${organisationId}::uuid`),
  );
  return row ?? null;
}

/** One account's totals and its people, most active first; events without a member count in the totals only. */
export async function accountPeopleEngagement(db: Database, range: Range, accountId: string) {
  const totals = rowsOf<EngagementCountsRow & { people: number }>(
    await db.execute(sql`
      with activity as (${activity(range, accountId)})
      select count(distinct x.member_id)::int as people, ${engagementColumns}
      from activity x`),
  )[0]!;
  type PersonRow = EngagementCountsRow & {
    member_id: string;
    email: string;
    first_name: string;
    last_name: string;
  };
  const people = rowsOf<PersonRow>(
    await db.execute(sql`
      with activity as (${activity(range, accountId)})
      select m.id as member_id, m.email, m.first_name, m.last_name, ${engagementColumns}
      from activity x
      join account_members m on m.id = x.member_id
      group by m.id
      order by sum(x.views) desc, m.email`),
  );
  return {
    totals: { people: Number(totals.people), ...counts(totals) },
    people: people.map((row) => ({
      memberId: row.member_id,
      email: row.email,
      name: `${row.first_name} ${row.last_name}`.trim(),
      ...counts(row),
    })),
  };
}

/** The account's documents (views and downloads) and items opened, most used first. */
export async function accountContentEngagement(db: Database, range: Range, accountId: string) {
  const documents = rowsOf<{
    file_id: string;
    title: string;
    views: number;
    downloads: number;
    last_at: string;
  }>(
    await db.execute(sql`
      with activity as (${activityWithSubjects(range, accountId)})
      select x.subject_id as file_id, x.subject as title,
        count(*) filter (where x.kind = 'view')::int as views,
        count(*) filter (where x.kind in ('download', 'bulk_download'))::int as downloads,
        ${isoUtc(sql`max(x.at)`)} as last_at
      from activity x
      where x.kind <> 'item_opened' and x.subject_id is not null
      group by x.subject_id, x.subject
      order by count(*) desc, x.subject`),
  );
  const items = rowsOf<{ item_id: string; title: string; opens: number; last_at: string }>(
    await db.execute(sql`
      with activity as (${activityWithSubjects(range, accountId)})
      select x.subject_id as item_id, x.subject as title, count(*)::int as opens,
        ${isoUtc(sql`max(x.at)`)} as last_at
      from activity x
      where x.kind = 'item_opened' and x.subject_id is not null
      group by x.subject_id, x.subject
      order by count(*) desc, x.subject`),
  );
  return {
    documents: documents.map((row) => ({
      fileId: row.file_id,
      title: row.title,
      views: Number(row.views),
      downloads: Number(row.downloads),
      lastAt: row.last_at,
    })),
    items: items.map((row) => ({
      itemId: row.item_id,
      title: row.title,
      opens: Number(row.opens),
      lastAt: row.last_at,
    })),
  };
}

/**
 * Who opened or fetched what: document views and downloads, and items opened (an item id a client made
 * up matches no item of the organisation and has no subject). Ids are the file's or the item's.
 */
function activityWithSubjects(range: Range, accountId: string): SQL {
  return sql`
    select d.action as kind, d.created_at as at, m.email as person, d.id as event_id,
      f.id as subject_id, f.title as subject
    from document_access_events d
    join account_members m on m.id = d.account_member_id
    left join files f on f.id = d.file_id
    where d.organisation_id = ${range.organisationId}::uuid and m.account_id = ${accountId}::uuid
      and d.created_at >= ${range.start.toISOString()}::timestamptz
      and d.created_at < ${range.end.toISOString()}::timestamptz
      and d.viewer_mode not in ${staffModes}
    union all
    select 'item_opened', e.created_at, m.email, e.id, i.id, i.title
    from analytics_events e
    left join account_members m on m.id = e.account_member_id
    left join items i on i.id = e.item_id and i.organisation_id = ${range.organisationId}::uuid
    where e.organisation_id = ${range.organisationId}::uuid and e.account_id = ${accountId}::uuid
      and e.name in ${itemOpenNames}
      and e.created_at >= ${range.start.toISOString()}::timestamptz
      and e.created_at < ${range.end.toISOString()}::timestamptz
      and e.viewer_mode not in ${staffModes}
    union all
    select 'agent_call', e.created_at, m.email, e.id, null, e.subject
    from analytics_events e
    left join account_members m on m.id = e.account_member_id
    where e.organisation_id = ${range.organisationId}::uuid and e.account_id = ${accountId}::uuid
      and e.name = 'agent_call'
      and e.created_at >= ${range.start.toISOString()}::timestamptz
      and e.created_at < ${range.end.toISOString()}::timestamptz`;
}

export type AccountActivityEntry = {
  at: string;
  kind: EngagementActivityKind;
  person: string | null;
  subject: string | null;
};

/** The account's views, downloads and item opens, newest first (the drill-down's list and its CSV). */
export async function accountActivityLog(
  db: Database,
  range: Range,
  accountId: string,
  limit: number,
): Promise<AccountActivityEntry[]> {
  const rows = rowsOf<{
    at: string;
    kind: EngagementActivityKind;
    person: string | null;
    subject: string | null;
  }>(
    await db.execute(sql`
      with activity as (${activityWithSubjects(range, accountId)})
      select ${isoUtc(sql`x.at`)} as at, x.kind, x.person, x.subject
      from activity x
      order by x.at desc, x.event_id desc
      limit ${limit}`),
  );
  return rows;
}
