import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import { permissionsOfRole, type StaffRole } from '../../../shared/permissions';
import { StaffSession } from '../../../shared/staff';
import type { Context } from '../../context';

export function toStaffSession(
  staff: { id: string; name: string; email: string; role: StaffRole },
  organisation: { id: string; slug: string; name: string },
  csrfToken: string,
): StaffSession {
  return StaffSession.parse({
    staff: {
      id: staff.id,
      name: staff.name,
      email: staff.email,
      role: staff.role,
      permissions: permissionsOfRole(staff.role),
    },
    organisation: { id: organisation.id, slug: organisation.slug, name: organisation.name },
    csrfToken,
  });
}

/** The signed-in staff member, their organisation and the CSRF token the console sends with writes. */
export function getStaffSession({ ctx }: { ctx: Pick<Context, 'viewer'> }): StaffSession {
  const { staff, session, organisation } = ctx.viewer;
  if (!staff || !session) throw new AppError('unauthenticated', messages.signInRequired);
  return toStaffSession(staff, organisation, session.csrfToken);
}
