import { RoleGate } from '../../../components/role-gate';
import { ErrorBox } from '../../../components/ui/error-box';
import { Skeleton } from '../../../components/ui/skeleton';
import { useOrganisationSettings } from '../../../features/staff/api/organisation';
import { useSession } from '../../../features/staff/api/session';
import { SettingsForm } from '../../../features/staff/components/settings-form';
import { TrustCenterAsCode } from '../../../features/trust-center-export/components/trust-center-as-code';

/** Loaded lazily: the editing code is not part of the console's first screen. */
export default function SettingsPage() {
  const session = useSession();
  const settings = useOrganisationSettings();
  return (
    <div className="space-y-8">
      <title>Settings | Attest</title>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-950">Settings</h1>
        <p className="mt-1 text-sm text-slate-600">
          How your organisation and its trust center appear to visitors.
        </p>
      </div>
      {settings.isError ? <ErrorBox detail={settings.error.message} /> : null}
      {settings.isPending ? (
        <div className="space-y-4" aria-busy="true">
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-72 w-full" />
        </div>
      ) : null}
      {settings.data && session.data ? (
        // Remounted when the settings' content changes underneath it (an import), so it never saves
        // stale values; a background refetch of the same settings keeps what the user is typing.
        <RoleGate needs="statuspage:edit">
          <SettingsForm key={JSON.stringify(settings.data)} settings={settings.data} />
        </RoleGate>
      ) : null}
      {session.data ? <TrustCenterAsCode permissions={session.data.staff.permissions} /> : null}
    </div>
  );
}
