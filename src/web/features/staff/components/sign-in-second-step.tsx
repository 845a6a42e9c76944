import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { StaffSession } from '../../../../shared/staff';
import type {
  SecondFactorProof,
  SecondFactorRequired,
  TotpEnrolment,
} from '../../../../shared/staff-security';
import { Button } from '../../../components/ui/button';
import { ErrorBox } from '../../../components/ui/error-box';
import { Skeleton } from '../../../components/ui/skeleton';
import { securityApi } from '../api/security';
import { useEnterConsole } from '../api/session';
import {
  askForPasskey,
  PasskeyButton,
  proofErrorOf,
  RecoveryCodesNotice,
  SecondFactorProofForm,
  TotpSetupInstructions,
} from './second-factor-parts';

type Props = { challenge: SecondFactorRequired['secondFactor']; onStartOver(): void };

/**
 * After a right password: the code from the authenticator app (or a recovery code), or, when the
 * organisation requires a second factor and the person has none, setting one up first. Recovery
 * codes from a first setup are shown before the console opens.
 */
export function SignInSecondStep({ challenge, onStartOver }: Props) {
  const enter = useEnterConsole();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [pendingSession, setPendingSession] = useState<{ session: StaffSession; codes: string[] } | null>(
    null,
  );
  const isEnrolling = challenge.step === 'enrol';
  const enrol = useMutation({
    mutationFn: () => securityApi.enrolAtSignIn(challenge.challenge, 'Authenticator app'),
  });
  const verify = useMutation({
    mutationFn: (proof: SecondFactorProof) => securityApi.completeSignIn(challenge.challenge, proof),
    onSuccess: ({ recoveryCodes, ...session }) => {
      if (recoveryCodes?.length) setPendingSession({ session, codes: recoveryCodes });
      else enter(session);
    },
  });
  const { mutate: startEnrolment } = enrol;
  const hasPasskey = challenge.methods.includes('passkey');
  const hasApp = challenge.methods.includes('totp');

  useEffect(() => {
    if (isEnrolling) startEnrolment(undefined, { onSuccess: setEnrolment });
  }, [isEnrolling, startEnrolment]);

  if (pendingSession) {
    return (
      <div className="space-y-5">
        <RecoveryCodesNotice codes={pendingSession.codes} />
        <Button className="w-full" onClick={() => enter(pendingSession.session)}>
          I saved them, continue
        </Button>
      </div>
    );
  }

  const isOver = verify.error && 'code' in verify.error && verify.error.code === 'unauthenticated';
  if (isOver || enrol.isError) {
    return (
      <div className="space-y-4">
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {(verify.error ?? enrol.error)?.message}
        </p>
        <Button className="w-full" onClick={onStartOver}>
          Sign in again
        </Button>
      </div>
    );
  }

  return (
    <div className="space-y-5" data-testid="sign-in-second-step">
      <div>
        <h2 className="text-base font-semibold text-slate-950">
          {isEnrolling ? 'Set up two-step sign-in' : 'Two-step sign-in'}
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {isEnrolling
            ? 'Your organisation requires a second factor. Add an authenticator app to continue.'
            : hasPasskey
              ? 'Confirm it’s you with your passkey.'
              : 'Enter the code from your authenticator app.'}
        </p>
      </div>
      {isEnrolling ? (
        enrolment ? (
          <TotpSetupInstructions enrolment={enrolment} />
        ) : enrol.isPending ? (
          <Skeleton className="h-44 w-full" />
        ) : (
          <ErrorBox />
        )
      ) : null}
      {hasPasskey ? (
        <PasskeyButton
          label="Use a passkey"
          onUse={async () => {
            const { options } = await securityApi.passkeyOptionsAtSignIn(challenge.challenge);
            await verify.mutateAsync(await askForPasskey(options));
          }}
        />
      ) : null}
      {!isEnrolling || enrolment ? (
        <SecondFactorProofForm
          startsWithRecoveryCode={hasPasskey && !hasApp}
          allowsRecoveryCode={!isEnrolling}
          submitLabel={isEnrolling ? 'Turn on and sign in' : 'Verify'}
          pendingLabel="Checking…"
          isPending={verify.isPending}
          error={verify.error && verify.variables?.method !== 'passkey' ? proofErrorOf(verify.error) : null}
          onSubmit={(proof) => verify.mutate(proof)}
          onCancel={onStartOver}
        />
      ) : null}
    </div>
  );
}
