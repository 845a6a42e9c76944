import { AuditLogPanel } from '../../../features/console-admin/components/audit-log-panel';
import { useSession } from '../../../features/staff/api/session';

/** Every recorded staff change: who, when, what, and the values before and after. */
export default function AuditLogPage() {
  const session = useSession();
  if (!session.data) return null;
  return (
    <div className="space-y-6">
      <title>{`Audit log | ${session.data.organisation.name} | Attest`}</title>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-950">Audit log</h1>
        <p className="mt-1 text-sm text-slate-600">Every change made by staff, newest first.</p>
      </div>
      <AuditLogPanel />
    </div>
  );
}
