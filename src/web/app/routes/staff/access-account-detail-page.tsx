import { useParams } from 'react-router';
import { AccountDetailScreen } from '../../../features/accounts/components/account-detail-screen';
import { useSession } from '../../../features/staff/api/session';

export default function AccessAccountDetailPage() {
  const session = useSession();
  const { accountId = '' } = useParams();
  if (!session.data) return null;
  return (
    <AccountDetailScreen
      key={accountId}
      accountId={accountId}
      organisationSlug={session.data.organisation.slug}
    />
  );
}
