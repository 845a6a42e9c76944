import { useQuery } from '@tanstack/react-query';
import { BookPlus, Check, ExternalLink, Lock, RotateCcw } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import type { StaffUserList } from '../../../../shared/console-admin';
import { type DraftRowView, draftTexts } from '../../../../shared/questionnaire-drafts';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import { apiRequest } from '../../../lib/api-client';
import type { useDraftActions } from '../api/drafts-api';

const kindLabels = {
  item: 'Item',
  faq: 'FAQ entry',
  document: 'Document',
  certification: 'Certification',
  subprocessor: 'Subprocessors',
  risk_profile: 'Risk profile',
} as const;

/** One question under review: its draft, what it rests on, and what staff do with it. */
export function DraftRowPanel({
  row,
  actions,
  isReviewable,
}: {
  row: DraftRowView;
  actions: ReturnType<typeof useDraftActions>;
  isReviewable: boolean;
}) {
  const ids = useId();
  const [answer, setAnswer] = useState(row.answer ?? '');
  const [comment, setComment] = useState(row.comment);
  useEffect(() => {
    setAnswer(row.answer ?? '');
    setComment(row.comment);
  }, [row.answer, row.comment]);
  const staffUsers = useQuery({
    queryKey: ['console', 'staff-users'],
    queryFn: () => apiRequest<StaffUserList>('/api/staff-users'),
    retry: false,
  });
  const update = actions.updateRow;
  const saved = actions.saveToKnowledgeBase;
  const run = (change: Parameters<typeof update.mutate>[0]['update']) =>
    update.mutate({ rowId: row.id, update: change });
  return (
    <div className="space-y-4" data-testid="draft-row-panel">
      <div>
        <p className="text-xs font-medium text-slate-500">
          {row.controlId ?? `Row ${row.row}`}
          {row.section ? ` · ${row.section}` : ''} · {draftTexts.rowStates[row.state]}
          {row.confidence ? ` · ${row.confidence} confidence` : ''}
        </p>
        <h3 className="mt-1 text-base font-semibold text-slate-950">{row.question}</h3>
        {row.note ? <p className="mt-1 text-sm text-slate-600">{row.note}</p> : null}
      </div>
      <div className="space-y-2">
        <label htmlFor={`${ids}-answer`} className="block text-sm font-medium text-slate-900">
          Answer
        </label>
        <textarea
          id={`${ids}-answer`}
          data-answer-editor
          value={answer}
          onChange={(event) => setAnswer(event.target.value)}
          rows={4}
          placeholder="Needs an answer"
          className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-900 shadow-xs focus-visible:border-brand-ink focus-visible:outline-2"
        />
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            disabled={!isReviewable || row.answer === null || row.state === 'accepted' || update.isPending}
            onClick={() => run({ action: 'accept' })}
          >
            <Check className="size-4" aria-hidden />
            Accept <kbd className="ms-1 rounded bg-white/20 px-1 text-xs">A</kbd>
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={!isReviewable || !answer.trim() || answer === row.answer || update.isPending}
            onClick={() => run({ action: 'answer', answer })}
          >
            Save answer
          </Button>
          {row.state === 'accepted' || row.state === 'edited' ? (
            <>
              <Button
                size="sm"
                variant="ghost"
                disabled={update.isPending}
                onClick={() => run({ action: 'reopen' })}
              >
                <RotateCcw className="size-4" aria-hidden />
                Reopen
              </Button>
              <Button
                size="sm"
                variant="ghost"
                disabled={saved.isPending}
                onClick={() => saved.mutate(row.id)}
              >
                <BookPlus className="size-4" aria-hidden />
                {saved.isSuccess && saved.variables === row.id
                  ? 'Saved to the knowledge base'
                  : 'Save to knowledge base'}
              </Button>
            </>
          ) : null}
        </div>
        {(update.error ?? saved.error) ? (
          <p role="alert" className="text-sm text-red-700">
            {(update.error ?? saved.error)!.message}
          </p>
        ) : null}
      </div>
      <section aria-labelledby={`${ids}-sources`} className="space-y-2">
        <h4 id={`${ids}-sources`} className="text-sm font-medium text-slate-900">
          Sources
        </h4>
        {row.sources.length === 0 ? (
          <p className="text-sm text-slate-600">No source on the trust center states this.</p>
        ) : (
          <ul className="space-y-2">
            {row.sources.map((source, index) => (
              <li key={`${source.url}-${index}`} className="rounded-lg border border-slate-200 p-3 text-sm">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="text-xs font-medium text-slate-500">{kindLabels[source.kind]}</span>
                  {source.access !== 'public' ? (
                    <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
                      <Lock className="size-3" aria-hidden />
                      {source.access === 'hidden' ? 'Hidden' : 'Restricted'}
                    </span>
                  ) : null}
                </p>
                <a
                  href={source.editUrl ?? source.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="mt-1 inline-flex items-center gap-1 font-medium text-brand-ink underline underline-offset-2"
                >
                  {source.title}
                  {source.page ? `, page ${source.page}` : ''}
                  <ExternalLink className="size-3" aria-hidden />
                </a>
                <p className="mt-1 line-clamp-3 text-slate-700">{source.excerpt}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${ids}-assignee`} className="mb-1 block text-sm font-medium text-slate-900">
            Assigned to
          </label>
          <Select
            id={`${ids}-assignee`}
            value={row.assigneeStaffUserId ?? ''}
            disabled={!staffUsers.data}
            onChange={(event) => run({ action: 'assign', assigneeStaffUserId: event.target.value || null })}
          >
            <option value="">Nobody</option>
            {(staffUsers.data?.users ?? [])
              .filter((user) => !user.isDisabled)
              .map((user) => (
                <option key={user.id} value={user.id}>
                  {user.name}
                </option>
              ))}
          </Select>
        </div>
        <div>
          <label htmlFor={`${ids}-comment`} className="mb-1 block text-sm font-medium text-slate-900">
            Comment
          </label>
          <input
            id={`${ids}-comment`}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            onBlur={() => (comment !== row.comment ? run({ action: 'comment', comment }) : undefined)}
            className="block h-10 w-full rounded-lg border border-slate-300 px-3 text-sm text-slate-900 shadow-xs focus-visible:border-brand-ink focus-visible:outline-2"
          />
        </div>
      </div>
    </div>
  );
}
