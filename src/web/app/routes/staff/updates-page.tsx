import { useSession } from '../../../features/staff/api/session';
import { StaffTopicsPanel } from '../../../features/updates/components/staff-topics-panel';

/** Trust updates: topics with their updates and delivery progress; publishing and editing need statuspage:edit. */
export default function UpdatesPage() {
  const session = useSession();
  if (!session.data) return null;
  const { organisation, staff } = session.data;
  return (
    <>
      <title>{`Updates | ${organisation.name} | Attest`}</title>
      <StaffTopicsPanel
        organisationSlug={organisation.slug}
        canEdit={staff.permissions.includes('statuspage:edit')}
      />
    </>
  );
}
