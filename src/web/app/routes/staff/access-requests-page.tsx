import { AccessRequestsScreen } from '../../../features/accounts/components/access-requests-screen';
import { useSession } from '../../../features/staff/api/session';

/** Loaded lazily; the console layout renders pages only for a signed-in session. */
export default function AccessRequestsPage() {
  const session = useSession();
  return session.data ? (
    <AccessRequestsScreen canDecide={session.data.staff.permissions.includes('access:review')} />
  ) : null;
}
