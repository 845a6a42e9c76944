import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, CalendarPlus, Eye, Save, ShieldOff, Trash2, Users } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import {
  type AccountDetail,
  ExtendAccountInput,
  type PermissionProfile,
  UpdateAccountInput,
} from '../../../../shared/access';
import { limits } from '../../../../shared/limits';
import { countOf } from '../../../../shared/plural';
import { EndSessionsButton } from '../../../components/end-sessions-button';
import { RoleGate } from '../../../components/role-gate';
import { AlertDialog } from '../../../components/ui/alert-dialog';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { ErrorBox } from '../../../components/ui/error-box';
import { describedBy, Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '../../../components/ui/table';
import { isApiError } from '../../../lib/api-client';
import { useStaffCan } from '../../../lib/staff-session';
import { useAccessSettings } from '../api/access-settings';
import {
  type ExtendAccountValues,
  useAccount,
  useAccountAccessTokens,
  useDeleteMember,
  useExtendAccount,
  useRevokeAccount,
  useRevokeAccountAccessToken,
  useUpdateAccount,
} from '../api/accounts';
import { usePermissionProfiles } from '../api/permission-profiles';
import { applyServerErrors } from '../lib/form-errors';
import { expiryOf, formatDate } from '../lib/format';
import { AccessDaysField, accessDaysErrorMap } from './access-days-field';
import { EmptyState, FormAlert, Panel, table } from './console-page';
import { ProfileSelect, profileIdValue } from './profile-select';
import { Badge, ReviewStatusBadge } from './status-badge';

type AccountProps = { account: AccountDetail };
const detailFields = ['name', 'domain', 'permissionProfileId'] as const;
type DetailField = (typeof detailFields)[number];

function DetailsForm({ account, profiles }: AccountProps & { profiles: PermissionProfile[] }) {
  const [formError, setFormError] = useState<string | null>(null);
  const update = useUpdateAccount(account.id);
  const form = useForm({
    resolver: zodResolver(UpdateAccountInput),
    defaultValues: {
      name: account.name,
      domain: account.domain,
      permissionProfileId: account.permissionProfileId,
    },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((input) => {
    setFormError(null);
    update.mutate(input, {
      onSuccess: (saved) => {
        form.reset({
          name: saved.name,
          domain: saved.domain,
          permissionProfileId: saved.permissionProfileId,
        });
        toast.success('Account saved');
      },
      onError: (error) =>
        setFormError(
          applyServerErrors(
            error,
            (path) => (detailFields as readonly string[]).includes(path),
            (path, message) => form.setError(path as DetailField, { type: 'server', message }),
          ),
        ),
    });
  });

  return (
    <form onSubmit={submit} noValidate className="mt-5 space-y-5">
      <div className="grid gap-5 md:grid-cols-2">
        <Field id="detail-name" label="Company name" error={errors.name?.message}>
          <Input
            id="detail-name"
            maxLength={limits.companyNameMaxLength}
            isInvalid={Boolean(errors.name)}
            aria-describedby={describedBy('detail-name', errors.name?.message)}
            {...form.register('name')}
          />
        </Field>
        <Field
          id="detail-domain"
          label="E-mail domain"
          hint="Leave empty for an account without a domain."
          error={errors.domain?.message}
        >
          <Input
            id="detail-domain"
            placeholder="example.com"
            isInvalid={Boolean(errors.domain)}
            aria-describedby={describedBy('detail-domain', errors.domain?.message)}
            {...form.register('domain', { setValueAs: (value) => (value ? String(value) : null) })}
          />
        </Field>
      </div>
      <ProfileSelect
        id="detail-permission-profile"
        profiles={profiles}
        error={errors.permissionProfileId?.message}
        registration={form.register('permissionProfileId', { setValueAs: profileIdValue })}
      />
      <FormAlert message={formError} />
      <div className="flex justify-end">
        <Button type="submit" disabled={update.isPending || !form.formState.isDirty}>
          <Save className="size-4" aria-hidden />
          {update.isPending ? 'Saving…' : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}

function ExtendForm({
  account,
  defaultAccessDays,
  onDone,
}: AccountProps & { defaultAccessDays: number | undefined; onDone(): void }) {
  const [formError, setFormError] = useState<string | null>(null);
  const extend = useExtendAccount(account.id);
  const form = useForm<ExtendAccountValues>({
    resolver: zodResolver(ExtendAccountInput, { error: accessDaysErrorMap }),
    defaultValues: { accessDays: defaultAccessDays },
  });
  const submit = form.handleSubmit((input) => {
    setFormError(null);
    extend.mutate(input, {
      onSuccess: (saved) => {
        toast.success(`Access extended: ${expiryOf(saved.accessExpiresAt).phrase}`);
        onDone();
      },
      onError: (error) =>
        setFormError(
          applyServerErrors(
            error,
            (path) => path === 'accessDays',
            (_path, message) => form.setError('accessDays', { type: 'server', message }),
          ),
        ),
    });
  });
  return (
    <form onSubmit={submit} noValidate className="mt-6 space-y-5">
      <AccessDaysField
        id="extend-access-days"
        label="Access for (days)"
        hint="Access then lasts this many days from today, and the account is approved."
        error={form.formState.errors.accessDays?.message}
        registration={form.register('accessDays', { valueAsNumber: true })}
      />
      <FormAlert message={formError} />
      <div className="flex justify-end gap-2">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={extend.isPending}>
          {extend.isPending ? 'Extending…' : 'Extend access'}
        </Button>
      </div>
    </form>
  );
}

export function ExtendDialog(props: AccountProps & { defaultAccessDays: number | undefined }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <CalendarPlus className="size-4" aria-hidden />
        Extend access
      </Button>
      {open ? (
        <DialogContent
          title={`Extend access for ${props.account.name}`}
          description={`Currently: ${expiryOf(props.account.accessExpiresAt, props.account.reviewStatus).phrase}.`}
        >
          <ExtendForm {...props} onDone={() => setOpen(false)} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

const failureText = (error: unknown) => (isApiError(error) ? error.message : 'Please try again.');

function RevokeButton({ account }: AccountProps) {
  const [open, setOpen] = useState(false);
  const revoke = useRevokeAccount(account.id);
  return (
    <>
      <Button variant="secondary" className="text-red-700" onClick={() => setOpen(true)}>
        <ShieldOff className="size-4" aria-hidden />
        Revoke access
      </Button>
      <AlertDialog
        open={open}
        onOpenChange={setOpen}
        title={`Revoke access for ${account.name}?`}
        description="Its members lose access to restricted content at once. You can extend access again later."
        confirmLabel={revoke.isPending ? 'Revoking…' : 'Revoke access'}
        isDestructive
        isBusy={revoke.isPending}
        onConfirm={() =>
          revoke.mutate(undefined, {
            onSuccess: () => {
              toast.success(`Access revoked for ${account.name}`);
              setOpen(false);
            },
            onError: (error) => toast.error(`Revoking failed. ${failureText(error)}`),
          })
        }
      />
    </>
  );
}

/** Members' personal access tokens (issue 36): who made which, when it was last used; revoke at once. */
function AccessTokensTable({ account, canReview }: AccountProps & { canReview: boolean }) {
  const tokens = useAccountAccessTokens(account.id);
  const revoke = useRevokeAccountAccessToken(account.id);
  if (tokens.isPending) return <Skeleton className="h-16 w-full" />;
  const list = tokens.data?.tokens ?? [];
  if (list.length === 0) {
    return (
      <p className="text-sm text-slate-600">
        No member of this account has made an access token. Members make them in the trust center's account
        menu, for an AI assistant or a script to read it as them.
      </p>
    );
  }
  return (
    <div className={table.wrapper}>
      <Table className={table.table}>
        <caption className="sr-only">Access tokens of {account.name}'s members</caption>
        <TableHead className={table.head}>
          <TableRow>
            <TableHeaderCell className={table.th}>Token</TableHeaderCell>
            <TableHeaderCell className={table.th}>Member</TableHeaderCell>
            <TableHeaderCell className={table.th}>Last used</TableHeaderCell>
            <TableHeaderCell className={table.th}>Expires</TableHeaderCell>
            <TableHeaderCell className={table.th}>
              <span className="sr-only">Actions</span>
            </TableHeaderCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {list.map((token) => {
            const isLive = !token.revokedAt && new Date(token.expiresAt).getTime() > Date.now();
            return (
              <TableRow key={token.id} data-testid="access-token-row">
                <TableCell className={table.td}>
                  <span className="block font-medium text-slate-900">{token.name}</span>
                  <code className="font-mono text-xs text-slate-600">{token.prefix}</code>
                </TableCell>
                <TableCell className={`${table.td} break-all`}>{token.memberEmail}</TableCell>
                <TableCell className={`${table.td} whitespace-nowrap`}>
                  {formatDate(token.lastUsedAt)}
                </TableCell>
                <TableCell className={`${table.td} whitespace-nowrap`}>
                  {token.revokedAt ? <Badge tone="slate">Revoked</Badge> : formatDate(token.expiresAt)}
                </TableCell>
                <TableCell className={`${table.td} text-right`}>
                  {isLive && canReview ? (
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={revoke.isPending}
                      aria-label={`Revoke ${token.name} of ${token.memberEmail}`}
                      onClick={() =>
                        revoke.mutate(token.id, {
                          onSuccess: () => toast.success(`${token.name} revoked`),
                          onError: (error) =>
                            toast.error(
                              isApiError(error) ? error.message : 'The token could not be revoked.',
                            ),
                        })
                      }
                    >
                      Revoke
                    </Button>
                  ) : null}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}

function MembersTable({ account, canReview }: AccountProps & { canReview: boolean }) {
  const [removing, setRemoving] = useState<AccountDetail['members'][number] | null>(null);
  const remove = useDeleteMember(account.id);
  if (account.members.length === 0) {
    return (
      <EmptyState icon={<Users className="size-6" aria-hidden />} title="No members yet">
        Members join when they sign in with an address of this account or are approved into it.
      </EmptyState>
    );
  }
  return (
    <div className={table.wrapper}>
      <Table className={table.table}>
        <caption className="sr-only">Members of {account.name}</caption>
        <TableHead className={table.head}>
          <TableRow>
            <TableHeaderCell className={table.th}>Member</TableHeaderCell>
            <TableHeaderCell className={table.th}>Last sign-in</TableHeaderCell>
            <TableHeaderCell className={table.th}>NDA accepted</TableHeaderCell>
            <TableHeaderCell className={table.th}>
              <span className="sr-only">Actions</span>
            </TableHeaderCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {account.members.map((member) => {
            const name = `${member.firstName} ${member.lastName}`.trim() || member.email;
            return (
              <TableRow key={member.id} data-testid="member-row">
                <TableCell className={table.td}>
                  <span className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                    {name}
                    {member.isAutoApproved ? <Badge tone="slate">Auto-approved</Badge> : null}
                  </span>
                  <span className="block break-all text-slate-600">{member.email}</span>
                </TableCell>
                <TableCell className={`${table.td} whitespace-nowrap`}>
                  {formatDate(member.lastSignInAt)}
                </TableCell>
                <TableCell className={`${table.td} whitespace-nowrap`}>
                  {formatDate(member.ndaAcceptedAt)}
                </TableCell>
                <TableCell className={`${table.td} text-right whitespace-nowrap`}>
                  {canReview ? (
                    <>
                      <EndSessionsButton
                        path={`/api/accounts/${encodeURIComponent(account.id)}/members/${encodeURIComponent(member.id)}/end-sessions`}
                        size="sm"
                        variant="ghost"
                        label="Sign out"
                        srSuffix={name}
                        confirmTitle={`Sign ${name} out everywhere?`}
                        confirmDescription={`Every browser where ${member.email} is signed in is signed out at once. They keep their access and can sign in again with a new link.`}
                      />
                      <Button
                        size="sm"
                        variant="ghost"
                        className="text-red-700"
                        onClick={() => setRemoving(member)}
                      >
                        <Trash2 className="size-4" aria-hidden />
                        Remove<span className="sr-only"> {name}</span>
                      </Button>
                    </>
                  ) : null}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <AlertDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title="Remove this member?"
        description={`${removing?.email ?? ''} loses access to restricted content. They can request access again.`}
        confirmLabel={remove.isPending ? 'Removing…' : 'Remove member'}
        isDestructive
        isBusy={remove.isPending}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing.id, {
            onSuccess: () => {
              toast.success(`${removing.email} removed`);
              setRemoving(null);
            },
            onError: (error) => toast.error(`Removing failed. ${failureText(error)}`),
          });
        }}
      />
    </div>
  );
}

/** One account: its details and profile, access expiry (extend, revoke), members and a portal preview. */
export function AccountDetailScreen({
  accountId,
  organisationSlug,
}: {
  accountId: string;
  organisationSlug: string;
}) {
  const query = useAccount(accountId);
  const settings = useAccessSettings();
  const profiles = usePermissionProfiles();
  const canReview = useStaffCan('access:review');
  const back = (
    <Link
      to="/console/accounts"
      className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900"
    >
      <ArrowLeft className="size-4" aria-hidden />
      Accounts
    </Link>
  );
  if (query.isPending) {
    return (
      <div className="space-y-4" aria-busy="true">
        {back}
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="space-y-4">
        {back}
        <ErrorBox detail={query.error.message} />
      </div>
    );
  }
  const account = query.data;
  const expiry = expiryOf(account.accessExpiresAt, account.reviewStatus);
  return (
    <div className="space-y-6">
      <title>{`${account.name} | Accounts | Attest`}</title>
      {back}
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-semibold tracking-tight [overflow-wrap:anywhere] text-slate-950">
              {account.name}
            </h1>
            <ReviewStatusBadge status={account.reviewStatus} />
          </div>
          <p className={`mt-1 text-sm ${expiry.isExpired ? 'font-medium text-red-700' : 'text-slate-600'}`}>
            {expiry.label} · {countOf(account.memberCount, 'member')} · since {formatDate(account.createdAt)}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a
            href={`/${encodeURIComponent(organisationSlug)}?accountId=${encodeURIComponent(account.id)}`}
            target="_blank"
            rel="noopener"
            className={buttonClassName('secondary')}
          >
            <Eye className="size-4" aria-hidden />
            Preview as this account
          </a>
          {canReview ? (
            <ExtendDialog account={account} defaultAccessDays={settings.data?.defaultAccessDays} />
          ) : null}
          {account.memberCount > 0 && canReview ? (
            <EndSessionsButton
              path={`/api/accounts/${encodeURIComponent(account.id)}/end-sessions`}
              label="Sign out all members"
              confirmTitle={`Sign out every member of ${account.name}?`}
              confirmDescription="Every session of every member of this account ends at once. Their access stays; they sign in again with a new link."
            />
          ) : null}
          {/* Only access that runs now can be revoked; the server refuses the rest too. */}
          {account.reviewStatus === 'approved' && !expiry.isExpired && canReview ? (
            <RevokeButton account={account} />
          ) : null}
        </div>
      </div>
      <Panel labelledBy="account-details-heading">
        <h2 id="account-details-heading" className="text-base font-semibold text-slate-950">
          Details
        </h2>
        {profiles.isPending ? (
          <Skeleton className="mt-5 h-40 w-full" />
        ) : (
          // The select can show the saved profile only once its option exists.
          <RoleGate needs="access:review">
            <DetailsForm
              key={`${account.name}|${account.domain}|${account.permissionProfileId}`}
              account={account}
              profiles={profiles.data ?? []}
            />
          </RoleGate>
        )}
      </Panel>
      <section aria-labelledby="account-members-heading" className="space-y-3">
        <h2 id="account-members-heading" className="text-base font-semibold text-slate-950">
          Members
        </h2>
        <MembersTable account={account} canReview={canReview} />
      </section>
      <section aria-labelledby="account-tokens-heading" className="space-y-3">
        <h2 id="account-tokens-heading" className="text-base font-semibold text-slate-950">
          Access tokens
        </h2>
        <AccessTokensTable account={account} canReview={canReview} />
      </section>
    </div>
  );
}
