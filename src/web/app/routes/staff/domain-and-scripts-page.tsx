import { RoleGate } from '../../../components/role-gate';
import { ScriptsSettings } from '../../../features/consent/components/scripts-settings-form';
import { useSession } from '../../../features/staff/api/session';
import { CustomDomainPanel } from '../../../features/trust-center-admin/components/custom-domain-panel';

/** Loaded lazily: custom domain (verified by DNS TXT record), third-party scripts and cookie banner. */
export default function DomainAndScriptsPage() {
  const session = useSession();
  return (
    <div className="space-y-10">
      <title>Domain and scripts | Attest</title>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-950">Domain and scripts</h1>
        <p className="mt-1 text-sm text-slate-600">
          Where your trust center answers, and what it loads for visitors.
        </p>
      </div>
      {session.data ? (
        <>
          <section aria-labelledby="custom-domain-title" className="space-y-4">
            <h2 id="custom-domain-title" className="text-lg font-semibold text-slate-900">
              Custom domain
            </h2>
            <RoleGate needs="organisation:manage">
              <CustomDomainPanel />
            </RoleGate>
          </section>
          <section aria-labelledby="scripts-title" className="space-y-4">
            <h2 id="scripts-title" className="text-lg font-semibold text-slate-900">
              Scripts and cookie banner
            </h2>
            <RoleGate needs="statuspage:edit">
              <ScriptsSettings />
            </RoleGate>
          </section>
        </>
      ) : null}
    </div>
  );
}
