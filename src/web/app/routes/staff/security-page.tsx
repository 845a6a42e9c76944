import { useSession } from '../../../features/staff/api/session';
import { ScimPanel } from '../../../features/staff/components/scim-panel';
import {
  SecondFactorsPanel,
  SessionsPanel,
  SignInPolicyPanel,
} from '../../../features/staff/components/security-panels';
import { SsoPanel } from '../../../features/staff/components/sso-panel';

/** The signed-in person's second factors and sessions, and the organisation's staff sign-in rule. */
export default function SecurityPage() {
  const session = useSession();
  if (!session.data) return null;
  const { staff, organisation } = session.data;
  return (
    <div className="space-y-6">
      <title>{`Sign-in security | ${organisation.name} | Attest`}</title>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-950">Sign-in security</h1>
        <p className="mt-1 text-sm text-slate-600">
          How you sign in as {staff.email}, and where you are signed in.
        </p>
      </div>
      <SecondFactorsPanel />
      <SessionsPanel />
      <SignInPolicyPanel canEdit={staff.permissions.includes('security:manage')} />
      {staff.permissions.includes('security:manage') ? (
        <>
          <SsoPanel />
          <ScimPanel />
        </>
      ) : null}
    </div>
  );
}
