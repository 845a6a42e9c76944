import type { EnabledState } from '../../shared/cards';
import type { StaffPermission } from '../../shared/permissions';
import type { Viewer } from './viewer';

/**
 * THE access gate. Every surface that shows content asks these functions, nothing else decides.
 * Later issues add canSeeKbEntry, canSeeUpdate here.
 */

export function hasStaffPermission(viewer: Viewer, permission: StaffPermission): boolean {
  return viewer.staff?.permissions.has(permission) ?? false;
}

/** Editing in place happens in Main mode only, and only with statuspage:edit. */
export function canEditPortal(viewer: Viewer): boolean {
  return viewer.mode === 'main' && hasStaffPermission(viewer, 'statuspage:edit');
}

/** Staff console pages and staff APIs: any signed-in staff member of this organisation. */
export function canUseConsole(viewer: Viewer): boolean {
  return viewer.staff !== null;
}

export type ProductVisibility = { isShown: boolean };

/** Hidden products (and links) reach the staff's Main mode only; Preview shows what visitors see. */
export function canSeeProduct(viewer: Viewer, product: ProductVisibility): boolean {
  return product.isShown || viewer.mode === 'main';
}

/**
 * A subprocessor change notice (issue 34 §3) is a notice to the product's customers: whoever may see
 * the product may read it and its changes; a hidden product's notices stay staff's.
 */
export function canSeeSubprocessorNotice(viewer: Viewer, product: ProductVisibility): boolean {
  return canSeeProduct(viewer, product);
}

export function canSeeProductLink(viewer: Viewer, link: ProductVisibility): boolean {
  return link.isShown || viewer.mode === 'main';
}

/** Spec 2 §6 / spec 3 §6: a hidden card reaches Main mode only; every other mode sees what visitors see. */
export type CardVisibility = { isHidden: boolean };

export function canSeeCard(viewer: Viewer, card: CardVisibility): boolean {
  return viewer.mode === 'main' || !card.isHidden;
}

export type ItemAccess = {
  id: string;
  title: string;
  enabledState: EnabledState;
  isPublic: boolean;
  /** Meaningful for restricted items only: restricted + hidden reaches only accounts whose profile has it. */
  isHidden: boolean;
};

/**
 * What the viewer's account unlocks, loaded once per request (see item-grants.ts): `isAccount` for an
 * authorised account member, or staff previewing as an account or profile; `profileItemIds` are the
 * items of that account's (or previewed) permission profile.
 */
export type ItemGrants = {
  isAccount: boolean;
  profileItemIds: ReadonlySet<string>;
  /**
   * An authorised member whose organisation requires an NDA they have not accepted (in its current
   * version): they get nothing beyond what the public gets until they accept.
   */
  isNdaMissing: boolean;
};

export const noItemGrants: ItemGrants = { isAccount: false, profileItemIds: new Set(), isNdaMissing: false };

export function isRestrictedHidden(item: Pick<ItemAccess, 'isPublic' | 'isHidden'>): boolean {
  return !item.isPublic && item.isHidden;
}

/**
 * Main mode sees every item. Others: never a hidden card's items, never NotEnabled items, never an
 * untitled (new, unsaved) custom item; restricted + hidden only with a profile that includes it;
 * restricted items not at all for public viewers when publicAccessLevel is minimal or content-only.
 */
export function canSeeItem(
  viewer: Viewer,
  card: CardVisibility,
  item: ItemAccess,
  grants: ItemGrants,
): boolean {
  if (viewer.mode === 'main') return true;
  if (!canSeeCard(viewer, card)) return false;
  if (item.enabledState === 'NotEnabled' || item.title.trim() === '') return false;
  if (item.isPublic) return true;
  if (isRestrictedHidden(item)) return grants.profileItemIds.has(item.id);
  if (grants.isAccount) return true;
  return viewer.publicAccessLevel === 'full';
}

/**
 * Content (explanation, link, list, type, maturity, recurrence, auditor, expiry) of an item the viewer
 * sees: public items for all; restricted ones for Main mode, an account whose profile includes the
 * item, and any authorised account for restricted items that are not hidden.
 */
export function canReadItemContent(viewer: Viewer, item: ItemAccess, grants: ItemGrants): boolean {
  if (viewer.mode === 'main' || item.isPublic) return true;
  if (grants.profileItemIds.has(item.id)) return true;
  return grants.isAccount && !isRestrictedHidden(item);
}

export type FileAccess = {
  /** The file's own setting, or null to follow the organisation's documentAccessType. */
  accessType: 'view_only' | 'view_and_download' | null;
};

export type FileAction = 'view' | 'download';

/**
 * A document file linked to an item: staff in Main mode need files:view / files:download; every other
 * viewer needs to see the item and read its content, and a download needs the file (or, when it has
 * no setting, the organisation) to allow downloads. Files not linked to any item reach staff only.
 */
export function canGetFile(
  viewer: Viewer,
  linkedTo: { card: CardVisibility; item: ItemAccess } | null,
  file: FileAccess,
  action: FileAction,
  grants: ItemGrants,
): boolean {
  if (viewer.mode === 'main') {
    return hasStaffPermission(viewer, action === 'view' ? 'files:view' : 'files:download');
  }
  if (!linkedTo) return false;
  if (!canSeeItem(viewer, linkedTo.card, linkedTo.item, grants)) return false;
  if (!canReadItemContent(viewer, linkedTo.item, grants)) return false;
  if (action === 'view') return true;
  const accessType = file.accessType ?? viewer.organisation.customisation.documentAccessType;
  return accessType === 'view_and_download';
}

export type TopicVisibility = { isHidden: boolean };
export type UpdateVisibility = { audience: 'public' | 'private'; onStatusPage: boolean };

/**
 * Trust updates (spec 3 §2, §6): a hidden topic, and an update not published to the status page, reach
 * Main mode only. A private-audience update reaches Main mode, an authorised account member (who has
 * accepted a required NDA), and staff previewing as an account; never the public or a profile-only preview.
 */
export function canSeeUpdate(
  viewer: Viewer,
  topic: TopicVisibility,
  update: UpdateVisibility,
  grants: Pick<ItemGrants, 'isAccount'>,
): boolean {
  if (viewer.mode === 'main') return true;
  if (topic.isHidden || !update.onStatusPage) return false;
  if (update.audience === 'public') return true;
  if (viewer.mode === 'account_external') return grants.isAccount;
  if (viewer.mode === 'preview') return grants.isAccount && (viewer.preview?.accountId ?? null) !== null;
  return false;
}

export type KbEntryAccess = { accessLevel: 'public' | 'restricted' | 'internal' };

/**
 * Knowledge-base entries (spec 3 §6): public ones reach everyone; restricted ones authorised accounts
 * (not while a required NDA is missing) and previews as an account or profile; internal ones Main mode only.
 */
export function canSeeKbEntry(
  viewer: Viewer,
  entry: KbEntryAccess,
  grants: Pick<ItemGrants, 'isAccount' | 'isNdaMissing'>,
): boolean {
  if (viewer.mode === 'main') return true;
  if (entry.accessLevel === 'public') return true;
  if (entry.accessLevel === 'restricted') return grants.isAccount && !grants.isNdaMissing;
  return false;
}
