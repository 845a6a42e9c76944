import { useSession } from '../../../features/staff/api/session';
import { OutgoingMailPanel } from '../../../features/updates/components/outgoing-mail-panel';

/** Outgoing mail: what was sent, what waits or failed, and retrying it now. */
export default function OutgoingMailPage() {
  const session = useSession();
  if (!session.data) return null;
  const { organisation, staff } = session.data;
  return (
    <div className="space-y-8">
      <title>{`Outgoing mail | ${organisation.name} | Attest`}</title>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-950">Outgoing mail</h1>
        <p className="mt-1 text-sm text-slate-600">
          E-mails to subscribers and visitors: sent, waiting for a try, failed and quarantined.
        </p>
      </div>
      <OutgoingMailPanel canRetry={staff.permissions.includes('organisation:manage')} />
    </div>
  );
}
