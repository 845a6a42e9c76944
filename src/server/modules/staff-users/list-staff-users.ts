import type { StaffUserList } from '../../../shared/console-admin';
import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import { canUseConsole } from '../../policy';
import { listStaffUserRows, toStaffUserView } from './queries';
import type { StaffAdminContext } from './staff-admin';

/** GET /api/staff-users: everyone who can sign in to this organisation's console. */
export async function listStaffUsers({ ctx }: { ctx: StaffAdminContext }): Promise<StaffUserList> {
  if (!canUseConsole(ctx.viewer)) throw new AppError('forbidden', messages.forbidden);
  const rows = await listStaffUserRows(ctx.db, ctx.viewer.organisation.id);
  return { users: rows.map(toStaffUserView) };
}
