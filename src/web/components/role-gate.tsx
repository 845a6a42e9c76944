import type { ReactNode } from 'react';
import { roleHas, type StaffPermission, StaffRole, staffRoleLabels } from '../../shared/permissions';
import { useSession } from '../lib/staff-session';

/** Who may change what a page shows, in words: "owners and admins". */
export function rolesThatMay(permission: StaffPermission): string {
  const labels = StaffRole.options
    .filter((role) => roleHas(role, permission))
    .map((role) => `${staffRoleLabels[role].toLowerCase()}s`);
  return labels.length > 1 ? `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}` : (labels[0] ?? '');
}

/**
 * A settings form the signed-in role may read but not change: its controls are disabled (a fieldset
 * disables every control inside) and a note says who can change it, so nothing fails on click.
 */
export function RoleGate({ needs, children }: { needs: StaffPermission; children: ReactNode }) {
  const session = useSession();
  const staff = session.data?.staff;
  if (!staff) return null;
  if (staff.permissions.includes(needs)) return children;
  return (
    <div className="space-y-3">
      <p className="rounded-xl bg-slate-100 px-4 py-3 text-sm text-slate-700" data-testid="read-only-notice">
        Your role ({staffRoleLabels[staff.role]}) can read this but not change it; {rolesThatMay(needs)} can.
      </p>
      <fieldset disabled className="min-w-0">
        {children}
      </fieldset>
    </div>
  );
}
