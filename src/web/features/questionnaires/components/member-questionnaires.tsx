import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { formatDate } from '../../../../shared/dates';
import {
  type MemberQuestionnaireList,
  memberQuestionnaireTexts as texts,
} from '../../../../shared/questionnaire-drafts';
import { apiRequest } from '../../../lib/api-client';

/** The account's questionnaires and where each stands; answered ones can be downloaded (issue 32 §4). */
export function MemberQuestionnaires({ organisationSlug }: { organisationSlug: string }) {
  const list = useQuery({
    queryKey: ['portal', 'my-questionnaires', organisationSlug],
    queryFn: () =>
      apiRequest<MemberQuestionnaireList>(
        `/api/statuspage/share/${encodeURIComponent(organisationSlug)}/questionnaires`,
      ),
  });
  const questionnaires = list.data?.questionnaires ?? [];
  if (questionnaires.length === 0) return null;
  return (
    <section
      aria-labelledby="my-questionnaires-heading"
      className="border-t border-slate-200 pt-4"
      data-testid="member-questionnaires"
    >
      <h3 id="my-questionnaires-heading" className="text-sm font-semibold text-slate-900">
        {texts.heading}
      </h3>
      <ul className="mt-2 space-y-2">
        {questionnaires.map((questionnaire) => (
          <li key={questionnaire.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <span className="min-w-0">
              <span className="block truncate text-slate-900">{questionnaire.name}</span>
              <span className="block text-slate-600">
                {questionnaire.status === 'answered' && questionnaire.answeredAt
                  ? `${texts.answered} ${formatDate(questionnaire.answeredAt)}`
                  : `${texts.inReview} · sent ${formatDate(questionnaire.submittedAt)}`}
              </span>
            </span>
            {questionnaire.downloadUrl ? (
              <a
                href={questionnaire.downloadUrl}
                download
                className="inline-flex items-center gap-1 font-medium text-brand-ink underline underline-offset-2"
              >
                <Download className="size-4" aria-hidden />
                {texts.download}
              </a>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
