import { AccountsScreen } from '../../../features/accounts/components/accounts-screen';
import { useSession } from '../../../features/staff/api/session';

export default function AccessAccountsPage() {
  const session = useSession();
  return session.data ? <AccountsScreen /> : null;
}
