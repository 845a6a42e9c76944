import { useState } from 'react';
import { Link } from 'react-router';
import type { AnalyticsRangeQuery } from '../../../../shared/analytics';
import { ErrorBox } from '../../../components/ui/error-box';
import { Pagination } from '../../../components/ui/pagination';
import { Skeleton } from '../../../components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '../../../components/ui/table';
import { useAccountEngagement } from '../api/analytics';
import { formatCount } from '../lib/chart-format';
import { formatSeen } from '../lib/engagement-format';

const cell = 'px-3 py-2 text-end tabular-nums';

/** Accounts by engagement in the range, a page at a time; each name opens the account's drill-down. */
export function AccountEngagementList({ range }: { range: AnalyticsRangeQuery }) {
  const [pageOf, setPageOf] = useState({ range, page: 1 });
  // A new range starts again at page 1.
  const page = pageOf.range.from === range.from && pageOf.range.to === range.to ? pageOf.page : 1;
  const engagement = useAccountEngagement({ ...range, page });
  if (engagement.isError) return <ErrorBox detail={engagement.error.message} />;
  if (!engagement.data) return <Skeleton className="h-40 w-full rounded-xl" />;
  const { accounts, total, pageCount } = engagement.data;
  if (accounts.length === 0 && total === 0) {
    return <p className="py-4 text-sm text-slate-600">No account activity in this range.</p>;
  }
  const rangeQuery = new URLSearchParams(range).toString();
  return (
    <div className="space-y-3">
      <p className="text-xs text-slate-600">
        {formatCount(total)} {total === 1 ? 'account' : 'accounts'} active, most engaged first.
      </p>
      <div className="overflow-x-auto">
        <Table className="min-w-[40rem]" data-testid="engagement-table">
          <caption className="sr-only">Account engagement in the selected range</caption>
          <TableHead className="text-xs font-medium text-slate-600">
            <TableRow>
              <TableHeaderCell className="py-2 pe-3">Account</TableHeaderCell>
              <TableHeaderCell className="px-3 py-2 text-end">People</TableHeaderCell>
              <TableHeaderCell className="px-3 py-2 text-end">Document views</TableHeaderCell>
              <TableHeaderCell className="px-3 py-2 text-end">Downloads</TableHeaderCell>
              <TableHeaderCell className="px-3 py-2 text-end">Items opened</TableHeaderCell>
              <TableHeaderCell className="py-2 ps-3">Last seen</TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {accounts.map((account) => (
              <TableRow key={account.accountId}>
                <TableHeaderCell scope="row" className="py-2 pe-3 font-medium">
                  <Link
                    to={`/console/analytics/accounts/${account.accountId}?${rangeQuery}`}
                    className="text-brand-ink underline-offset-2 hover:underline"
                  >
                    {account.name}
                  </Link>
                  {account.domain ? (
                    <span className="block text-xs font-normal text-slate-600">{account.domain}</span>
                  ) : null}
                </TableHeaderCell>
                <TableCell className={cell}>{formatCount(account.people)}</TableCell>
                <TableCell className={cell}>{formatCount(account.documentViews)}</TableCell>
                <TableCell className={cell}>{formatCount(account.downloads)}</TableCell>
                <TableCell className={cell}>{formatCount(account.itemsOpened)}</TableCell>
                <TableCell className="py-2 ps-3 whitespace-nowrap text-slate-600">
                  {formatSeen(account.lastSeenAt)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <Pagination
        label="Account engagement pages"
        page={page}
        totalPages={pageCount}
        disabled={engagement.isFetching}
        onPageChange={(next) => setPageOf({ range, page: next })}
      />
    </div>
  );
}
