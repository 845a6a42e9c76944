import { useMutation } from '@tanstack/react-query';
import { ChevronRight, FileSpreadsheet, Upload } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatDateTime } from '../../../../shared/dates';
import { type DraftPreview, draftTexts } from '../../../../shared/questionnaire-drafts';
import { Button } from '../../../components/ui/button';
import { pasteQuestionnaire, uploadQuestionnaire, useDrafts } from '../api/drafts-api';

/** Start a draft (a workbook, a CSV or pasted questions) and list the drafts so far. */
export function DraftsPanel() {
  const navigate = useNavigate();
  const drafts = useDrafts();
  const [pasted, setPasted] = useState('');
  const fileId = useId();
  const pasteId = useId();
  const open = (preview: DraftPreview) => navigate(`/console/questionnaires/${preview.draft.id}`);
  const upload = useMutation({ mutationFn: uploadQuestionnaire, onSuccess: open });
  const paste = useMutation({ mutationFn: pasteQuestionnaire, onSuccess: open });
  const error = upload.error ?? paste.error;
  const submitPasted = (event: FormEvent) => {
    event.preventDefault();
    paste.mutate({ name: 'Pasted questions', text: pasted });
  };
  return (
    <section aria-labelledby="draft-answers-heading" className="space-y-4">
      <div>
        <h2 id="draft-answers-heading" className="text-lg font-semibold text-slate-950">
          Draft answers from your trust center
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Upload a questionnaire (CAIQ, SIG or your customer&rsquo;s own): every answer cites its sources, and
          a question nothing on the trust center settles is left for you, never guessed.
        </p>
      </div>
      <div className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 md:grid-cols-2">
        <div className="space-y-2">
          <label htmlFor={fileId} className="block text-sm font-medium text-slate-900">
            Questionnaire file
          </label>
          <p className="text-xs text-slate-600">
            Excel (.xlsx) or CSV, up to 25 MB. Macros and links to other workbooks are refused.
          </p>
          <label className="flex cursor-pointer items-center justify-center gap-2 rounded-lg border border-dashed border-slate-300 px-4 py-6 text-sm text-slate-700 hover:border-slate-400 focus-within:outline-2 focus-within:outline-brand-ink">
            <Upload className="size-4" aria-hidden />
            {upload.isPending ? 'Reading…' : 'Choose a file'}
            <input
              id={fileId}
              type="file"
              accept=".xlsx,.csv"
              className="sr-only"
              disabled={upload.isPending}
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) upload.mutate(file);
                event.target.value = '';
              }}
            />
          </label>
        </div>
        <form className="space-y-2" onSubmit={submitPasted}>
          <label htmlFor={pasteId} className="block text-sm font-medium text-slate-900">
            Or paste questions
          </label>
          <textarea
            id={pasteId}
            value={pasted}
            onChange={(event) => setPasted(event.target.value)}
            rows={4}
            placeholder="One question per line, or cells copied from a spreadsheet"
            className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-900 shadow-xs focus-visible:border-brand-ink focus-visible:outline-2"
          />
          <Button type="submit" size="sm" variant="secondary" disabled={!pasted.trim() || paste.isPending}>
            Use these questions
          </Button>
        </form>
        {error ? (
          <p role="alert" className="text-sm text-red-700 md:col-span-2">
            {error.message}
          </p>
        ) : null}
      </div>
      {drafts.data && drafts.data.drafts.length > 0 ? (
        <ul
          className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
          data-testid="draft-list"
        >
          {drafts.data.drafts.map((draft) => (
            <li key={draft.id}>
              <Link
                to={`/console/questionnaires/${draft.id}`}
                className="flex items-center gap-3 p-4 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-ink"
              >
                <FileSpreadsheet className="size-5 shrink-0 text-slate-500" aria-hidden />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium text-slate-900">{draft.name}</span>
                  <span className="block text-sm text-slate-600">
                    {draftTexts.statuses[draft.status]} · {draft.rowCount} questions ·{' '}
                    {draft.counts.needs_answer} need an answer · {formatDateTime(draft.createdAt)}
                  </span>
                </span>
                <ChevronRight className="size-4 text-slate-400" aria-hidden />
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
