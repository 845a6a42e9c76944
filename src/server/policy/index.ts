import type { StaffPermission } from '../../shared/permissions';
import type { Viewer } from './viewer';

/**
 * THE access gate. Every surface that shows content asks these functions, nothing else decides.
 * Later issues add canSeeItem, canReadItemContent, canGetFile, canSeeKbEntry, canSeeUpdate here.
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

export function canSeeProductLink(viewer: Viewer, link: ProductVisibility): boolean {
  return link.isShown || viewer.mode === 'main';
}
