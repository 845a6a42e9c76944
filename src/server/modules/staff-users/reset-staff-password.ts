import { type ResetPasswordResult, staffUserMessages } from '../../../shared/console-admin';
import { AppError } from '../../../shared/errors';
import { requireRecentSecondFactor } from '../../core';
import { hashPassword } from '../staff';
import { deleteSessionsOfStaffUser, findStaffUserOfOrganisation, updateStaffUserRow } from './queries';
import {
  assertCanManageStaff,
  assertMayChangeStaffUser,
  auditStaffChange,
  newTemporaryPassword,
  type StaffAdminContext,
} from './staff-admin';

/** POST /api/staff-users/:id/reset-password: a new temporary password, shown once; old sessions end. */
export async function resetStaffPassword({
  ctx,
  input,
}: {
  ctx: StaffAdminContext;
  input: { staffUserId: string };
}): Promise<ResetPasswordResult> {
  const { viewer } = ctx;
  assertCanManageStaff(viewer);
  await requireRecentSecondFactor(ctx);
  const temporaryPassword = newTemporaryPassword();
  const passwordHash = await hashPassword(temporaryPassword);
  return ctx.db.transaction(async (tx) => {
    const user = await findStaffUserOfOrganisation(tx, viewer.organisation.id, input.staffUserId);
    if (!user) throw new AppError('not_found', staffUserMessages.notFound);
    assertMayChangeStaffUser(viewer, user);
    await updateStaffUserRow(tx, user.id, { passwordHash });
    if (user.id !== viewer.staff?.id) await deleteSessionsOfStaffUser(tx, user.id);
    await auditStaffChange(tx, viewer, {
      action: 'staff_user.password_reset',
      staffUserId: user.id,
      data: {},
    });
    return { temporaryPassword };
  });
}
