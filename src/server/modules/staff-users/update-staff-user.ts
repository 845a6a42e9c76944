import { type StaffUserView, staffUserMessages, UpdateStaffUserInput } from '../../../shared/console-admin';
import { AppError } from '../../../shared/errors';
import { requireRecentSecondFactor } from '../../core';
import {
  countActiveOwners,
  deleteSessionsOfStaffUser,
  findStaffUserOfOrganisation,
  toStaffUserView,
  updateStaffUserRow,
} from './queries';
import {
  assertCanManageStaff,
  assertMayChangeStaffUser,
  auditStaffChange,
  lockOrganisation,
  type StaffAdminContext,
} from './staff-admin';

/**
 * PATCH /api/staff-users/:id: name, role, disabled. Owners are changed and made by owners only; you
 * cannot disable yourself, and the organisation always keeps one active owner. Disabling ends sessions.
 */
export async function updateStaffUser({
  ctx,
  input,
}: {
  ctx: StaffAdminContext;
  input: { staffUserId: string; change: UpdateStaffUserInput };
}): Promise<StaffUserView> {
  const { viewer } = ctx;
  assertCanManageStaff(viewer);
  const change = UpdateStaffUserInput.parse(input.change);
  if (change.role !== undefined || change.isDisabled !== undefined) await requireRecentSecondFactor(ctx);
  return ctx.db.transaction(async (tx) => {
    await lockOrganisation(tx, viewer.organisation.id);
    const user = await findStaffUserOfOrganisation(tx, viewer.organisation.id, input.staffUserId);
    if (!user) throw new AppError('not_found', staffUserMessages.notFound);
    assertMayChangeStaffUser(viewer, user, change.role);
    if (user.id === viewer.staff?.id && change.isDisabled) {
      throw new AppError('validation_failed', staffUserMessages.ownAccount, {
        isDisabled: staffUserMessages.ownAccount,
      });
    }
    const before = { name: user.name, role: user.role, isDisabled: user.isDisabled };
    const updated = await updateStaffUserRow(tx, user.id, {
      ...(change.name !== undefined ? { name: change.name } : {}),
      ...(change.role !== undefined ? { role: change.role } : {}),
      ...(change.isDisabled !== undefined ? { isDisabled: change.isDisabled } : {}),
      // Enabled again here after the identity provider deleted them: SCIM sees the person again.
      ...(change.isDisabled === false ? { scimRemovedAt: null } : {}),
    });
    const isActiveOwner = (row: { role: string; isDisabled: boolean }) =>
      row.role === 'owner' && !row.isDisabled;
    const stepsDown = isActiveOwner(user) && !isActiveOwner(updated);
    if (stepsDown && (await countActiveOwners(tx, viewer.organisation.id)) === 0) {
      throw new AppError('conflict', staffUserMessages.lastOwner, { role: staffUserMessages.lastOwner });
    }
    if (updated.isDisabled && !user.isDisabled) await deleteSessionsOfStaffUser(tx, user.id);
    const after = { name: updated.name, role: updated.role, isDisabled: updated.isDisabled };
    await auditStaffChange(tx, viewer, {
      action:
        updated.isDisabled !== user.isDisabled
          ? updated.isDisabled
            ? 'staff_user.disabled'
            : 'staff_user.enabled'
          : updated.role !== user.role
            ? 'staff_user.role_changed'
            : 'staff_user.updated',
      staffUserId: user.id,
      data: { before, after },
    });
    return toStaffUserView(updated);
  });
}
