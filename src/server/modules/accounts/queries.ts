import { and, asc, count, eq, inArray, max } from 'drizzle-orm';
import type { AccountDetail, AccountRow, PermissionProfile } from '../../../shared/access';
import { AppError } from '../../../shared/errors';
import { ReviewStatus } from '../../../shared/portal';
import type { Database } from '../../db/client';
import {
  accessRequests,
  accountMembers,
  accounts,
  items,
  ndaAcceptances,
  permissionProfileItems,
  permissionProfiles,
} from '../../db/schema';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export async function findAccessRequest(db: Database, organisationId: string, id: string) {
  const [row] = await db
    .select()
    .from(accessRequests)
    .where(and(eq(accessRequests.organisationId, organisationId), eq(accessRequests.id, id)))
    .limit(1);
  return row ?? null;
}

async function accountRows(db: Database, organisationId: string, accountId?: string): Promise<AccountRow[]> {
  const memberCounts = db
    .select({ accountId: accountMembers.accountId, memberCount: count().as('member_count') })
    .from(accountMembers)
    .where(eq(accountMembers.organisationId, organisationId))
    .groupBy(accountMembers.accountId)
    .as('member_counts');
  const rows = await db
    .select({
      account: accounts,
      permissionProfileName: permissionProfiles.name,
      memberCount: memberCounts.memberCount,
    })
    .from(accounts)
    .leftJoin(permissionProfiles, eq(permissionProfiles.id, accounts.permissionProfileId))
    .leftJoin(memberCounts, eq(memberCounts.accountId, accounts.id))
    .where(
      and(eq(accounts.organisationId, organisationId), accountId ? eq(accounts.id, accountId) : undefined),
    )
    .orderBy(asc(accounts.name), asc(accounts.id))
    .limit(2000);
  return rows.map(({ account, permissionProfileName, memberCount }) => ({
    id: account.id,
    name: account.name,
    domain: account.domain,
    reviewStatus: ReviewStatus.parse(account.reviewStatus),
    accessExpiresAt: iso(account.accessExpiresAt),
    permissionProfileId: account.permissionProfileId,
    permissionProfileName,
    memberCount: Number(memberCount ?? 0),
    createdAt: account.createdAt.toISOString(),
  }));
}

export const listAccountRows = (db: Database, organisationId: string) => accountRows(db, organisationId);

export async function findAccountDetail(
  db: Database,
  organisationId: string,
  accountId: string,
): Promise<AccountDetail | null> {
  const [row] = await accountRows(db, organisationId, accountId);
  if (!row) return null;
  const members = await db
    .select({ member: accountMembers })
    .from(accountMembers)
    .where(and(eq(accountMembers.organisationId, organisationId), eq(accountMembers.accountId, accountId)))
    .orderBy(asc(accountMembers.email));
  // A separate grouped query: inside a correlated sql`` subquery Drizzle wrote the member's id
  // unqualified, so it named the acceptance's own id and never matched (issue 16 item 5).
  const acceptances =
    members.length === 0
      ? []
      : await db
          .select({
            accountMemberId: ndaAcceptances.accountMemberId,
            acceptedAt: max(ndaAcceptances.acceptedAt),
          })
          .from(ndaAcceptances)
          .where(
            inArray(
              ndaAcceptances.accountMemberId,
              members.map(({ member }) => member.id),
            ),
          )
          .groupBy(ndaAcceptances.accountMemberId);
  const acceptedAtOf = new Map(acceptances.map((entry) => [entry.accountMemberId, entry.acceptedAt]));
  return {
    ...row,
    members: members.map(({ member }) => ({
      id: member.id,
      email: member.email,
      firstName: member.firstName,
      lastName: member.lastName,
      isAutoApproved: member.isAutoApproved,
      lastSignInAt: iso(member.lastSignInAt),
      ndaAcceptedAt: iso(acceptedAtOf.get(member.id) ?? null),
    })),
  };
}

