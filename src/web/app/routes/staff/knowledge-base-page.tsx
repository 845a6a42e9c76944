import { KbConsole } from '../../../features/knowledge-base/components/kb-console';
import { useSession } from '../../../features/staff/api/session';

/** /console/knowledge-base: the FAQ entries, CSV import and export, and unanswered questions. */
export default function KnowledgeBasePage() {
  const session = useSession();
  if (!session.data) return null;
  const { organisation, staff } = session.data;
  return (
    <>
      <title>{`Knowledge base | ${organisation.name} | Attest`}</title>
      <KbConsole
        organisationSlug={organisation.slug}
        canEdit={staff.permissions.includes('statuspage:edit')}
      />
    </>
  );
}
