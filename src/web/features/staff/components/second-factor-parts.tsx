import { KeyRound } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import {
  OneTimeCode,
  RecoveryCode,
  type SecondFactorProof,
  type TotpEnrolment,
} from '../../../../shared/staff-security';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { describedBy, Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { isApiError } from '../../../lib/api-client';

/** The message to show under the code field for a failed proof. */
export function proofErrorOf(error: Error): string {
  if (isApiError(error)) return Object.values(error.fields)[0] ?? error.message;
  return 'That did not work. Please try again.';
}

/** A proof typed in: a code from the app or a recovery code (a passkey is a button, not a field). */
export type TypedProof = { method: 'totp' | 'recovery_code'; code: string };

type ProofFormProps = {
  /** Recovery codes are offered where they may stand in (sign-in, step-up), not when confirming a new app. */
  allowsRecoveryCode: boolean;
  submitLabel: string;
  pendingLabel: string;
  isPending: boolean;
  error: string | null;
  onSubmit(proof: TypedProof): void;
  onCancel?: () => void;
  /** Recovery codes only (the person has a passkey and no authenticator app). */
  startsWithRecoveryCode?: boolean;
};

/** A 6-digit code from the authenticator app, or (when allowed) one of the recovery codes. */
export function SecondFactorProofForm({
  allowsRecoveryCode,
  submitLabel,
  pendingLabel,
  isPending,
  error,
  onSubmit,
  onCancel,
  startsWithRecoveryCode = false,
}: ProofFormProps) {
  const id = useId();
  const [method, setMethod] = useState<TypedProof['method']>(
    startsWithRecoveryCode ? 'recovery_code' : 'totp',
  );
  const [code, setCode] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const shownError = localError ?? error;
  const isRecovery = method === 'recovery_code';

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = (isRecovery ? RecoveryCode : OneTimeCode).safeParse(code);
    if (!parsed.success) {
      setLocalError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setLocalError(null);
    onSubmit({ method, code: parsed.data });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <Field
        id={`${id}-code`}
        label={isRecovery ? 'Recovery code' : 'Authentication code'}
        hint={
          isRecovery
            ? 'One of the codes you saved, like ABCD-EFGH-IJKL.'
            : 'The 6-digit code your app shows now.'
        }
        error={shownError ?? undefined}
      >
        <Input
          id={`${id}-code`}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          inputMode={isRecovery ? 'text' : 'numeric'}
          autoComplete={isRecovery ? 'off' : 'one-time-code'}
          autoCapitalize={isRecovery ? 'characters' : 'off'}
          spellCheck={false}
          maxLength={isRecovery ? 40 : 20}
          isInvalid={Boolean(shownError)}
          aria-describedby={describedBy(`${id}-code`, shownError ?? undefined)}
          autoFocus
        />
      </Field>
      <div className="flex flex-wrap items-center justify-between gap-3">
        {allowsRecoveryCode && !startsWithRecoveryCode ? (
          <button
            type="button"
            className="text-sm font-medium text-brand-ink underline-offset-2 hover:underline"
            onClick={() => {
              setMethod(isRecovery ? 'totp' : 'recovery_code');
              setCode('');
              setLocalError(null);
            }}
          >
            {isRecovery ? 'Use the authenticator app' : 'Use a recovery code'}
          </button>
        ) : (
          <span />
        )}
        <div className="flex gap-2">
          {onCancel ? (
            <Button variant="secondary" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" disabled={isPending}>
            {isPending ? pendingLabel : submitLabel}
          </Button>
        </div>
      </div>
    </form>
  );
}

/** The QR code to scan and the secret to type in, for a new authenticator. */
export function TotpSetupInstructions({ enrolment }: { enrolment: TotpEnrolment }) {
  const grouped = enrolment.secret.match(/.{1,4}/g)?.join(' ') ?? enrolment.secret;
  return (
    <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
      <img
        src={`data:image/svg+xml;utf8,${encodeURIComponent(enrolment.qrCodeSvg)}`}
        alt="QR code to scan with your authenticator app"
        className="size-44 shrink-0 rounded-lg bg-white p-1 ring-1 ring-slate-200"
        data-testid="totp-qr-code"
      />
      <div className="min-w-0 space-y-2 text-sm text-slate-700">
        <p>
          Scan the code with an authenticator app (1Password, Google Authenticator, Microsoft Authenticator,
          Authy) or type in this key:
        </p>
        <div className="flex items-center gap-2">
          <code
            className="rounded bg-slate-50 px-2 py-1 font-mono text-xs break-all text-slate-900 ring-1 ring-slate-200"
            data-testid="totp-secret"
          >
            {grouped}
          </code>
          <CopyButton text={enrolment.secret} label="Copy key" copiedLabel="Copied" confirmationMs={3000} />
        </div>
        <p>Then enter the 6-digit code the app shows.</p>
      </div>
    </div>
  );
}

/** Recovery codes, shown once: each signs in once when the phone is lost. */
export function RecoveryCodesNotice({ codes }: { codes: string[] }) {
  return (
    <div className="space-y-3 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200" data-testid="recovery-codes">
      <p className="text-sm text-amber-950">
        <strong>Save your recovery codes.</strong> Each one signs you in once if you lose your phone. They are
        shown only now: keep them in your password manager.
      </p>
      <ul className="grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-sm text-slate-900">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <CopyButton
        text={codes.join('\n')}
        label="Copy recovery codes"
        copiedLabel="Copied"
        confirmationMs={3000}
      />
    </div>
  );
}

/** The browser's passkey prompt, loaded only when someone uses a passkey. */
export async function askForPasskey(options: Record<string, unknown>): Promise<SecondFactorProof> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const response = await startAuthentication({ optionsJSON: options as never });
  return { method: 'passkey', response: response as never };
}

export async function createPasskey(options: Record<string, unknown>) {
  const { startRegistration } = await import('@simplewebauthn/browser');
  return startRegistration({ optionsJSON: options as never });
}

/** The browser refused or the person cancelled its prompt: said in words, not as a DOMException. */
export function passkeyPromptError(error: unknown): string {
  if (isApiError(error)) return Object.values(error.fields)[0] ?? error.message;
  if (error instanceof Error && error.name === 'NotAllowedError') {
    return 'The passkey prompt was closed or timed out. Try again.';
  }
  return 'This browser could not use a passkey here. Use another way to sign in.';
}

type PasskeyButtonProps = {
  label: string;
  /** Fetches the WebAuthn options, asks the browser, and sends the proof; rejects with what went wrong. */
  onUse(): Promise<void>;
};

/** "Use a passkey": one button, with the prompt's failure shown under it. */
export function PasskeyButton({ label, onUse }: PasskeyButtonProps) {
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="space-y-2">
      <Button
        className="w-full"
        disabled={isBusy}
        onClick={async () => {
          setBusy(true);
          setError(null);
          try {
            await onUse();
          } catch (failure) {
            setError(passkeyPromptError(failure));
          } finally {
            setBusy(false);
          }
        }}
      >
        <KeyRound className="size-4" aria-hidden />
        {isBusy ? 'Waiting for your passkey…' : label}
      </Button>
      {error ? (
        <p role="alert" className="text-xs font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
