import { useSession } from '../../../features/staff/api/session';
import { NoticesPanel } from '../../../features/subprocessor-notices/components/notices-panel';

/** Subprocessor change notices with their effective dates and the objections customers raised. */
export default function SubprocessorNoticesPage() {
  const session = useSession();
  if (!session.data) return null;
  const { organisation, staff } = session.data;
  const canEdit = staff.permissions.includes('statuspage:edit');
  return (
    <div className="space-y-8">
      <title>{`Subprocessor notices | ${organisation.name} | Attest`}</title>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-950">Subprocessor notices</h1>
        <p className="mt-1 text-sm text-slate-600">
          Tell customers about subprocessor changes ahead of time and give them a chance to object.
        </p>
      </div>
      <NoticesPanel canEdit={canEdit} />
    </div>
  );
}
