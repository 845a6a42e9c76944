import { RoleGate } from '../../../components/role-gate';
import { useSession } from '../../../features/staff/api/session';
import { PlanFeaturesPanel } from '../../../features/trust-center-admin/components/plan-features-panel';

/** Loaded lazily: a self-hosted instance switches its organisation's plan features here. */
export default function PlanFeaturesPage() {
  const session = useSession();
  return (
    <div className="space-y-8">
      <title>Plan features | Attest</title>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-950">Plan features</h1>
        <p className="mt-1 text-sm text-slate-600">
          On a self-hosted instance you decide which features your organisation has. Each change is audited.
        </p>
      </div>
      {session.data ? (
        <RoleGate needs="organisation:manage">
          <PlanFeaturesPanel />
        </RoleGate>
      ) : null}
    </div>
  );
}
