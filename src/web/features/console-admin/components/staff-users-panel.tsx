import { KeyRound, LogOut, UserPlus } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { CreateStaffUserInput, type StaffUserView } from '../../../../shared/console-admin';
import { formatDateTime } from '../../../../shared/dates';
import { StaffRole, staffRoleDescriptions, staffRoleLabels } from '../../../../shared/permissions';
import { EndSessionsButton } from '../../../components/end-sessions-button';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { ErrorBox } from '../../../components/ui/error-box';
import { describedBy, Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { fieldErrorsByName, isApiError } from '../../../lib/api-client';
import {
  endStaffUserSession,
  staffUserApi,
  staffUsersKey,
  useRefreshingMutation,
  useStaffUserSessions,
  useStaffUsers,
} from '../api/console-admin';

type Props = { currentStaffId: string; canManage: boolean; canManageOwners: boolean };

function RoleChoice({
  idPrefix,
  value,
  onChange,
  canChooseOwner,
}: {
  idPrefix: string;
  value: StaffRole;
  onChange(next: StaffRole): void;
  canChooseOwner: boolean;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-800">Role</legend>
      {StaffRole.options.map((role) => {
        const id = `${idPrefix}-${role}`;
        const isLocked = role === 'owner' && !canChooseOwner;
        return (
          <label
            key={role}
            htmlFor={id}
            className={`flex items-start gap-2 text-sm ${isLocked ? 'text-slate-500' : 'text-slate-800'}`}
          >
            <input
              id={id}
              type="radio"
              name={idPrefix}
              className="mt-0.5 size-4 accent-brand-ink"
              checked={value === role}
              disabled={isLocked}
              onChange={() => onChange(role)}
            />
            <span>
              <span className="font-medium">{staffRoleLabels[role]}</span>
              <span className="block text-xs text-slate-600">
                {staffRoleDescriptions[role]}
                {isLocked ? ' Only an owner can make someone an owner.' : ''}
              </span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}

function RoleBadge({ role }: { role: StaffRole }) {
  const tone =
    role === 'owner'
      ? 'bg-brand-soft text-brand-ink ring-brand-ink/20'
      : 'bg-slate-100 text-slate-700 ring-slate-300';
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${tone}`} data-testid="staff-role">
      {staffRoleLabels[role]}
    </span>
  );
}

/** An owner's view of where a colleague is signed in, ending any one session at once. */
function StaffUserSessions({ user }: { user: StaffUserView }) {
  const list = useStaffUserSessions(user.id);
  const end = useRefreshingMutation([...staffUsersKey, user.id, 'sessions'], (sessionId: string) =>
    endStaffUserSession(user.id, sessionId),
  );
  if (list.isPending) return <Skeleton className="h-16 w-full" />;
  if (list.isError) return <ErrorBox detail={list.error.message} />;
  if (list.data.sessions.length === 0) {
    return <p className="text-sm text-slate-600">{user.name} is not signed in anywhere.</p>;
  }
  return (
    <ul
      className="divide-y divide-slate-200 rounded-xl bg-white ring-1 ring-slate-200"
      aria-label={`Sessions of ${user.name}`}
    >
      {list.data.sessions.map((session) => (
        <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
          <div className="min-w-0">
            <p className="font-medium text-slate-900">
              {session.browser}
              {session.isCurrent ? (
                <span className="ms-2 text-xs font-normal text-slate-600">(this browser)</span>
              ) : null}
            </p>
            <p className="text-xs text-slate-600">
              {session.ipAddress ?? 'Unknown address'} · signed in {formatDateTime(session.signedInAt)}
              {session.withSecondFactor ? ' with a second factor' : ''} · last seen{' '}
              {formatDateTime(session.lastSeenAt)}
            </p>
          </div>
          <Button
            size="sm"
            variant="secondary"
            disabled={end.isPending}
            onClick={() =>
              end.mutate(session.id, {
                onSuccess: () => toast.success(`Ended ${user.name}’s session in ${session.browser}`),
                onError: (error) => toast.error(error.message),
              })
            }
          >
            <LogOut className="size-3.5" aria-hidden />
            End
            <span className="sr-only">
              {' '}
              {user.name}’s session in {session.browser}
            </span>
          </Button>
        </li>
      ))}
    </ul>
  );
}

function PasswordNotice({ email, password }: { email: string; password: string }) {
  return (
    <div
      className="mt-4 space-y-3 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200"
      data-testid="temporary-password"
    >
      <p className="text-sm text-amber-950">
        Temporary password for <strong>{email}</strong>. It is shown only now: hand it over in person or by a
        channel you trust, and ask them to keep it safe.
      </p>
      <div className="flex items-center gap-2">
        <code className="rounded bg-white px-2 py-1 font-mono text-sm text-slate-900 ring-1 ring-slate-200">
          {password}
        </code>
        <CopyButton text={password} label="Copy password" copiedLabel="Copied" confirmationMs={3000} />
      </div>
    </div>
  );
}

/** The form for a new staff user; on success it shows the one-time temporary password. */
export function CreateStaffUserForm({ onDone, canChooseOwner }: { onDone(): void; canChooseOwner: boolean }) {
  const id = useId();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('viewer');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<{ email: string; password: string } | null>(null);
  const create = useRefreshingMutation(staffUsersKey, (input: CreateStaffUserInput) =>
    staffUserApi.create(input),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = CreateStaffUserInput.safeParse({ name, email, role });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
      );
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (result) => setCreated({ email: result.user.email, password: result.temporaryPassword }),
      onError: (error) => {
        if (isApiError(error) && Object.keys(error.fields).length > 0)
          setErrors(fieldErrorsByName(error.fields));
        else toast.error(error.message);
      },
    });
  }

  if (created) {
    return (
      <div>
        <PasswordNotice email={created.email} password={created.password} />
        <div className="mt-6 flex justify-end">
          <Button onClick={onDone}>Done</Button>
        </div>
      </div>
    );
  }
  return (
    <form className="mt-4 space-y-4" onSubmit={submit} noValidate>
      <Field id={`${id}-name`} label="Name" error={errors.name}>
        <Input
          id={`${id}-name`}
          value={name}
          onChange={(event) => setName(event.target.value)}
          isInvalid={Boolean(errors.name)}
          aria-describedby={describedBy(`${id}-name`, errors.name)}
          autoComplete="off"
        />
      </Field>
      <Field id={`${id}-email`} label="E-mail" error={errors.email} hint="They sign in with this address.">
        <Input
          id={`${id}-email`}
          type="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          isInvalid={Boolean(errors.email)}
          aria-describedby={describedBy(`${id}-email`, errors.email)}
          autoComplete="off"
        />
      </Field>
      <RoleChoice idPrefix={`${id}-role`} value={role} onChange={setRole} canChooseOwner={canChooseOwner} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          Create staff user
        </Button>
      </div>
    </form>
  );
}

function StaffUserRow({
  user,
  isSelf,
  canManage: canManageStaff,
  canManageOwners,
}: {
  user: StaffUserView;
  isSelf: boolean;
  canManage: boolean;
  canManageOwners: boolean;
}) {
  const id = useId();
  const [isEditing, setEditing] = useState(false);
  const [isShowingSessions, setShowingSessions] = useState(false);
  const [role, setRole] = useState(user.role);
  // Admins manage everyone but owners; the server says the same (staffUserMessages.ownersOnly).
  const canManage = canManageStaff && (user.role !== 'owner' || canManageOwners);
  const [reset, setReset] = useState<string | null>(null);
  const update = useRefreshingMutation(staffUsersKey, (change: Parameters<typeof staffUserApi.update>[1]) =>
    staffUserApi.update(user.id, change),
  );
  const resetPassword = useRefreshingMutation(staffUsersKey, () => staffUserApi.resetPassword(user.id));
  const failed = (error: Error) => toast.error(error.message);

  return (
    <li className="space-y-3 px-5 py-4" data-testid="staff-user-row">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium text-slate-900">
            {user.name}
            {isSelf ? <span className="ms-2 text-xs font-normal text-slate-600">(you)</span> : null}
            {user.isDisabled ? (
              <span className="ms-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-slate-300">
                Disabled
              </span>
            ) : null}
            {user.isProvisioned ? (
              <span
                className="ms-2 rounded-full bg-sky-50 px-2 py-0.5 text-xs font-medium text-sky-900 ring-1 ring-sky-200"
                title="Kept by your identity provider over SCIM: changes there overwrite changes here."
              >
                From identity provider
              </span>
            ) : null}
          </p>
          <p className="truncate text-sm text-slate-600">{user.email}</p>
          <p className="mt-1">
            <RoleBadge role={user.role} />
          </p>
        </div>
        {canManage ? (
          <div className="flex flex-wrap gap-2">
            <EndSessionsButton
              path={`/api/staff-users/${encodeURIComponent(user.id)}/end-sessions`}
              size="sm"
              label={isSelf ? 'Sign out other sessions' : 'Sign out everywhere'}
              srSuffix={isSelf ? undefined : user.name}
              confirmTitle={isSelf ? 'Sign out your other sessions?' : `Sign ${user.name} out everywhere?`}
              confirmDescription={
                isSelf
                  ? 'Every other browser where you are signed in is signed out at once. This one stays signed in.'
                  : `Every browser where ${user.email} is signed in is signed out at once. They can sign in again with their password.`
              }
            />
            {canManage ? (
              <>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => setEditing(!isEditing)}
                  aria-expanded={isEditing}
                  aria-controls={`${id}-edit`}
                >
                  Change role
                </Button>
                {canManageOwners ? (
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => setShowingSessions(!isShowingSessions)}
                    aria-expanded={isShowingSessions}
                    aria-controls={`${id}-sessions`}
                  >
                    Sessions<span className="sr-only"> of {user.name}</span>
                  </Button>
                ) : null}
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={resetPassword.isPending}
                  onClick={() =>
                    resetPassword.mutate(undefined, {
                      onSuccess: (result) => setReset(result.temporaryPassword),
                      onError: failed,
                    })
                  }
                >
                  <KeyRound className="size-3.5" aria-hidden />
                  Reset password
                </Button>
                {!isSelf ? (
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={update.isPending}
                    onClick={() =>
                      update.mutate(
                        { isDisabled: !user.isDisabled },
                        {
                          onSuccess: () =>
                            toast.success(user.isDisabled ? 'Staff user enabled' : 'Staff user disabled'),
                          onError: failed,
                        },
                      )
                    }
                  >
                    {user.isDisabled ? 'Enable' : 'Disable'}
                  </Button>
                ) : null}
              </>
            ) : null}
          </div>
        ) : null}
      </div>
      {isEditing ? (
        <div id={`${id}-edit`} className="rounded-xl bg-slate-50 p-4">
          <RoleChoice
            idPrefix={`${id}-role`}
            value={role}
            onChange={setRole}
            canChooseOwner={canManageOwners}
          />
          {isSelf && user.role === 'owner' ? (
            <p className="mt-2 text-xs text-slate-600">
              The organisation keeps at least one active owner: make someone else an owner first.
            </p>
          ) : null}
          <div className="mt-3 flex gap-2">
            <Button
              size="sm"
              disabled={update.isPending}
              onClick={() =>
                update.mutate(
                  { role },
                  {
                    onSuccess: () => {
                      toast.success('Role saved');
                      setEditing(false);
                    },
                    onError: failed,
                  },
                )
              }
            >
              Save role
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                setRole(user.role);
                setEditing(false);
              }}
            >
              Cancel
            </Button>
          </div>
        </div>
      ) : null}
      {isShowingSessions ? (
        <div id={`${id}-sessions`}>
          <StaffUserSessions user={user} />
        </div>
      ) : null}
      {reset ? <PasswordNotice email={user.email} password={reset} /> : null}
    </li>
  );
}

/** Staff users: list, create with a temporary password, roles, disable, reset password. */
export function StaffUsersPanel({ currentStaffId, canManage, canManageOwners }: Props) {
  const users = useStaffUsers();
  const [isCreating, setCreating] = useState(false);
  return (
    <div className="space-y-4">
      {canManage ? (
        <div className="flex justify-end">
          <Button onClick={() => setCreating(true)}>
            <UserPlus className="size-4" aria-hidden />
            Add staff user
          </Button>
        </div>
      ) : (
        <p className="text-sm text-slate-600">Only owners and admins can change staff users.</p>
      )}
      {users.isError ? <ErrorBox detail={users.error.message} /> : null}
      {users.isPending ? <Skeleton className="h-48 w-full rounded-2xl" /> : null}
      {users.data ? (
        <ul
          className="divide-y divide-slate-100 overflow-hidden rounded-2xl bg-white shadow-xs ring-1 ring-slate-200"
          aria-label="Staff users"
        >
          {users.data.users.map((user) => (
            <StaffUserRow
              key={`${user.id}-${user.role}`}
              user={user}
              isSelf={user.id === currentStaffId}
              canManage={canManage}
              canManageOwners={canManageOwners}
            />
          ))}
        </ul>
      ) : null}
      <Dialog open={isCreating} onOpenChange={setCreating}>
        {isCreating ? (
          <DialogContent
            title="Add staff user"
            description="They get a temporary password that you hand over."
          >
            <CreateStaffUserForm onDone={() => setCreating(false)} canChooseOwner={canManageOwners} />
          </DialogContent>
        ) : null}
      </Dialog>
    </div>
  );
}
