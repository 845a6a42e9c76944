import { useSession } from '../../../features/staff/api/session';
import { BlocksPanel } from '../../../features/updates/components/blocks-panel';
import { SubscribersPanel } from '../../../features/updates/components/subscribers-panel';
import { WebhooksPanel } from '../../../features/updates/components/webhooks-panel';

/** Who receives trust updates: e-mail subscribers, blocked addresses and domains, and webhooks. */
export default function SubscribersPage() {
  const session = useSession();
  if (!session.data) return null;
  const { organisation, staff } = session.data;
  const canEdit = staff.permissions.includes('statuspage:edit');
  return (
    <div className="space-y-10">
      <title>{`Subscribers | ${organisation.name} | Attest`}</title>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-950">Subscribers</h1>
        <p className="mt-1 text-sm text-slate-600">
          Who receives your trust updates, by e-mail and by webhook.
        </p>
      </div>
      <SubscribersPanel canEdit={canEdit} />
      <BlocksPanel canEdit={canEdit} />
      <WebhooksPanel canEdit={canEdit} />
    </div>
  );
}
