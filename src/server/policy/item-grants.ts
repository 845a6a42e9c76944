import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  accessSettings,
  accounts,
  items,
  ndaAcceptances,
  ndaVersions,
  permissionProfileItems,
  permissionProfiles,
} from '../db/schema';
import { type ItemGrants, noItemGrants } from './index';
import type { Viewer, ViewerMember } from './viewer';

async function findAccountProfileId(db: Database, organisationId: string, accountId: string) {
  const [row] = await db
    .select({ permissionProfileId: accounts.permissionProfileId })
    .from(accounts)
    .where(and(eq(accounts.id, accountId), eq(accounts.organisationId, organisationId)))
    .limit(1);
  return row ? { permissionProfileId: row.permissionProfileId } : null;
}

/** Without a productId: the profile's items in every product (item ids are unique, so grants still hold). */
async function listProfileItemIds(
  db: Database,
  organisationId: string,
  permissionProfileId: string,
  productId?: string,
): Promise<Set<string>> {
  const rows = await db
    .select({ itemId: permissionProfileItems.itemId })
    .from(permissionProfileItems)
    .innerJoin(items, eq(items.id, permissionProfileItems.itemId))
    .innerJoin(permissionProfiles, eq(permissionProfiles.id, permissionProfileItems.permissionProfileId))
    .where(
      and(
        eq(permissionProfileItems.permissionProfileId, permissionProfileId),
        eq(permissionProfiles.organisationId, organisationId),
        productId === undefined ? undefined : eq(items.productId, productId),
      ),
    );
  return new Set(rows.map((row) => row.itemId));
}

/**
 * The account and permission profile the viewer acts as: an authorised member's own account, or, in
 * Preview, the chosen profile (which wins over the chosen account's profile) or account. Preview of
 * an account shows what it sees once it has access, whatever its review status.
 */
export async function loadItemGrants(db: Database, viewer: Viewer, productId: string): Promise<ItemGrants> {
  const pinned = pinnedGrants.get(viewer);
  if (pinned) return pinned;
  const organisationId = viewer.organisation.id;
  let profileId: string | null = null;
  if (viewer.mode === 'account_external' && viewer.member) {
    profileId = viewer.member.account.permissionProfileId;
  } else if (viewer.mode === 'preview' && viewer.preview) {
    const { accountId, permissionProfileId } = viewer.preview;
    const account = accountId ? await findAccountProfileId(db, organisationId, accountId) : null;
    if (!account && !permissionProfileId) return noItemGrants;
    profileId = permissionProfileId ?? account?.permissionProfileId ?? null;
  } else {
    return noItemGrants;
  }
  const memberId = viewer.mode === 'account_external' ? viewer.member?.id : undefined;
  const [isNdaMissing, profileItemIds] = await Promise.all([
    memberId ? isMemberNdaMissing(db, organisationId, memberId) : false,
    profileId ? listProfileItemIds(db, organisationId, profileId, productId) : new Set<string>(),
  ]);
  if (isNdaMissing) return { ...noItemGrants, isNdaMissing: true };
  return { isAccount: true, profileItemIds, isNdaMissing: false };
}

/**
 * When the organisation requires an NDA, the member must have accepted its newest version; a changed
 * NDA (a new version) asks again. No NDA text yet means nothing to accept.
 */
export async function isMemberNdaMissing(
  db: Database,
  organisationId: string,
  accountMemberId: string,
): Promise<boolean> {
  const currentVersion = db
    .select({ id: ndaVersions.id })
    .from(ndaVersions)
    .where(eq(ndaVersions.organisationId, organisationId))
    .orderBy(desc(ndaVersions.createdAt), desc(ndaVersions.id))
    .limit(1);
  const acceptedCurrent = db
    .select({ id: ndaAcceptances.id })
    .from(ndaAcceptances)
    .where(
      and(
        eq(ndaAcceptances.ndaVersionId, sql`(${currentVersion})`),
        eq(ndaAcceptances.accountMemberId, accountMemberId),
      ),
    );
  // One round trip: required, a version exists, and the member has not accepted that version.
  const [row] = await db
    .select({ isMissing: sql<boolean>`exists (${currentVersion}) and not exists (${acceptedCurrent})` })
    .from(accessSettings)
    .where(and(eq(accessSettings.organisationId, organisationId), eq(accessSettings.requireNda, true)))
    .limit(1);
  return row?.isMissing ?? false;
}

/**
 * Grants fixed for one build of a shared answer: every loadItemGrants of that build returns exactly the
 * grants its cache key was made from, so a key can never label content built from other grants.
 */
const pinnedGrants = new WeakMap<Viewer, ItemGrants>();

export function withPinnedItemGrants(viewer: Viewer, grants: ItemGrants): Viewer {
  const pinnedViewer = { ...viewer };
  pinnedGrants.set(pinnedViewer, grants);
  return pinnedViewer;
}

/**
 * What an authorised member's account unlocks in the whole organisation (every product): the input of
 * the access shape. Same rules as loadItemGrants for Account External mode.
 */
export function loadMemberGrants(db: Database, viewer: Viewer): Promise<ItemGrants> {
  const { member } = viewer;
  if (viewer.mode !== 'account_external' || !member) return Promise.resolve(noItemGrants);
  // A member row is read with its session and cached with it while no one's rights changed
  // (member-session-cache.ts); the grants are read at most once per such row.
  let grants = grantsOfMember.get(member);
  if (!grants) {
    grants = readMemberGrants(db, viewer.organisation.id, member);
    grantsOfMember.set(member, grants);
    grants.catch(() => grantsOfMember.delete(member));
  }
  return grants;
}

const grantsOfMember = new WeakMap<ViewerMember, Promise<ItemGrants>>();

async function readMemberGrants(
  db: Database,
  organisationId: string,
  member: ViewerMember,
): Promise<ItemGrants> {
  const profileId = member.account.permissionProfileId;
  const [isNdaMissing, profileItemIds] = await Promise.all([
    isMemberNdaMissing(db, organisationId, member.id),
    profileId ? listProfileItemIds(db, organisationId, profileId) : new Set<string>(),
  ]);
  if (isNdaMissing) return { ...noItemGrants, isNdaMissing: true };
  return { isAccount: true, profileItemIds, isNdaMissing: false };
}
