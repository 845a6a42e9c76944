import { AccessSettingsScreen } from '../../../features/accounts/components/access-settings-screen';
import { useSession } from '../../../features/staff/api/session';

export default function AccessSettingsPage() {
  const session = useSession();
  return session.data ? <AccessSettingsScreen /> : null;
}
