import { Building2 } from 'lucide-react';
import { Link } from 'react-router';
import { ErrorBox } from '../../../components/ui/error-box';
import { Skeleton } from '../../../components/ui/skeleton';
import { classNames } from '../../../lib/class-names';
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

  return (
    <div className="space-y-6">
      <PageHeader
        title="Accounts"
        description="Companies whose members can see restricted content, for as long as their access lasts."
        actions={
          <CreateAccountDialog
            defaultAccessDays={settings.data?.defaultAccessDays}
            profiles={profiles.data ?? []}
          />
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
          <table className={table.table}>
            <caption className="sr-only">Accounts</caption>
            <thead className={table.head}>
              <tr>
                <th scope="col" className={table.th}>
                  Account
                </th>
                <th scope="col" className={table.th}>
                  Review status
                </th>
                <th scope="col" className={table.th}>
                  Access
                </th>
                <th scope="col" className={table.th}>
                  Permission profile
                </th>
                <th scope="col" className={`${table.th} text-right`}>
                  Members
                </th>
              </tr>
            </thead>
            <tbody className={table.body}>
              {accounts.data.map((account) => {
                const expiry = expiryOf(account.accessExpiresAt, account.reviewStatus);
                return (
                  <tr key={account.id} data-testid="account-row">
                    <td className={table.td}>
                      <Link
                        to={`/console/accounts/${account.id}`}
                        className="font-medium text-slate-900 underline-offset-2 hover:underline"
                      >
                        {account.name}
                      </Link>
                      <span className="block text-xs text-slate-500">
                        {account.domain ?? 'No domain'} · since {formatDate(account.createdAt)}
                      </span>
                    </td>
                    <td className={table.td}>
                      <ReviewStatusBadge status={account.reviewStatus} />
                    </td>
                    <td
                      className={classNames(
                        table.td,
                        'whitespace-nowrap',
                        expiry.isExpired && 'font-medium text-red-700',
                      )}
                    >
                      {expiry.label}
                    </td>
                    <td className={table.td}>{account.permissionProfileName ?? 'No profile'}</td>
                    <td className={`${table.td} text-right tabular-nums`}>{account.memberCount}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
