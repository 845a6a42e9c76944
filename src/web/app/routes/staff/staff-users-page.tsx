import { StaffUsersPanel } from '../../../features/console-admin/components/staff-users-panel';
import { useSession } from '../../../features/staff/api/session';

/** Who can sign in to the console, and what each person may do. */
export default function StaffUsersPage() {
  const session = useSession();
  if (!session.data) return null;
  const { staff, organisation } = session.data;
  return (
    <div className="space-y-6">
      <title>{`Staff users | ${organisation.name} | Attest`}</title>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-950">Staff users</h1>
        <p className="mt-1 text-sm text-slate-600">People who can sign in to this console and their roles.</p>
      </div>
      <StaffUsersPanel
        currentStaffId={staff.id}
        canManage={staff.permissions.includes('organisation:manage')}
        canManageOwners={staff.permissions.includes('security:manage')}
      />
    </div>
  );
}
