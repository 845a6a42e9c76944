import { staffUserMessages } from '../../../shared/console-admin';
import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import type { StaffSessionList } from '../../../shared/staff-security';
import { hasStaffPermission } from '../../policy';
import { endSessionOfStaff, listSessionsOfStaff, type SignInClient } from '../staff';
import { findStaffUserOfOrganisation } from './queries';
import type { StaffAdminContext } from './staff-admin';

/** Owners see where anyone of the organisation is signed in (issue 33 §4): security:manage. */
async function staffUserOfOwner(ctx: StaffAdminContext, staffUserId: string) {
  if (!hasStaffPermission(ctx.viewer, 'security:manage')) throw new AppError('forbidden', messages.forbidden);
  const user = await findStaffUserOfOrganisation(ctx.db, ctx.viewer.organisation.id, staffUserId);
  if (!user) throw new AppError('not_found', staffUserMessages.notFound);
  return user;
}

/** GET /api/staff-users/:id/sessions: the person's live sessions (browser, address, signed in, last seen). */
export async function listStaffUserSessions({
  ctx,
  input,
}: {
  ctx: StaffAdminContext;
  input: { staffUserId: string };
}): Promise<StaffSessionList> {
  const user = await staffUserOfOwner(ctx, input.staffUserId);
  return listSessionsOfStaff(ctx, user.id);
}

/** DELETE /api/staff-users/:id/sessions/:sessionId: an owner ends one session of anyone, on the record. */
export async function endStaffUserSession({
  ctx,
  input,
  client,
}: {
  ctx: StaffAdminContext;
  input: { staffUserId: string; sessionId: string };
  client: SignInClient;
}): Promise<void> {
  const user = await staffUserOfOwner(ctx, input.staffUserId);
  await endSessionOfStaff(ctx, { staffUserId: user.id, sessionId: input.sessionId }, client);
}
