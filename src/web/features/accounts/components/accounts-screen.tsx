import { Building2 } from 'lucide-react';
import { Link } from 'react-router';
import { ErrorBox } from '../../../components/ui/error-box';
import { Skeleton } from '../../../components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '../../../components/ui/table';
import { classNames } from '../../../lib/class-names';
import { useStaffCan } from '../../../lib/staff-session';
import { useAccessSettings } from '../api/access-settings';
import { useAccounts } from '../api/accounts';
import { usePermissionProfiles } from '../api/permission-profiles';
import { expiryOf, formatDate } from '../lib/format';
import { EmptyState, PageHeader, table } from './console-page';
import { CreateAccountDialog } from './create-account-dialog';
import { ReviewStatusBadge } from './status-badge';

/** Companies with access: review status, expiry, profile and members; each opens its detail page. */
export function AccountsScreen() {
  const accounts = useAccounts();
  const settings = useAccessSettings();
  const profiles = usePermissionProfiles();
  const canReview = useStaffCan('access:review');

  return (
    <div className="space-y-6">
      <PageHeader
        title="Accounts"
        description="Companies whose members can see restricted content, for as long as their access lasts."
        actions={
          canReview ? (
            <CreateAccountDialog
              defaultAccessDays={settings.data?.defaultAccessDays}
              profiles={profiles.data ?? []}
            />
          ) : null
        }
      />
      {accounts.isPending ? (
        <div className="space-y-2" aria-busy="true">
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
        </div>
      ) : accounts.isError ? (
        <ErrorBox detail={accounts.error.message} />
      ) : accounts.data.length === 0 ? (
        <EmptyState icon={<Building2 className="size-6" aria-hidden />} title="No accounts yet">
          Approving an access request creates the requester's account; you can also create one here.
        </EmptyState>
      ) : (
        <div className={table.wrapper}>
          <Table className={table.table}>
            <caption className="sr-only">Accounts</caption>
            <TableHead className={table.head}>
              <TableRow>
                <TableHeaderCell className={table.th}>Account</TableHeaderCell>
                <TableHeaderCell className={table.th}>Review status</TableHeaderCell>
                <TableHeaderCell className={table.th}>Access</TableHeaderCell>
                <TableHeaderCell className={table.th}>Permission profile</TableHeaderCell>
                <TableHeaderCell className={`${table.th} text-right`}>Members</TableHeaderCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {accounts.data.map((account) => {
                const expiry = expiryOf(account.accessExpiresAt, account.reviewStatus);
                return (
                  <TableRow key={account.id} data-testid="account-row">
                    <TableCell className={table.td}>
                      <Link
                        to={`/console/accounts/${account.id}`}
                        className="font-medium text-slate-900 underline-offset-2 hover:underline"
                      >
                        {account.name}
                      </Link>
                      <span className="block text-xs text-slate-500">
                        {account.domain ?? 'No domain'} · since {formatDate(account.createdAt)}
                      </span>
                    </TableCell>
                    <TableCell className={table.td}>
                      <ReviewStatusBadge status={account.reviewStatus} />
                    </TableCell>
                    <TableCell
                      className={classNames(
                        table.td,
                        'whitespace-nowrap',
                        expiry.isExpired && 'font-medium text-red-700',
                      )}
                    >
                      {expiry.label}
                    </TableCell>
                    <TableCell className={table.td}>
                      {account.permissionProfileName ?? 'No profile'}
                    </TableCell>
                    <TableCell className={`${table.td} text-right tabular-nums`}>
                      {account.memberCount}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </div>
      )}
    </div>
  );
}