export async function listPermissionProfiles(
  db: Database,
  organisationId: string,
): Promise<PermissionProfile[]> {
  const profiles = await db
    .select()
    .from(permissionProfiles)
    .where(eq(permissionProfiles.organisationId, organisationId))
    .orderBy(asc(permissionProfiles.name), asc(permissionProfiles.id));
  if (profiles.length === 0) return [];
  const ids = profiles.map((profile) => profile.id);
  const [itemRows, accountCounts] = await Promise.all([
    db.select().from(permissionProfileItems).where(inArray(permissionProfileItems.permissionProfileId, ids)),
    db
      .select({ id: accounts.permissionProfileId, total: count() })
      .from(accounts)
      .where(and(eq(accounts.organisationId, organisationId), inArray(accounts.permissionProfileId, ids)))
      .groupBy(accounts.permissionProfileId),
  ]);
  return profiles.map((profile) => ({
    id: profile.id,
    name: profile.name,
    itemIds: itemRows
      .filter((row) => row.permissionProfileId === profile.id)
      .map((row) => row.itemId)
      .sort(),
    accountCount: Number(accountCounts.find((row) => row.id === profile.id)?.total ?? 0),
  }));
}

export async function isProfileOfOrganisation(db: Database, organisationId: string, profileId: string) {
  const [row] = await db
    .select({ id: permissionProfiles.id })
    .from(permissionProfiles)
    .where(and(eq(permissionProfiles.organisationId, organisationId), eq(permissionProfiles.id, profileId)))
    .limit(1);
  return Boolean(row);
}

/** The ids among `itemIds` that are not items of this organisation. */
export async function findForeignItemIds(db: Database, organisationId: string, itemIds: string[]) {
  if (itemIds.length === 0) return [];
  const own = await db
    .select({ id: items.id })
    .from(items)
    .where(and(eq(items.organisationId, organisationId), inArray(items.id, itemIds)));
  const ownIds = new Set(own.map((row) => row.id));
  return itemIds.filter((id) => !ownIds.has(id));
}

/**
 * Locks the organisation's requests among `ids` for a bulk decision, in id order so two bulk
 * decisions over overlapping selections cannot deadlock; a missing id refuses the whole batch.
 */
export async function lockAccessRequests(db: Database, organisationId: string, ids: string[]) {
  const rows = await db
    .select()
    .from(accessRequests)
    .where(and(eq(accessRequests.organisationId, organisationId), inArray(accessRequests.id, ids)))
    .orderBy(asc(accessRequests.id))
    .for('update');
  if (rows.length !== ids.length) {
    const missing = ids.length - rows.length;
    throw new AppError(
      'not_found',
      missing === 1 ? 'One selected request was not found.' : `${missing} selected requests were not found.`,
    );
  }
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)!);
}

type LockedRequest = Awaited<ReturnType<typeof lockAccessRequests>>[number];

/**
 * A bulk decision in one transaction: locks the selection, runs `decide` on each pending request
 * (false: it was decided meanwhile) and names which were decided and which were left as they were.
 */
export async function decideEachPending(
  ctx: { db: Database; viewer: { organisation: { id: string } } },
  ids: string[],
  decide: (tx: Database, request: LockedRequest) => Promise<boolean>,
) {
  return ctx.db.transaction(async (tx) => {
    const requests = await lockAccessRequests(tx, ctx.viewer.organisation.id, ids);
    const result = { decidedIds: [] as string[], alreadyDecidedIds: [] as string[] };
    for (const locked of requests) {
      // Re-read: an earlier decision of this batch may have settled it (a colleague's approval).
      // The rows are locked, so a change since the lock is this batch's own.
      const [request] = await tx.select().from(accessRequests).where(eq(accessRequests.id, locked.id));
      const decided =
        locked.status === 'pending' && (request!.status !== 'pending' || (await decide(tx, request!)));
      (decided ? result.decidedIds : result.alreadyDecidedIds).push(locked.id);
    }
    return result;
  });
}
