import { useSession } from '../../../features/staff/api/session';
import { WebhooksPanel } from '../../../features/webhooks/components/webhooks-panel';

/** The organisation's outgoing webhooks: published updates and access events, one list. */
export default function WebhooksPage() {
  const session = useSession();
  if (!session.data) return null;
  const { organisation, staff } = session.data;
  return (
    <div className="space-y-6">
      <title>{`Webhooks | ${organisation.name} | Attest`}</title>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-950">Webhooks</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">
          We POST a signed JSON payload to each address when one of its events happens: a public update
          published in its categories, or an access request created or decided, access extended, revoked or
          expired (who and what, never document content). Verify the{' '}
          <code className="text-xs">x-attest-signature</code> header with the signing secret.
        </p>
      </div>
      <WebhooksPanel canEdit={staff.permissions.includes('organisation:manage')} />
    </div>
  );
}
