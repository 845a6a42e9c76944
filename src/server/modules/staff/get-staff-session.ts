import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import { allStaffPermissions } from '../../../shared/permissions';
import { StaffSession } from '../../../shared/staff';
import type { Context } from '../../context';

export function toStaffSession(
  staff: { id: string; name: string; email: string; permissions: Iterable<string> },
  organisation: { id: string; slug: string; name: string },
  csrfToken: string,
): StaffSession {
  const granted = new Set(staff.permissions);
  return StaffSession.parse({
    staff: {
      id: staff.id,
      name: staff.name,
      email: staff.email,
      // Unknown values stored in the column are dropped; the order is the canonical one.
      permissions: allStaffPermissions.filter((permission) => granted.has(permission)),
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
