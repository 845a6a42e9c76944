import { AnalyticsDashboard } from '../../../features/analytics/components/analytics-dashboard';
import { useSession } from '../../../features/staff/api/session';

/** First-party analytics of the portal: visits, searches, documents, the access funnel and accounts. */
export default function AnalyticsPage() {
  const session = useSession();
  if (!session.data) return null;
  return (
    <div className="space-y-6">
      <title>{`Analytics | ${session.data.organisation.name} | Attest`}</title>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-950">Analytics</h1>
        <p className="mt-1 text-sm text-slate-600">
          What visitors do on your trust center, recorded by your own server: no cookies, no third parties.
        </p>
      </div>
      <AnalyticsDashboard />
    </div>
  );
}
