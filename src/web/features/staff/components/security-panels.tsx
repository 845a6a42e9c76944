import { useQueryClient } from '@tanstack/react-query';
import { KeyRound, LogOut, Plus, Smartphone, Trash2 } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { toast } from 'sonner';
import { formatDateTime } from '../../../../shared/dates';
import {
  FactorName,
  type SecondFactorOverview,
  type StaffSessionView,
  type TotpEnrolment,
} from '../../../../shared/staff-security';
import { Button } from '../../../components/ui/button';
import { ErrorBox } from '../../../components/ui/error-box';
import { describedBy, Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { Switch } from '../../../components/ui/switch';
import { isApiError } from '../../../lib/api-client';
import {
  secondFactorsKey,
  securityApi,
  useSecondFactors,
  useSecurityMutation,
  useSignInPolicy,
  useStaffSessions,
} from '../api/security';
import { useSignOut } from '../api/session';
import {
  createPasskey,
  passkeyPromptError,
  proofErrorOf,
  RecoveryCodesNotice,
  SecondFactorProofForm,
  TotpSetupInstructions,
} from './second-factor-parts';

const when = (iso: string) => formatDateTime(iso);

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id={id} className="text-lg font-semibold tracking-tight text-slate-950">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{description}</p>
      <div className="mt-5">{children}</div>
    </section>
  );
}

function failed(error: Error) {
  // The step-up dialog was cancelled: the change simply did not happen.
  if (isApiError(error) && error.code === 'step_up_required') return;
  toast.error(error.message);
}

type NameFormProps = {
  label: string;
  hint: string;
  name: string;
  error: string | null;
  submitLabel: string;
  isBusy: boolean;
  testId?: string;
  onNameChange(name: string): void;
  onSubmit(event: FormEvent): void;
  onCancel(): void;
};

