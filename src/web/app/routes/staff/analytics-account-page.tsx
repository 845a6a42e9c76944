import { useParams, useSearchParams } from 'react-router';
import { AccountEngagementDetail } from '../../../features/analytics/components/account-engagement-detail';
import { lastDays } from '../../../features/analytics/lib/date-range';
import { useSession } from '../../../features/staff/api/session';

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/** One account's engagement; the range comes from the address (the dashboard's link), else 30 days. */
export default function AnalyticsAccountPage() {
  const session = useSession();
  const { accountId = '' } = useParams();
  const [search] = useSearchParams();
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  const range = isoDay.test(from) && isoDay.test(to) ? { from, to } : lastDays(30);
  if (!session.data) return null;
  return (
    <>
      <title>{`Account engagement | ${session.data.organisation.name} | Attest`}</title>
      <AccountEngagementDetail key={accountId} accountId={accountId} range={range} />
    </>
  );
}
