import { Download } from 'lucide-react';
import { lazy, type ReactNode, useId, useMemo, useState } from 'react';
import type { AnalyticsRangeQuery, AnalyticsDashboard as Dashboard } from '../../../../shared/analytics';
import { formatDate } from '../../../../shared/dates';
import { buttonClassName } from '../../../components/ui/button';
import { ErrorBox } from '../../../components/ui/error-box';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { classNames } from '../../../lib/class-names';
import { exportUrl, useAnalyticsDashboard } from '../api/analytics';
import { formatCount } from '../lib/chart-format';
import { lastDays, rangePresets } from '../lib/date-range';
import { eventLabel } from '../lib/event-labels';
import { AccountEngagementList } from './account-engagement';
import { ChartFrame } from './chart-frame';

const format = formatCount;

function Stat({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <div className="rounded-2xl bg-white p-4 shadow-xs ring-1 ring-slate-200" data-testid={testId}>
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums text-slate-950">{format(value)}</dd>
    </div>
  );
}

function Panel({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={classNames('rounded-2xl bg-white p-5 shadow-xs ring-1 ring-slate-200', className)}
    >
      <h2 id={id} className="text-sm font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="py-4 text-sm text-slate-600">{children}</p>;
}

/** Rows of label + count with a bar relative to the largest count. */
function BarList({ rows, label }: { rows: { key: string; label: string; value: number }[]; label: string }) {
  const max = Math.max(1, ...rows.map((row) => row.value));
  if (rows.length === 0) return <Empty>Nothing in this range.</Empty>;
  return (
    <ul className="space-y-2" aria-label={label}>
      {rows.map((row) => (
        <li
          key={row.key}
          className="relative flex items-center justify-between gap-3 rounded-md px-2 py-1.5 text-sm"
        >
          <span
            aria-hidden
            className="absolute inset-y-0 start-0 rounded-md bg-brand-soft"
            style={{ width: `${(row.value / max) * 100}%` }}
          />
          <span className="relative min-w-0 truncate text-slate-900">{row.label}</span>
          <span className="relative font-medium tabular-nums text-slate-900">{format(row.value)}</span>
        </li>
      ))}
    </ul>
  );
}

/** Every day of the range, with zero for days without events, so the bars keep a time scale. */
export function fillDays(
  range: AnalyticsRangeQuery,
  days: Dashboard['visitsByDay'],
): Dashboard['visitsByDay'] {
  const byDay = new Map(days.map((day) => [day.day, day]));
  const filled: Dashboard['visitsByDay'] = [];
  const end = new Date(`${range.to}T00:00:00Z`).getTime();
  for (
    let at = new Date(`${range.from}T00:00:00Z`).getTime();
    at <= end && filled.length < 400;
    at += 86_400_000
  ) {
    const day = new Date(at).toISOString().slice(0, 10);
    filled.push(byDay.get(day) ?? { day, visits: 0, uniqueVisitors: 0 });
  }
  return filled;
}

// recharts is loaded with the charts, after the dashboard's numbers: never with the console's first screen.
const LazyVisitsChart = lazy(() => import('./charts').then((charts) => ({ default: charts.VisitsChart })));
const LazyFunnelChart = lazy(() => import('./charts').then((charts) => ({ default: charts.FunnelChart })));

const keyboardHint =
  'Focus the chart and use the left and right arrow keys to move between points; the numbers are also in the data table.';

function VisitsPanel({
  days: recorded,
  range,
}: {
  days: Dashboard['visitsByDay'];
  range: AnalyticsRangeQuery;
}) {
  // One series per response, so a re-render (a tooltip move) hands recharts the same data.
  const days = useMemo(() => fillDays(range, recorded), [range, recorded]);
  if (recorded.length === 0) return <Empty>No visits in this range.</Empty>;
  const label = `Visits and unique visitors per day, ${formatDate(range.from)} to ${formatDate(range.to)}`;
  return (
    <ChartFrame
      label={label}
      hint={keyboardHint}
      columns={[
        { key: 'day', label: 'Day' },
        { key: 'visits', label: 'Visits', numeric: true },
        { key: 'uniqueVisitors', label: 'Unique visitors', numeric: true },
      ]}
      rows={days.map((day) => ({
        day: formatDate(day.day),
        visits: format(day.visits),
        uniqueVisitors: format(day.uniqueVisitors),
      }))}
      chart={<LazyVisitsChart days={days} label={label} />}
    />
  );
}

function FunnelPanel({ funnel }: { funnel: Dashboard['funnel'] }) {
  const steps = [
    { step: 'Requested', long: 'Requested access', people: funnel.requested },
    { step: 'Approved', long: 'Approved', people: funnel.approved },
    { step: 'Signed in', long: 'Signed in', people: funnel.signedIn },
    { step: 'Downloaded', long: 'Downloaded a document', people: funnel.downloaded },
  ];
  const top = Math.max(1, funnel.requested);
  const label = 'Access-request funnel: people at each step';
  return (
    <ChartFrame
      label={label}
      hint={keyboardHint}
      columns={[
        { key: 'step', label: 'Step' },
        { key: 'people', label: 'People', numeric: true },
        { key: 'share', label: 'Of requests', numeric: true },
      ]}
      rows={steps.map((step) => ({
        step: step.long,
        people: <span data-testid={`funnel-${step.long}`}>{format(step.people)}</span>,
        share: `${Math.round((step.people / top) * 100)}%`,
      }))}
      chart={<LazyFunnelChart steps={steps} label={label} />}
    />
  );
}

const exportReports = [
  { value: 'events', label: 'All events' },
  { value: 'accounts', label: 'Accounts' },
  { value: 'documents', label: 'Documents' },
] as const;

/** The staff analytics dashboard: a range of days, totals, lists, funnel, accounts and CSV export. */
export function AnalyticsDashboard({ initialRange = lastDays(30) }: { initialRange?: AnalyticsRangeQuery }) {
  const [range, setRange] = useState<AnalyticsRangeQuery>(initialRange);
  const [report, setReport] = useState<'events' | 'accounts' | 'documents'>('events');
  const [withBom, setWithBom] = useState(true);
  const dashboard = useAnalyticsDashboard(range);
  const data = dashboard.data;
  const idPrefix = useId();

  return (
    <div className="space-y-6">
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => event.preventDefault()}
        aria-label="Date range"
      >
        <div className="flex flex-wrap gap-2">
          {rangePresets.map((preset) => (
            <button
              key={preset.days}
              type="button"
              className={buttonClassName('secondary', 'sm')}
              onClick={() => setRange(lastDays(preset.days))}
            >
              {preset.label}
            </button>
          ))}
        </div>
        <label className="text-sm text-slate-800" htmlFor={`${idPrefix}-from`}>
          From
          <Input
            id={`${idPrefix}-from`}
            type="date"
            className="mt-1 w-40"
            value={range.from}
            max={range.to}
            onChange={(event) => event.target.value && setRange({ ...range, from: event.target.value })}
          />
        </label>
        <label className="text-sm text-slate-800" htmlFor={`${idPrefix}-to`}>
          To
          <Input
            id={`${idPrefix}-to`}
            type="date"
            className="mt-1 w-40"
            value={range.to}
            min={range.from}
            onChange={(event) => event.target.value && setRange({ ...range, to: event.target.value })}
          />
        </label>
      </form>

      {dashboard.isError ? <ErrorBox detail={dashboard.error.message} /> : null}
      {dashboard.isPending ? <Skeleton className="h-64 w-full rounded-2xl" /> : null}
      {data ? (
        <>
          <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-6">
            <Stat label="Visits" value={data.totals.visits} testId="stat-visits" />
            <Stat label="Unique visitors" value={data.totals.uniqueVisitors} testId="stat-visitors" />
            <Stat label="Document views" value={data.totals.documentViews} testId="stat-document-views" />
            <Stat label="Downloads" value={data.totals.downloads} testId="stat-downloads" />
            <Stat label="Searches" value={data.totals.searches} testId="stat-searches" />
            <Stat
              label="Searches without results"
              value={data.totals.searchesWithoutResults}
              testId="stat-no-results"
            />
          </dl>
          <Panel title="Visits per day">
            <VisitsPanel days={data.visitsByDay} range={data.range} />
          </Panel>
          <div className="grid gap-4 lg:grid-cols-2">
            <Panel title="Top items">
              <BarList
                label="Top items"
                rows={data.topItems.map((item) => ({
                  key: item.itemId,
                  label: item.title,
                  value: item.clicks,
                }))}
              />
            </Panel>
            <Panel title="Top documents">
              <BarList
                label="Top documents"
                rows={data.topDocuments.map((file) => ({
                  key: file.fileId,
                  label: `${file.title} (${format(file.downloads)} ${file.downloads === 1 ? 'download' : 'downloads'})`,
                  value: file.views + file.downloads,
                }))}
              />
            </Panel>
            <Panel title="Searches with no results">
              <BarList
                label="Searches with no results"
                rows={data.searchesWithoutResults.map((row) => ({
                  key: row.query,
                  label: row.query,
                  value: row.count,
                }))}
              />
            </Panel>
            <Panel title="Unanswered questions (knowledge base)">
              <BarList
                label="Unanswered questions"
                rows={data.knowledgeGaps.map((gap) => ({
                  key: gap.question,
                  label: gap.question,
                  value: gap.askCount,
                }))}
              />
            </Panel>
            <Panel title="Access-request funnel">
              <FunnelPanel funnel={data.funnel} />
            </Panel>
            <Panel title="Events">
              <BarList
                label="Events by name"
                rows={data.eventCounts.map((row) => ({
                  key: row.name,
                  label: eventLabel(row.name),
                  value: row.count,
                }))}
              />
            </Panel>
          </div>
          <Panel title="Account engagement">
            <AccountEngagementList range={data.range} />
          </Panel>
        </>
      ) : null}

      <section
        aria-labelledby={`${idPrefix}-export`}
        className="flex flex-wrap items-end gap-3 rounded-2xl bg-white p-5 shadow-xs ring-1 ring-slate-200"
      >
        <h2 id={`${idPrefix}-export`} className="w-full text-sm font-semibold text-slate-900">
          Export as CSV
        </h2>
        <label className="text-sm text-slate-800" htmlFor={`${idPrefix}-report`}>
          Report
          <Select
            id={`${idPrefix}-report`}
            className="mt-1 w-44"
            value={report}
            onChange={(event) => setReport(event.target.value as typeof report)}
          >
            {exportReports.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        </label>
        <label className="flex h-10 items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="size-4 accent-brand-ink"
            checked={withBom}
            onChange={(event) => setWithBom(event.target.checked)}
          />
          Excel-friendly (byte order mark)
        </label>
        <a
          className={buttonClassName('primary', 'md')}
          href={exportUrl({ ...range, report, bom: withBom ? '1' : '0' })}
          download
        >
          <Download className="size-4" aria-hidden />
          Download CSV
        </a>
      </section>
    </div>
  );
}
