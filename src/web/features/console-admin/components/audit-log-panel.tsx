import { Download } from 'lucide-react';
import { Fragment, useId, useState } from 'react';
import type { AuditEntry } from '../../../../shared/console-admin';
import { formatDateTime } from '../../../../shared/dates';
import { buttonClassName } from '../../../components/ui/button';
import { ErrorBox } from '../../../components/ui/error-box';
import { Pagination } from '../../../components/ui/pagination';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '../../../components/ui/table';
import { useAuditLog } from '../api/console-admin';

function hasBeforeAfter(data: Record<string, unknown>): data is { before?: unknown; after?: unknown } {
  return 'before' in data || 'after' in data;
}

function Json({ value }: { value: unknown }) {
  return (
    <pre className="max-h-48 overflow-auto rounded-md bg-slate-50 p-2 text-xs leading-5 whitespace-pre-wrap text-slate-800">
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

function EntryDetails({ entry }: { entry: AuditEntry }) {
  const { data } = entry;
  if (Object.keys(data).length === 0) return <p className="text-xs text-slate-600">No details recorded.</p>;
  if (!hasBeforeAfter(data)) return <Json value={data} />;
  const { before, after, ...rest } = data;
  return (
    <div className="grid gap-2 md:grid-cols-2">
      <div>
        <p className="mb-1 text-xs font-medium text-slate-600">Before</p>
        <Json value={before ?? null} />
      </div>
      <div>
        <p className="mb-1 text-xs font-medium text-slate-600">After</p>
        <Json value={after ?? null} />
      </div>
      {Object.keys(rest).length > 0 ? (
        <div className="md:col-span-2">
          <Json value={rest} />
        </div>
      ) : null}
    </div>
  );
}

/** The audit log: who changed what and when, filtered by action and person, paged. */
export function AuditLogPanel() {
  const [action, setAction] = useState('');
  const [actorId, setActorId] = useState('');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const log = useAuditLog({ action: action || undefined, actorId: actorId || undefined, page });
  const id = useId();
  const data = log.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-3">
        <div className="w-full sm:w-64">
          <label htmlFor={`${id}-action`} className="mb-1 block text-sm font-medium text-slate-800">
            Action
          </label>
          <Select
            id={`${id}-action`}
            value={action}
            onChange={(event) => {
              setAction(event.target.value);
              setPage(1);
            }}
          >
            <option value="">All actions</option>
            {data?.actions.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </Select>
        </div>
        <div className="w-full sm:w-64">
          <label htmlFor={`${id}-actor`} className="mb-1 block text-sm font-medium text-slate-800">
            Person
          </label>
          <Select
            id={`${id}-actor`}
            value={actorId}
            onChange={(event) => {
              setActorId(event.target.value);
              setPage(1);
            }}
          >
            <option value="">Everyone</option>
            {data?.actors.map((actor) => (
              <option key={actor.id} value={actor.id}>
                {actor.name} ({actor.email})
              </option>
            ))}
          </Select>
        </div>
        <div className="flex w-full items-end sm:ms-auto sm:w-auto">
          <a
            href={`/api/audit-log/export.csv?${new URLSearchParams({
              ...(action ? { action } : {}),
              ...(actorId ? { actorId } : {}),
              bom: '1',
            })}`}
            download
            className={buttonClassName('secondary', 'md')}
          >
            <Download className="size-4" aria-hidden />
            Download CSV
          </a>
        </div>
      </div>
      {log.isError ? <ErrorBox detail={log.error.message} /> : null}
      {log.isPending ? <Skeleton className="h-64 w-full rounded-2xl" /> : null}
      {data ? (
        <div className="overflow-hidden rounded-2xl bg-white shadow-xs ring-1 ring-slate-200">
          {data.entries.length === 0 ? (
            <p className="px-5 py-10 text-center text-sm text-slate-600">
              No changes recorded{action || actorId ? ' for this filter' : ''}.
            </p>
          ) : (
            <div className="overflow-x-auto">
              <Table>
                <caption className="sr-only">Audit log, newest first</caption>
                <TableHead className="bg-slate-50 text-xs font-medium text-slate-600">
                  <TableRow>
                    <TableHeaderCell className="px-5 py-2.5">When</TableHeaderCell>
                    <TableHeaderCell className="px-3 py-2.5">Who</TableHeaderCell>
                    <TableHeaderCell className="px-3 py-2.5">Action</TableHeaderCell>
                    <TableHeaderCell className="px-3 py-2.5">Target</TableHeaderCell>
                    <TableHeaderCell className="px-5 py-2.5 text-end">
                      <span className="sr-only">Details</span>
                    </TableHeaderCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.entries.map((entry) => (
                    <Fragment key={entry.id}>
                      <TableRow data-testid="audit-row">
                        <TableCell className="px-5 py-3 whitespace-nowrap text-slate-700">
                          <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                        </TableCell>
                        <TableCell className="px-3 py-3 text-slate-900">
                          {entry.actor?.name ?? 'System'}
                        </TableCell>
                        <TableCell className="px-3 py-3 font-mono text-xs text-slate-900">
                          {entry.action}
                        </TableCell>
                        <TableCell className="max-w-56 truncate px-3 py-3 font-mono text-xs text-slate-600">
                          {entry.target ?? '–'}
                        </TableCell>
                        <TableCell className="px-5 py-3 text-end">
                          <button
                            type="button"
                            className="text-sm font-medium text-brand-ink underline-offset-2 hover:underline"
                            aria-expanded={openId === entry.id}
                            aria-controls={`${id}-${entry.id}`}
                            onClick={() => setOpenId(openId === entry.id ? null : entry.id)}
                          >
                            {openId === entry.id ? 'Hide' : 'Details'}
                          </button>
                        </TableCell>
                      </TableRow>
                      {openId === entry.id ? (
                        <TableRow id={`${id}-${entry.id}`}>
                          <TableCell colSpan={5} className="bg-slate-50/60 px-5 py-3">
                            <EntryDetails entry={entry} />
                          </TableCell>
                        </TableRow>
                      ) : null}
                    </Fragment>
                  ))}
                </TableBody>
              </Table>
            </div>
          )}
        </div>
      ) : null}
      <Pagination
        label="Audit log pages"
        page={page}
        totalPages={totalPages}
        onPageChange={setPage}
        disabled={log.isFetching}
      />
    </div>
  );
}