/** The first step of adding a factor: its name, then Cancel or go on. */
function FactorNameForm(props: NameFormProps) {
  const id = useId();
  return (
    <form
      onSubmit={props.onSubmit}
      noValidate
      className="space-y-4 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200"
      data-testid={props.testId}
    >
      <Field id={`${id}-name`} label={props.label} hint={props.hint} error={props.error ?? undefined}>
        <Input
          id={`${id}-name`}
          value={props.name}
          onChange={(event) => props.onNameChange(event.target.value)}
          isInvalid={Boolean(props.error)}
          aria-describedby={describedBy(`${id}-name`, props.error ?? undefined)}
          maxLength={60}
        />
      </Field>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={props.onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={props.isBusy}>
          {props.submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** Naming, scanning and confirming a new authenticator; the first one shows recovery codes. */
function AddAuthenticator({ onDone }: { onDone(codes: string[] | undefined): void }) {
  const [name, setName] = useState('Phone');
  const [nameError, setNameError] = useState<string | null>(null);
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const start = useSecurityMutation((factorName: string) => securityApi.startTotp(factorName));
  const confirm = useSecurityMutation((code: string) => securityApi.confirmTotp(enrolment!.factorId, code));

  function submitName(event: FormEvent) {
    event.preventDefault();
    const parsed = FactorName.safeParse(name);
    if (!parsed.success) return setNameError(parsed.error.issues[0]?.message ?? null);
    setNameError(null);
    start.mutate(parsed.data, {
      onSuccess: setEnrolment,
      onError: (error) => {
        if (isApiError(error) && error.fields.name) setNameError(error.fields.name);
        else failed(error);
      },
    });
  }

  if (!enrolment) {
    return (
      <FactorNameForm
        label="Name"
        hint="So you can tell your authenticators apart."
        name={name}
        error={nameError}
        submitLabel="Continue"
        isBusy={start.isPending}
        onNameChange={setName}
        onSubmit={submitName}
        onCancel={() => onDone(undefined)}
      />
    );
  }
  return (
    <div
      className="space-y-4 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200"
      data-testid="add-authenticator"
    >
      <TotpSetupInstructions enrolment={enrolment} />
      <SecondFactorProofForm
        allowsRecoveryCode={false}
        submitLabel="Turn on"
        pendingLabel="Checking…"
        isPending={confirm.isPending}
        error={confirm.error ? proofErrorOf(confirm.error) : null}
        onSubmit={(proof) =>
          confirm.mutate(proof.code, {
            onSuccess: (result) => {
              toast.success(`${result.factor.name} is on`);
              onDone(result.recoveryCodes);
            },
          })
        }
        onCancel={() => onDone(undefined)}
      />
    </div>
  );
}

/** Naming a passkey, then the browser's own prompt creates it; the first factor shows recovery codes. */
function AddPasskey({ onDone }: { onDone(codes: string[] | undefined): void }) {
  const [name, setName] = useState('Passkey');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const queryClient = useQueryClient();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = FactorName.safeParse(name);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
    setError(null);
    setBusy(true);
    try {
      const { options } = await securityApi.startPasskey();
      const response = await createPasskey(options);
      const result = await securityApi.addPasskey({ name: parsed.data, response: response as never });
      toast.success(`${result.factor.name} is on`);
      onDone(result.recoveryCodes);
    } catch (failure) {
      if (isApiError(failure) && failure.code === 'step_up_required') return;
      setError(passkeyPromptError(failure));
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: secondFactorsKey });
    }
  }

  return (
    <FactorNameForm
      label="Passkey name"
      hint="Like “MacBook Touch ID” or “YubiKey”."
      name={name}
      error={error}
      submitLabel={isBusy ? 'Waiting for your passkey…' : 'Create passkey'}
      isBusy={isBusy}
      testId="add-passkey"
      onNameChange={setName}
      onSubmit={submit}
      onCancel={() => onDone(undefined)}
    />
  );
}

function FactorList({ overview }: { overview: SecondFactorOverview }) {
  const remove = useSecurityMutation((factorId: string) => securityApi.removeFactor(factorId));
  if (overview.factors.length === 0) {
    return (
      <p className="text-sm text-slate-600">
        No authenticator yet: you sign in with your password alone.
        {overview.isRequired
          ? ' Your organisation requires one; you will set it up at your next sign-in.'
          : ''}
      </p>
    );
  }
  return (
    <ul className="divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200">
      {overview.factors.map((factor) => (
        <li
          key={factor.id}
          className="flex flex-wrap items-center justify-between gap-3 px-4 py-3"
          data-testid="second-factor"
        >
          <div className="flex min-w-0 items-center gap-3">
            {factor.kind === 'passkey' ? (
              <KeyRound className="size-5 shrink-0 text-slate-500" aria-hidden />
            ) : (
              <Smartphone className="size-5 shrink-0 text-slate-500" aria-hidden />
            )}
            <div className="min-w-0">
              <p className="truncate font-medium text-slate-900">{factor.name}</p>
              <p className="text-xs text-slate-600">
                {factor.kind === 'passkey' ? 'Passkey' : 'Authenticator app'} · added {when(factor.createdAt)}
                {factor.lastUsedAt ? ` · last used ${when(factor.lastUsedAt)}` : ''}
              </p>
            </div>
          </div>
          <Button
            variant="secondary"
            size="sm"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(factor.id, {
                onSuccess: () => toast.success(`${factor.name} removed`),
                onError: failed,
              })
            }
          >
            <Trash2 className="size-4" aria-hidden />
            Remove<span className="sr-only"> {factor.name}</span>
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** Authenticator apps and recovery codes of the signed-in person. */
export function SecondFactorsPanel() {
  const overview = useSecondFactors();
  const [adding, setAdding] = useState<'app' | 'passkey' | null>(null);
  const [shownCodes, setShownCodes] = useState<string[] | null>(null);
  const regenerate = useSecurityMutation(() => securityApi.newRecoveryCodes());
  const added = (codes: string[] | undefined) => {
    setAdding(null);
    if (codes?.length) setShownCodes(codes);
  };

  return (
    <Section
      title="Two-step sign-in"
      description="After your password, a passkey or a code from an authenticator app on your phone. A stolen password alone then opens nothing."
    >
      {overview.isPending ? <Skeleton className="h-20 w-full" /> : null}
      {overview.isError ? <ErrorBox detail={overview.error.message} /> : null}
      {overview.data ? (
        <div className="space-y-4">
          <FactorList overview={overview.data} />
          {shownCodes ? (
            <div className="space-y-3">
              <RecoveryCodesNotice codes={shownCodes} />
              <div className="flex justify-end">
                <Button onClick={() => setShownCodes(null)}>I saved them</Button>
              </div>
            </div>
          ) : null}
          {adding === 'app' ? <AddAuthenticator onDone={added} /> : null}
          {adding === 'passkey' ? <AddPasskey onDone={added} /> : null}
          {adding ? null : (
            <div className="flex flex-wrap items-center justify-between gap-3">
              <div className="flex flex-wrap gap-2">
                {overview.data.passkeysAvailable ? (
                  <Button variant="secondary" onClick={() => setAdding('passkey')}>
                    <KeyRound className="size-4" aria-hidden />
                    Add passkey
                  </Button>
                ) : null}
                <Button variant="secondary" onClick={() => setAdding('app')}>
                  <Plus className="size-4" aria-hidden />
                  Add authenticator app
                </Button>
              </div>
              {overview.data.factors.length > 0 ? (
                <div className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
                  <span data-testid="recovery-codes-left">
                    {overview.data.recoveryCodesLeft} of 10 recovery codes left
                  </span>
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={regenerate.isPending}
                    onClick={() =>
                      regenerate.mutate(undefined, {
                        onSuccess: (result) => setShownCodes(result.recoveryCodes),
                        onError: failed,
                      })
                    }
                  >
                    Make new recovery codes
                  </Button>
                </div>
              ) : null}
            </div>
          )}
        </div>
      ) : null}
    </Section>
  );
}

function SessionRow({ session }: { session: StaffSessionView }) {
  const signOut = useSignOut();
  const end = useSecurityMutation((sessionId: string) => securityApi.endSession(sessionId));
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-3" data-testid="staff-session">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          {session.browser}
          {session.isCurrent ? (
            <span className="ms-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-emerald-200">
              This browser
            </span>
          ) : null}
        </p>
        <p className="text-xs text-slate-600">
          {session.ipAddress ?? 'Unknown address'} · signed in {when(session.signedInAt)}
          {session.withSecondFactor ? ' with a second factor' : ''} · last seen {when(session.lastSeenAt)}
        </p>
      </div>
      <Button
        variant="secondary"
        size="sm"
        disabled={end.isPending || signOut.isPending}
        onClick={() =>
          session.isCurrent
            ? signOut.mutate()
            : end.mutate(session.id, { onSuccess: () => toast.success('Session ended'), onError: failed })
        }
      >
        <LogOut className="size-4" aria-hidden />
        {session.isCurrent ? 'Sign out' : 'End'}
        <span className="sr-only"> session in {session.browser}</span>
      </Button>
    </li>
  );
}

/** Where the person is signed in, and ending any of it. */
export function SessionsPanel() {
  const list = useStaffSessions();
  return (
    <Section
      title="Where you’re signed in"
      description="End a session you do not recognise, or one on a computer you no longer use."
    >
      {list.isPending ? <Skeleton className="h-20 w-full" /> : null}
      {list.isError ? <ErrorBox detail={list.error.message} /> : null}
      {list.data ? (
        <ul className="divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200">
          {list.data.sessions.map((session) => (
            <SessionRow key={session.id} session={session} />
          ))}
        </ul>
      ) : null}
    </Section>
  );
}

/** The organisation's rule: every staff member signs in with a second factor (owners change it). */
export function SignInPolicyPanel({ canEdit }: { canEdit: boolean }) {
  const id = useId();
  const policy = useSignInPolicy();
  const change = useSecurityMutation((requireMfa: boolean) => securityApi.setSignInPolicy(requireMfa));
  return (
    <Section
      title="Staff sign-in"
      description="Require every staff member to use a second factor. Staff without one set it up at their next sign-in; their open sessions end now."
    >
      {policy.isPending ? <Skeleton className="h-10 w-full" /> : null}
      {policy.isError ? <ErrorBox detail={policy.error.message} /> : null}
      {policy.data ? (
        <div className="space-y-2">
          <div className="flex items-center gap-3">
            <Switch
              id={`${id}-require`}
              checked={policy.data.requireMfa}
              disabled={!canEdit || change.isPending}
              onCheckedChange={(requireMfa) =>
                change.mutate(requireMfa, {
                  onSuccess: (next) =>
                    toast.success(
                      next.requireMfa ? 'A second factor is now required' : 'A second factor is optional',
                    ),
                  onError: failed,
                })
              }
            />
            <label htmlFor={`${id}-require`} className="text-sm font-medium text-slate-900">
              Require a second factor for all staff
            </label>
          </div>
          <p className="text-sm text-slate-600" data-testid="staff-without-second-factor">
            {policy.data.staffWithoutSecondFactor === 0
              ? 'Every staff member has a second factor.'
              : `${policy.data.staffWithoutSecondFactor} staff ${policy.data.staffWithoutSecondFactor === 1 ? 'member has' : 'members have'} no second factor yet.`}
          </p>
          {canEdit ? null : <p className="text-sm text-slate-600">Only owners change this.</p>}
        </div>
      ) : null}
    </Section>
  );
}
