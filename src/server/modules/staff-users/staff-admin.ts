import { staffUserMessages } from '../../../shared/console-admin';
import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import type { StaffRole } from '../../../shared/permissions';
import type { Context } from '../../context';
import { findOrganisationRowById, insertAuditEntry } from '../../core';
import type { Database } from '../../db/client';
import { canUseConsole, hasStaffPermission } from '../../policy';
import type { Viewer } from '../../policy/viewer';

export { newTemporaryPassword } from '../staff';

export type StaffAdminContext = Pick<Context, 'db' | 'viewer'>;

/** Managing staff users: owners and admins (organisation:manage). */
export function assertCanManageStaff(viewer: Viewer): void {
  if (!canUseConsole(viewer) || !hasStaffPermission(viewer, 'organisation:manage')) {
    throw new AppError('forbidden', messages.forbidden);
  }
}

/** Owners are changed, and made, by owners only (security:manage): an admin cannot take over. */
export function assertMayChangeStaffUser(
  viewer: Viewer,
  target: { role: StaffRole },
  newRole?: StaffRole,
): void {
  assertCanManageStaff(viewer);
  const touchesOwner = target.role === 'owner' || newRole === 'owner';
  if (touchesOwner && !hasStaffPermission(viewer, 'security:manage')) {
    throw new AppError('forbidden', staffUserMessages.ownersOnly);
  }
}

/** Serialises staff changes of one organisation, so two admins cannot both remove the last editor. */
export async function lockOrganisation(db: Database, organisationId: string): Promise<void> {
  await findOrganisationRowById(db, organisationId, { forUpdate: true });
}

export async function auditStaffChange(
  db: Database,
  viewer: Viewer,
  entry: { action: string; staffUserId: string; data: Record<string, unknown> },
): Promise<void> {
  await insertAuditEntry(db, {
    organisationId: viewer.organisation.id,
    actorStaffUserId: viewer.staff?.id ?? null,
    action: entry.action,
    target: `staff_user:${entry.staffUserId}`,
    data: entry.data,
  });
}
