import {
  type CreatedStaffUser,
  CreateStaffUserInput,
  staffUserMessages,
} from '../../../shared/console-admin';
import { AppError } from '../../../shared/errors';
import { requireRecentSecondFactor } from '../../core';
import { findStaffUserByEmail, hashPassword, insertStaffUser } from '../staff';
import { toStaffUserView } from './queries';
import {
  assertMayChangeStaffUser,
  auditStaffChange,
  newTemporaryPassword,
  type StaffAdminContext,
} from './staff-admin';

/**
 * POST /api/staff-users: a new staff user with a temporary password, shown once to the creator, who
 * hands it over; nothing is mailed (a password in a mailbox outlives its purpose).
 */
export async function inviteStaffUser({
  ctx,
  input,
}: {
  ctx: StaffAdminContext;
  input: CreateStaffUserInput;
}): Promise<CreatedStaffUser> {
  const { viewer } = ctx;
  const value = CreateStaffUserInput.parse(input);
  assertMayChangeStaffUser(viewer, { role: value.role }, value.role);
  await requireRecentSecondFactor(ctx);
  const { role } = value;
  const temporaryPassword = newTemporaryPassword();
  const passwordHash = await hashPassword(temporaryPassword);
  return ctx.db.transaction(async (tx) => {
    const taken = await findStaffUserByEmail(tx, value.email);
    const user = taken
      ? null
      : await insertStaffUser(tx, {
          organisationId: viewer.organisation.id,
          email: value.email,
          name: value.name,
          passwordHash,
          role,
        });
    if (!user)
      throw new AppError('conflict', staffUserMessages.emailTaken, { email: staffUserMessages.emailTaken });
    await auditStaffChange(tx, viewer, {
      action: 'staff_user.created',
      staffUserId: user.id,
      data: { after: { name: user.name, email: user.email, role }, via: 'console' },
    });
    return { user: toStaffUserView(user), temporaryPassword };
  });
}
