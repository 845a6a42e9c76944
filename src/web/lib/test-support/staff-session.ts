import { permissionsOfRole, type StaffRole } from '../../../shared/permissions';
import type { StaffSession } from '../../../shared/staff';

/** What GET /api/auth/session answers for a signed-in staff member of the given role. */
export function staffSessionFixture(role: StaffRole = 'owner'): StaffSession {
  return {
    staff: {
      id: '00000000-0000-4000-8000-0000000000a1',
      name: 'Sam Staff',
      email: 'sam@acme.example',
      role,
      permissions: [...permissionsOfRole(role)],
    },
    organisation: { id: '00000000-0000-4000-8000-0000000000b2', slug: 'acme', name: 'Acme Cloud' },
    csrfToken: 'csrf-1',
  };
}
