import { createHash } from 'node:crypto';
import type { Database } from '../db/client';
import { type ItemGrants, noItemGrants } from './index';
import { loadMemberGrants, withPinnedItemGrants } from './item-grants';
import type { Viewer } from './viewer';

/**
 * What decides a portal answer's content, as a cache key: two viewers with the same key are shown the
 * same content by every gate function (only their own name and session parts differ, added per
 * request). `grants` are what the key was made from: build the shared answer with them pinned.
 */
export type AccessShape = { key: string; grants: ItemGrants };

/**
 * Public mode (with or without an unauthorised member's session) is one shape. An authorised member's
 * shape is what their grants unlock: a missing NDA, or the set of profile items (not who they are nor
 * which account: the gate reads nothing else in Account External mode). Main and Preview are staff
 * views, built per request: null.
 */
export async function loadAccessShape(db: Database, viewer: Viewer): Promise<AccessShape | null> {
  if (viewer.mode === 'public') {
    return publicShape;
  }
  if (viewer.mode !== 'account_external') return null;
  const grants = await loadMemberGrants(db, viewer);
  return { key: memberShapeKey(grants), grants };
}

const publicShape: AccessShape = { key: 'public', grants: noItemGrants };

/** The viewer to build a shape's shared answer with: every grant lookup of the build gets the shape's grants. */
export function viewerOfShape(viewer: Viewer, shape: AccessShape): Viewer {
  return withPinnedItemGrants(viewer, shape.grants);
}

function memberShapeKey(grants: ItemGrants): string {
  if (grants.isNdaMissing) return 'account:nda-missing';
  if (!grants.isAccount) return 'account:none';
  const ids = [...grants.profileItemIds].sort().join(',');
  return `account:${createHash('sha256').update(ids).digest('base64url')}`;
}
