import { AlertTriangle } from 'lucide-react';
import type { ReactNode } from 'react';
import { classNames } from '../../../lib/class-names';

/** A console page's title, one-line purpose and its main actions. */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-4">
      <title>{`${title} | Attest`}</title>
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight [overflow-wrap:anywhere] text-slate-950">
          {title}
        </h1>
        <p className="mt-1 max-w-2xl text-sm text-slate-600">{description}</p>
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

export function Panel({
  labelledBy,
  className,
  children,
}: {
  labelledBy?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={labelledBy}
      className={classNames('rounded-2xl bg-white p-6 shadow-xs ring-1 ring-slate-200', className)}
    >
      {children}
    </section>
  );
}

export function EmptyState({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <div className="rounded-full bg-slate-100 p-3 text-slate-500">{icon}</div>
      <p className="mt-3 font-medium text-slate-900">{title}</p>
      {children ? <div className="mt-1 max-w-md text-sm text-slate-600">{children}</div> : null}
    </div>
  );
}

/** The message of a form as a whole (what no single field explains); read out when it appears. */
export function FormAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
    >
      <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{message}</span>
    </div>
  );
}

/** The console lists' look, added to the ui table's own classes. */
export const table = {
  wrapper: 'overflow-x-auto rounded-2xl bg-white shadow-xs ring-1 ring-slate-200',
  table: 'min-w-full divide-y divide-slate-200',
  head: 'bg-slate-50',
  th: 'px-4 py-3 text-xs font-semibold tracking-wide text-slate-600 uppercase whitespace-nowrap',
  td: 'px-4 py-3 align-top text-slate-700',
};
