import { RoleGate } from '../../../components/role-gate';
import { DraftsPanel } from '../../../features/questionnaires/components/drafts-panel';
import { QuestionnaireSubmissionsPanel } from '../../../features/questionnaires/components/questionnaire-submissions-panel';
import { useSession } from '../../../features/staff/api/session';

/** Drafting answers to questionnaires, and the questionnaires members submitted as a file or a link. */
export default function QuestionnairesPage() {
  const session = useSession();
  if (!session.data) return null;
  const { organisation } = session.data;
  return (
    <div className="space-y-8">
      <title>{`Questionnaires | ${organisation.name} | Attest`}</title>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-950">Questionnaires</h1>
      </div>
      <RoleGate needs="statuspage:edit">
        <DraftsPanel />
      </RoleGate>
      <section aria-labelledby="submitted-heading" className="space-y-4">
        <div>
          <h2 id="submitted-heading" className="text-lg font-semibold text-slate-950">
            Submitted by members
          </h2>
          <p className="mt-1 text-sm text-slate-600">Questionnaires members submitted as a file or a link.</p>
        </div>
        <RoleGate needs="statuspage:edit">
          <QuestionnaireSubmissionsPanel />
        </RoleGate>
      </section>
    </div>
  );
}
