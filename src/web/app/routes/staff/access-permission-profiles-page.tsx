import { PermissionProfilesScreen } from '../../../features/accounts/components/permission-profiles-screen';
import { useSession } from '../../../features/staff/api/session';

export default function AccessPermissionProfilesPage() {
  const session = useSession();
  if (!session.data) return null;
  return <PermissionProfilesScreen organisationSlug={session.data.organisation.slug} />;
}
