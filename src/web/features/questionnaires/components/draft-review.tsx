import { Download, Lock, Send } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { type DraftDetail, draftTexts, type RowState } from '../../../../shared/questionnaire-drafts';
import { Button, buttonClassName } from '../../../components/ui/button';
import { FilterTabs } from '../../../components/ui/tabs';
import { isApiError } from '../../../lib/api-client';
import { classNames } from '../../../lib/class-names';
import { useDraftActions } from '../api/drafts-api';
import { DraftRowPanel } from './draft-row-panel';

type Filter = 'all' | Exclude<RowState, 'pending'>;
const filters: Filter[] = ['all', 'drafted', 'needs_answer', 'accepted', 'edited'];
const stateTones: Record<RowState, string> = {
  pending: 'bg-slate-100 text-slate-700',
  drafted: 'bg-indigo-100 text-indigo-900',
  needs_answer: 'bg-amber-100 text-amber-900',
  accepted: 'bg-emerald-100 text-emerald-900',
  edited: 'bg-sky-100 text-sky-900',
};

/**
 * The review grid (issue 32 §3): rows filtered by state, the selected row's draft and sources beside
 * it. Keyboard: j/k or the arrow keys move, A accepts, E edits the answer.
 */
export function DraftReview({ detail }: { detail: DraftDetail }) {
  const { draft, rows } = detail;
  const actions = useDraftActions(draft.id);
  const [filter, setFilter] = useState<Filter>('all');
  const shown = useMemo(() => rows.filter((row) => filter === 'all' || row.state === filter), [rows, filter]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = shown.find((row) => row.id === selectedId) ?? shown[0] ?? null;
  const isDrafting = draft.status === 'drafting';
  const done = rows.filter((row) => row.state !== 'pending').length;
  const move = (step: number) => {
    if (!selected) return;
    const next = shown[Math.min(shown.length - 1, Math.max(0, shown.indexOf(selected) + step))];
    if (next) {
      setSelectedId(next.id);
      document.getElementById(`draft-row-${next.id}`)?.focus();
    }
  };
  const onKeyDown = (event: globalThis.KeyboardEvent) => {
    const target = event.target as Element | null;
    if (target?.closest('textarea, input, select, [role="tab"]')) return;
    if (event.metaKey || event.ctrlKey || event.altKey) return;
    if (event.key === 'j' || event.key === 'ArrowDown') move(1);
    else if (event.key === 'k' || event.key === 'ArrowUp') move(-1);
    else if (event.key === 'a' && selected?.answer != null && selected.state !== 'accepted' && !isDrafting) {
      actions.updateRow.mutate({ rowId: selected.id, update: { action: 'accept' } });
    } else if (event.key === 'e') {
      document.querySelector<HTMLTextAreaElement>('[data-answer-editor]')?.focus();
    } else return;
    event.preventDefault();
  };
  // The review keys work anywhere on the screen except while typing (or moving between tabs).
  const keyHandler = useRef(onKeyDown);
  keyHandler.current = onKeyDown;
  useEffect(() => {
    const listener = (event: globalThis.KeyboardEvent) => keyHandler.current(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);
  const label = (value: Filter) => {
    const count = value === 'all' ? rows.length : draft.counts[value];
    return `${value === 'all' ? 'All' : draftTexts.rowStates[value]} (${count})`;
  };
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        {isDrafting ? (
          <div className="min-w-64 flex-1">
            <p className="text-sm text-slate-700" aria-live="polite">
              Drafting… {done} of {draft.rowCount} questions
            </p>
            <div
              className="mt-1 h-2 rounded-full bg-slate-100"
              role="progressbar"
              aria-label="Drafting"
              aria-valuemin={0}
              aria-valuemax={draft.rowCount}
              aria-valuenow={done}
            >
              <div
                className="h-2 rounded-full bg-brand-ink transition-all"
                style={{ width: `${draft.rowCount ? (100 * done) / draft.rowCount : 0}%` }}
              />
            </div>
          </div>
        ) : (
          <p className="flex-1 text-sm text-slate-700">
            {draftTexts.statuses[draft.status]} ·{' '}
            {draft.counts.drafted + draft.counts.accepted + draft.counts.edited} answered,{' '}
            {draft.counts.needs_answer} need an answer ·{' '}
            {draft.model
              ? `drafted by ${draft.model}, ${draft.tokensUsed.toLocaleString('en')} tokens`
              : 'drafted by the built-in answerer'}
          </p>
        )}
        {isDrafting ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => actions.cancel.mutate()}
            disabled={actions.cancel.isPending}
          >
            Cancel drafting
          </Button>
        ) : (
          <>
            <a
              href={`/api/questionnaire-drafts/${draft.id}/export?format=xlsx`}
              className={buttonClassName('primary', 'sm')}
              download
            >
              <Download className="size-4" aria-hidden />
              Export workbook
            </a>
            <a
              href={`/api/questionnaire-drafts/${draft.id}/export?format=csv`}
              className={buttonClassName('secondary', 'sm')}
              download
            >
              CSV
            </a>
          </>
        )}
      </div>
      {draft.submissionMember && !isDrafting ? <SendToMember detail={detail} actions={actions} /> : null}
      {draft.restrictedRows > 0 ? (
        <p className="flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          <Lock className="mt-0.5 size-4 shrink-0" aria-hidden />
          {draft.restrictedRows} answers rest on restricted or hidden content. Check them before you send this
          questionnaire to someone who may not read that content.
        </p>
      ) : null}
      <FilterTabs
        label="Questions by state"
        value={filter}
        options={filters.map((value) => ({ value, label: label(value) }))}
        onValueChange={(value) => setFilter(value as Filter)}
      >
        <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
          <ul
            className="max-h-[70vh] divide-y divide-slate-200 overflow-y-auto rounded-xl border border-slate-200 bg-white"
            aria-label="Questions"
            data-testid="draft-rows"
          >
            {shown.length === 0 ? (
              <li className="p-4 text-sm text-slate-600">No questions in this state.</li>
            ) : null}
            {shown.map((row) => (
              <li key={row.id}>
                <button
                  type="button"
                  id={`draft-row-${row.id}`}
                  aria-current={row.id === selected?.id ? 'true' : undefined}
                  onClick={() => setSelectedId(row.id)}
                  className={classNames(
                    'flex w-full items-start gap-3 px-4 py-3 text-left focus-visible:outline-2 focus-visible:outline-brand-ink',
                    row.id === selected?.id ? 'bg-slate-50' : 'hover:bg-slate-50',
                  )}
                >
                  <span className="w-16 shrink-0 pt-0.5 text-xs text-slate-500">
                    {row.controlId ?? row.row}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block text-sm text-slate-900">{row.question}</span>
                    <span className="mt-1 block truncate text-sm text-slate-600">{row.answer ?? '—'}</span>
                  </span>
                  <span
                    className={classNames(
                      'shrink-0 rounded-full px-2 py-0.5 text-xs font-medium',
                      stateTones[row.state],
                    )}
                  >
                    {draftTexts.rowStates[row.state]}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          <div className="rounded-xl border border-slate-200 bg-white p-4">
            {selected ? (
              <DraftRowPanel
                key={selected.id}
                row={selected}
                actions={actions}
                isReviewable={selected.state !== 'pending'}
              />
            ) : (
              <p className="text-sm text-slate-600">Choose a question.</p>
            )}
          </div>
        </div>
      </FilterTabs>
    </div>
  );
}

/** Sends the answers to the member who submitted the questionnaire; asks first when some rest on
 * content that member may not read (the server counts them against the member's own view). */
function SendToMember({
  detail,
  actions,
}: {
  detail: DraftDetail;
  actions: ReturnType<typeof useDraftActions>;
}) {
  const { publish } = actions;
  const member = detail.draft.submissionMember!;
  const needsConfirmation = publish.error && isApiError(publish.error) && publish.error.status === 409;
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white p-3 text-sm">
      <span className="flex-1 text-slate-700">
        {publish.isSuccess
          ? `Sent to ${member.name}: they can download the answers from the trust center.`
          : `Sent by ${member.name}.`}
      </span>
      {needsConfirmation ? (
        <>
          <span role="alert" className="w-full text-amber-900">
            {publish.error.message}
          </span>
          <Button size="sm" onClick={() => publish.mutate(true)} disabled={publish.isPending}>
            Send anyway
          </Button>
        </>
      ) : (
        <Button size="sm" onClick={() => publish.mutate(false)} disabled={publish.isPending}>
          <Send className="size-4" aria-hidden />
          Send answers to {member.name}
        </Button>
      )}
      {publish.error && !needsConfirmation ? (
        <span role="alert" className="w-full text-red-700">
          {publish.error.message}
        </span>
      ) : null}
    </div>
  );
}
