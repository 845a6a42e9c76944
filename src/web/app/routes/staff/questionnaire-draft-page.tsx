import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { useDraft } from '../../../features/questionnaires/api/drafts-api';
import { ColumnPicker } from '../../../features/questionnaires/components/column-picker';
import { DraftReview } from '../../../features/questionnaires/components/draft-review';
import { useSession } from '../../../features/staff/api/session';

/** /console/questionnaires/:draftId: choose the columns, then review the drafted answers. */
export default function QuestionnaireDraftPage() {
  const { draftId = '' } = useParams();
  const session = useSession();
  const draft = useDraft(draftId);
  if (!session.data) return null;
  const { organisation } = session.data;
  return (
    <div className="space-y-6">
      <title>{`${draft.data?.draft.name ?? 'Questionnaire'} | ${organisation.name} | Attest`}</title>
      <div>
        <Link
          to="/console/questionnaires"
          className="inline-flex items-center gap-1 text-sm text-slate-600 hover:text-slate-900"
        >
          <ArrowLeft className="size-4" aria-hidden />
          Questionnaires
        </Link>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight break-words text-slate-950">
          {draft.data?.draft.name ?? 'Questionnaire'}
        </h1>
      </div>
      {draft.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {draft.error.message}
        </p>
      ) : !draft.data ? (
        <p className="text-sm text-slate-600">Loading…</p>
      ) : draft.data.draft.status === 'mapping' ? (
        <ColumnPicker draftId={draftId} organisationSlug={organisation.slug} />
      ) : (
        <DraftReview detail={draft.data} />
      )}
    </div>
  );
}
