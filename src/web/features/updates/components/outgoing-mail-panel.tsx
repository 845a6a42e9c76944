import { RotateCw } from 'lucide-react';
import { toast } from 'sonner';
import { formatDate, formatPreciseTime } from '../../../../shared/dates';
import type { OutboxCounts, OutboxProblem } from '../../../../shared/mail-outbox';
import { Button } from '../../../components/ui/button';
import { ErrorBox } from '../../../components/ui/error-box';
import { Skeleton } from '../../../components/ui/skeleton';
import { classNames } from '../../../lib/class-names';
import { useOutboxRetry, useOutboxState } from '../api/outgoing-mail';

export function formatTryTime(iso: string | null): string {
  return iso ? formatPreciseTime(iso) : '–';
}

const countLabels = [
  ['sent', 'Sent', 'text-emerald-800'],
  ['waiting', 'Waiting', 'text-slate-900'],
  ['failed', 'Failed, retrying', 'text-amber-800'],
  ['quarantined', 'Quarantined', 'text-red-800'],
] as const;

function Counts({ counts, testId }: { counts: OutboxCounts; testId: string }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid={testId}>
      {countLabels.map(([key, label, color]) => (
        <div key={key} className="rounded-xl bg-slate-50 px-4 py-3 ring-1 ring-slate-200">
          <dt className="text-xs font-medium text-slate-600">{label}</dt>
          <dd className={classNames('mt-1 text-2xl font-semibold tabular-nums', color)}>{counts[key]}</dd>
        </div>
      ))}
    </dl>
  );
}

function Detail({ counts }: { counts: OutboxCounts }) {
  return (
    <div className="space-y-1 text-sm text-slate-600">
      {counts.waiting + counts.failed > 0 ? <p>Next try: {formatTryTime(counts.nextTryAt)}</p> : null}
      {counts.lastError && counts.failed + counts.quarantined > 0 ? (
        <p className="break-words">
          Last SMTP error: <code className="text-red-800">{counts.lastError}</code>
        </p>
      ) : null}
    </div>
  );
}

const problemStyles: Record<OutboxProblem['status'], string> = {
  failed: 'bg-amber-50 text-amber-900 ring-amber-300',
  quarantined: 'bg-red-50 text-red-800 ring-red-300',
};

/**
 * Outgoing mail of the organisation (issue 15 §2): counts overall and per update fan-out, the SMTP
 * error, the recent problem messages, and "Retry now" for one message or all of them.
 */
export function OutgoingMailPanel({ canRetry }: { canRetry: boolean }) {
  const state = useOutboxState();
  const retry = useOutboxRetry();
  function retryNow(messageId: string | null) {
    retry.mutate(messageId, {
      onSuccess: (result) => {
        const total = result.madeDue + result.requeued;
        toast.success(total === 0 ? 'Nothing to retry' : `Retrying now (${total} deliveries)`);
      },
      onError: (error) => toast.error(error.message),
    });
  }
  if (state.isError) return <ErrorBox detail={state.error.message} />;
  if (!state.data) return <Skeleton className="h-64 w-full rounded-2xl" />;
  const { overall, updates, problems } = state.data;
  const hasUnsent = overall.waiting + overall.failed + overall.quarantined > 0;
  return (
    <div className="space-y-10">
      <section aria-labelledby="mail-overall-heading" className="space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="mail-overall-heading" className="text-lg font-semibold tracking-tight text-slate-950">
            All outgoing mail
          </h2>
          {canRetry ? (
            <Button disabled={!hasUnsent || retry.isPending} onClick={() => retryNow(null)}>
              <RotateCw className="size-4" aria-hidden />
              Retry all now
            </Button>
          ) : null}
        </div>
        <Counts counts={overall} testId="mail-overall" />
        <Detail counts={overall} />
      </section>

      <section aria-labelledby="mail-updates-heading" className="space-y-4">
        <h2 id="mail-updates-heading" className="text-lg font-semibold tracking-tight text-slate-950">
          Trust update e-mails
        </h2>
        {updates.length === 0 ? (
          <p className="text-sm text-slate-600">No update has been e-mailed yet.</p>
        ) : (
          <ul className="space-y-4">
            {updates.map((update) => (
              <li
                key={update.updateId}
                data-testid="mail-update"
                className="space-y-3 rounded-2xl bg-white p-5 shadow-xs ring-1 ring-slate-200"
              >
                <p className="font-medium text-slate-900">
                  {update.topicSubject}{' '}
                  <span className="text-sm font-normal text-slate-600">
                    · {formatDate(update.publishedAt)}
                  </span>
                </p>
                <Counts counts={update} testId="mail-update-counts" />
                <Detail counts={update} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="mail-problems-heading" className="space-y-4">
        <h2 id="mail-problems-heading" className="text-lg font-semibold tracking-tight text-slate-950">
          Recent problems
        </h2>
        {problems.length === 0 ? (
          <p className="text-sm text-slate-600">No message has failed.</p>
        ) : (
          <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl bg-white shadow-xs ring-1 ring-slate-200">
            {problems.map((problem) => (
              <li key={problem.id} data-testid="mail-problem" className="flex flex-wrap gap-3 px-5 py-4">
                <div className="min-w-0 flex-1 space-y-1">
                  <p className="truncate font-medium text-slate-900">{problem.to}</p>
                  <p className="truncate text-sm text-slate-700">{problem.subject}</p>
                  <p className="text-xs text-slate-600">
                    <span
                      className={classNames(
                        'me-2 inline-flex rounded-full px-2 py-0.5 font-medium ring-1 ring-inset',
                        problemStyles[problem.status],
                      )}
                    >
                      {problem.status === 'failed' ? 'Failed, retrying' : 'Quarantined'}
                    </span>
                    {problem.attempts} attempts · next try {formatTryTime(problem.nextTryAt)}
                  </p>
                  {problem.error ? (
                    <p className="break-words text-xs text-red-800">
                      <code>{problem.error}</code>
                    </p>
                  ) : null}
                </div>
                {canRetry ? (
                  <Button
                    size="sm"
                    variant="secondary"
                    className="self-start"
                    aria-label={`Retry the message to ${problem.to} now`}
                    disabled={retry.isPending}
                    onClick={() => retryNow(problem.id)}
                  >
                    <RotateCw className="size-4" aria-hidden />
                    Retry now
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
