import { useSession } from '../../../features/staff/api/session';
import { PartnersPanel } from '../../../features/tprm/components/partners-panel';

/** The tools members may send their data to with a one-time token. */
export default function PartnersPage() {
  const session = useSession();
  if (!session.data) return null;
  const { organisation, staff } = session.data;
  return (
    <div className="space-y-8">
      <title>{`TPRM partners | ${organisation.name} | Attest`}</title>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-950">TPRM partners</h1>
        <p className="mt-1 text-sm text-slate-600">
          The tools members may send their data to with a one-time token.
        </p>
      </div>
      <PartnersPanel canEdit={staff.permissions.includes('statuspage:edit')} />
    </div>
  );
}
