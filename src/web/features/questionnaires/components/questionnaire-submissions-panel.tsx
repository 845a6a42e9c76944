import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, ExternalLink, Sparkles } from 'lucide-react';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../../../shared/dates';
import type { QuestionnaireSubmission, QuestionnaireSubmissionList } from '../../../../shared/questionnaires';
import { Button, buttonClassName } from '../../../components/ui/button';
import { apiRequest } from '../../../lib/api-client';
import { draftSubmission } from '../api/drafts-api';

const queryKey = ['console', 'questionnaires'] as const;

/** Submitted questionnaires: download the file or open the link (never fetched by us), mark done. */
export function QuestionnaireSubmissionsPanel() {
  const queryClient = useQueryClient();
  const submissions = useQuery({
    queryKey,
    queryFn: () => apiRequest<QuestionnaireSubmissionList>('/api/questionnaires'),
  });
  const setStatus = useMutation({
    mutationFn: (input: { id: string; status: 'open' | 'done' }) =>
      apiRequest<QuestionnaireSubmission>(`/api/questionnaires/${input.id}`, {
        method: 'PATCH',
        body: { status: input.status },
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey }),
  });
  const navigate = useNavigate();
  const draft = useMutation({
    mutationFn: draftSubmission,
    onSuccess: (preview) => navigate(`/console/questionnaires/${preview.draft.id}`),
  });
  if (submissions.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {submissions.error.message}
      </p>
    );
  if (submissions.isPending) return <p className="text-sm text-slate-600">Loading…</p>;
  const list = submissions.data.submissions;
  if (list.length === 0) return <p className="text-sm text-slate-600">No questionnaires yet.</p>;
  return (
    <ul
      className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
      data-testid="questionnaire-list"
    >
      {list.map((submission) => (
        <li key={submission.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
          <div className="min-w-0">
            <p className="font-medium text-slate-900">
              {submission.accountName}
              {submission.status === 'done' ? (
                <span className="ms-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-900">
                  Done
                </span>
              ) : (
                <span className="ms-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
                  Open
                </span>
              )}
            </p>
            <p className="truncate text-sm text-slate-600">
              {submission.memberName ?? submission.memberEmail} · {formatDateTime(submission.createdAt)}
            </p>
            <p className="truncate text-sm text-slate-800">
              {submission.kind === 'file' ? submission.originalName : submission.link}
            </p>
          </div>
          <div className="flex items-center gap-2">
            {submission.kind === 'file' && submission.downloadUrl ? (
              <a href={submission.downloadUrl} className={buttonClassName('secondary', 'sm')} download>
                <Download className="size-4" aria-hidden />
                Download
              </a>
            ) : submission.link ? (
              <a
                href={submission.link}
                target="_blank"
                rel="noopener noreferrer nofollow"
                className={buttonClassName('secondary', 'sm')}
              >
                <ExternalLink className="size-4" aria-hidden />
                Open link
              </a>
            ) : null}
            {submission.kind === 'file' && /\.(xlsx|csv)$/i.test(submission.originalName ?? '') ? (
              <Button
                size="sm"
                variant="secondary"
                disabled={draft.isPending}
                onClick={() => draft.mutate(submission.id)}
              >
                <Sparkles className="size-4" aria-hidden />
                Draft answers
              </Button>
            ) : null}
            <Button
              size="sm"
              variant={submission.status === 'done' ? 'ghost' : 'primary'}
              disabled={setStatus.isPending}
              onClick={() =>
                setStatus.mutate({
                  id: submission.id,
                  status: submission.status === 'done' ? 'open' : 'done',
                })
              }
            >
              {submission.status === 'done' ? 'Reopen' : 'Mark done'}
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
