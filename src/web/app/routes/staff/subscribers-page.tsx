import { Link } from 'react-router';
import { useSession } from '../../../features/staff/api/session';
import { BlocksPanel } from '../../../features/updates/components/blocks-panel';
import { ChannelsPanel } from '../../../features/updates/components/channels-panel';
import { SubscribersPanel } from '../../../features/updates/components/subscribers-panel';

/** Who receives trust updates: e-mail subscribers, chat channels, blocked addresses and domains (webhooks have their page). */
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
          Who receives your trust updates, by e-mail or in a chat channel. Your own systems can receive them
          too, by{' '}
          <Link
            to="/console/webhooks"
            className="font-medium text-slate-900 underline underline-offset-4 hover:text-slate-700"
          >
            webhook
          </Link>
          .
        </p>
      </div>
      <SubscribersPanel canEdit={canEdit} />
      <ChannelsPanel canEdit={canEdit} />
      <BlocksPanel canEdit={canEdit} />
    </div>
  );
}
