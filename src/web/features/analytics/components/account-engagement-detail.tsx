import { ArrowLeft, Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { AnalyticsRangeQuery } from '../../../../shared/analytics';
import { formatDate } from '../../../../shared/dates';
import { buttonClassName } from '../../../components/ui/button';
import { ErrorBox } from '../../../components/ui/error-box';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { Skeleton } from '../../../components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '../../../components/ui/table';
import { accountExportUrl, useAccountEngagementDetail } from '../api/analytics';
import { formatCount } from '../lib/chart-format';
import { activityLabels, formatSeen } from '../lib/engagement-format';

const th = 'px-3 py-2 text-end';
const td = 'px-3 py-2 text-end tabular-nums';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl bg-white p-5 shadow-xs ring-1 ring-slate-200">
      <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
      <ScrollRegion className="mt-3 overflow-x-auto" label={title}>
        {children}
      </ScrollRegion>
    </section>
  );
}

const none = (text: string) => <p className="py-2 text-sm text-slate-600">{text}</p>;

/** One account's engagement in a range: totals, its people, documents, items and the activity log. */
export function AccountEngagementDetail({
  accountId,
  range,
}: {
  accountId: string;
  range: AnalyticsRangeQuery;
}) {
  const detail = useAccountEngagementDetail(accountId, range);
  const back = (
    <Link
      to="/console/analytics"
      className="inline-flex items-center gap-1 text-sm text-brand-ink underline-offset-2 hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden />
      Analytics
    </Link>
  );
  if (detail.isError) {
    return (
      <div className="space-y-4">
        {back}
        <ErrorBox detail={detail.error.message} />
      </div>
    );
  }
  if (!detail.data) return <Skeleton className="h-96 w-full rounded-2xl" />;
  const { account, totals, people, documents, items, activity } = detail.data;
  const stats = [
    { label: 'People', value: totals.people },
    { label: 'Document views', value: totals.documentViews },
    { label: 'Downloads', value: totals.downloads },
    { label: 'Items opened', value: totals.itemsOpened },
    { label: 'Portal events', value: totals.portalEvents },
  ];
  return (
    <div className="space-y-6">
      {back}
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight [overflow-wrap:anywhere] text-slate-950">
            {account.name}
          </h1>
          <p className="mt-1 text-sm text-slate-600">
            {account.domain ? `${account.domain} · ` : ''}
            {formatDate(range.from)} to {formatDate(range.to)} · last seen {formatSeen(totals.lastSeenAt)}
          </p>
        </div>
        <a
          className={buttonClassName('primary', 'md')}
          href={accountExportUrl(account.id, { ...range, bom: '1' })}
          download
        >
          <Download className="size-4" aria-hidden />
          Download CSV
        </a>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {stats.map((stat) => (
          <div key={stat.label} className="rounded-2xl bg-white p-4 shadow-xs ring-1 ring-slate-200">
            <dt className="text-xs font-medium text-slate-600">{stat.label}</dt>
            <dd className="mt-1 text-2xl font-semibold tabular-nums text-slate-950">
              {formatCount(stat.value)}
            </dd>
          </div>
        ))}
      </dl>
      <Section title="People">
        {people.length === 0 ? (
          none('Nobody from this account was active in this range.')
        ) : (
          <Table className="min-w-[36rem]">
            <TableHead className="text-xs font-medium text-slate-600">
              <TableRow>
                <TableHeaderCell className="py-2 pe-3">Person</TableHeaderCell>
                <TableHeaderCell className={th}>Views</TableHeaderCell>
                <TableHeaderCell className={th}>Downloads</TableHeaderCell>
                <TableHeaderCell className={th}>Items opened</TableHeaderCell>
                <TableHeaderCell className="py-2 ps-3">Last seen</TableHeaderCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {people.map((person) => (
                <TableRow key={person.memberId}>
                  <TableHeaderCell scope="row" className="py-2 pe-3 font-medium text-slate-900">
                    {person.name || person.email}
                    {person.name ? (
                      <span className="block text-xs font-normal text-slate-600">{person.email}</span>
                    ) : null}
                  </TableHeaderCell>
                  <TableCell className={td}>{formatCount(person.documentViews)}</TableCell>
                  <TableCell className={td}>{formatCount(person.downloads)}</TableCell>
                  <TableCell className={td}>{formatCount(person.itemsOpened)}</TableCell>
                  <TableCell className="py-2 ps-3 whitespace-nowrap text-slate-600">
                    {formatSeen(person.lastSeenAt)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Section>
      <div className="grid gap-4 lg:grid-cols-2">
        <Section title="Documents">
          {documents.length === 0 ? (
            none('No documents viewed or downloaded.')
          ) : (
            <Table>
              <TableHead className="text-xs font-medium text-slate-600">
                <TableRow>
                  <TableHeaderCell className="py-2 pe-3">Document</TableHeaderCell>
                  <TableHeaderCell className={th}>Views</TableHeaderCell>
                  <TableHeaderCell className={th}>Downloads</TableHeaderCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {documents.map((document) => (
                  <TableRow key={document.fileId}>
                    <TableHeaderCell scope="row" className="py-2 pe-3 font-medium text-slate-900">
                      {document.title}
                    </TableHeaderCell>
                    <TableCell className={td}>{formatCount(document.views)}</TableCell>
                    <TableCell className={td}>{formatCount(document.downloads)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Section>
        <Section title="Items opened">
          {items.length === 0 ? (
            none('No items opened.')
          ) : (
            <Table>
              <TableHead className="text-xs font-medium text-slate-600">
                <TableRow>
                  <TableHeaderCell className="py-2 pe-3">Item</TableHeaderCell>
                  <TableHeaderCell className={th}>Opens</TableHeaderCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {items.map((item) => (
                  <TableRow key={item.itemId}>
                    <TableHeaderCell scope="row" className="py-2 pe-3 font-medium text-slate-900">
                      {item.title}
                    </TableHeaderCell>
                    <TableCell className={td}>{formatCount(item.opens)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Section>
      </div>
      <Section title="Activity">
        {activity.length === 0 ? (
          none('No views, downloads or items opened in this range.')
        ) : (
          <>
            <ol className="divide-y divide-slate-100 text-sm" aria-label="Activity, newest first">
              {activity.map((entry, index) => (
                <li key={index} className="flex flex-wrap gap-x-3 py-2">
                  <span className="w-40 shrink-0 text-slate-600">{formatSeen(entry.at)}</span>
                  <span className="text-slate-900">
                    <span className="font-medium">{entry.person ?? 'Someone'}</span>{' '}
                    {activityLabels[entry.kind].toLowerCase()} {entry.subject ?? 'a removed document'}
                  </span>
                </li>
              ))}
            </ol>
            <p className="mt-2 text-xs text-slate-600">The newest 100 are shown; the CSV has them all.</p>
          </>
        )}
      </Section>
    </div>
  );
}
