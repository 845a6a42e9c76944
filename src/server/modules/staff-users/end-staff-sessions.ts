import { and, eq, ne } from 'drizzle-orm';
import { staffUserMessages } from '../../../shared/console-admin';
import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import type { EndedSessions } from '../../../shared/sessions';
import { sessions } from '../../db/schema';
import { canUseConsole } from '../../policy';
import { findStaffUserOfOrganisation } from './queries';
import {
  assertCanManageStaff,
  assertMayChangeStaffUser,
  auditStaffChange,
  type StaffAdminContext,
} from './staff-admin';

/**
 * POST /api/staff-users/:id/end-sessions: ends every session of a staff user (organisation:manage;
 * an owner's, owners only).
 * Any staff user may end their own other sessions; the one making the call stays signed in.
 */
export async function endStaffSessions({
  ctx,
  input,
}: {
  ctx: StaffAdminContext;
  input: { staffUserId: string };
}): Promise<EndedSessions> {
  const { viewer } = ctx;
  if (!viewer.staff || !canUseConsole(viewer)) throw new AppError('forbidden', messages.forbidden);
  const isSelf = viewer.staff.id === input.staffUserId;
  if (!isSelf) assertCanManageStaff(viewer);
  return ctx.db.transaction(async (tx) => {
    const user = await findStaffUserOfOrganisation(tx, viewer.organisation.id, input.staffUserId);
    if (!user) throw new AppError('not_found', staffUserMessages.notFound);
    if (!isSelf) assertMayChangeStaffUser(viewer, user);
    const currentSessionId = viewer.session?.id;
    const ended = await tx
      .delete(sessions)
      .where(
        and(
          eq(sessions.staffUserId, user.id),
          isSelf && currentSessionId ? ne(sessions.id, currentSessionId) : undefined,
        ),
      )
      .returning({ id: sessions.id });
    await auditStaffChange(tx, viewer, {
      action: 'staff_user.sessions_end',
      staffUserId: user.id,
      data: { ended: ended.length, ownOtherSessions: isSelf },
    });
    return { ended: ended.length };
  });
}
