import { type StaffUserView, staffUserMessages, UpdateStaffUserInput } from '../../../shared/console-admin';
import { AppError } from '../../../shared/errors';
import { requireRecentSecondFactor } from '../../core';
import {
  countActiveEditors,
  deleteSessionsOfStaffUser,
  findStaffUserOfOrganisation,
  knownPermissions,
  toStaffUserView,
  updateStaffUserRow,
} from './queries';
import {
  assertCanManageStaff,
  auditStaffChange,
  lockOrganisation,
  type StaffAdminContext,
} from './staff-admin';

/**
 * PATCH /api/staff-users/:id: name, permissions, disabled. You cannot remove your own edit permission
 * or disable yourself, and the organisation always keeps one active editor. Disabling ends sessions.
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
  if (change.permissions !== undefined || change.isDisabled !== undefined)
    await requireRecentSecondFactor(ctx);
  return ctx.db.transaction(async (tx) => {
    await lockOrganisation(tx, viewer.organisation.id);
    const user = await findStaffUserOfOrganisation(tx, viewer.organisation.id, input.staffUserId);
    if (!user) throw new AppError('not_found', staffUserMessages.notFound);
    const isSelf = user.id === viewer.staff?.id;
    const permissions = change.permissions
      ? knownPermissions(change.permissions)
      : knownPermissions(user.permissions);
    if (isSelf && !permissions.includes('statuspage:edit')) {
      throw new AppError('validation_failed', staffUserMessages.ownEditPermission, {
        permissions: staffUserMessages.ownEditPermission,
      });
    }
    if (isSelf && change.isDisabled) {
      throw new AppError('validation_failed', staffUserMessages.ownAccount, {
        isDisabled: staffUserMessages.ownAccount,
      });
    }
    const before = {
      name: user.name,
      permissions: knownPermissions(user.permissions),
      isDisabled: user.isDisabled,
    };
    const updated = await updateStaffUserRow(tx, user.id, {
      ...(change.name !== undefined ? { name: change.name } : {}),
      permissions,
      ...(change.isDisabled !== undefined ? { isDisabled: change.isDisabled } : {}),
    });
    if ((await countActiveEditors(tx, viewer.organisation.id)) === 0) {
      throw new AppError('conflict', staffUserMessages.lastEditor);
    }
    if (updated.isDisabled && !user.isDisabled) await deleteSessionsOfStaffUser(tx, user.id);
    const after = { name: updated.name, permissions, isDisabled: updated.isDisabled };
    await auditStaffChange(tx, viewer, {
      action:
        updated.isDisabled !== user.isDisabled
          ? updated.isDisabled
            ? 'staff_user.disabled'
            : 'staff_user.enabled'
          : 'staff_user.updated',
      staffUserId: user.id,
      data: { before, after },
    });
    return toStaffUserView(updated);
  });
}
