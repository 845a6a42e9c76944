import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { SecondFactorOverview, SecondFactorProof } from '../../../../shared/staff-security';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { apiRequest, setStepUpHandler } from '../../../lib/api-client';
import { secondFactorsKey, securityApi } from '../api/security';
import { askForPasskey, PasskeyButton, proofErrorOf, SecondFactorProofForm } from './second-factor-parts';

/**
 * Mounted once in the console: when a sensitive change answers step_up_required, asks for the code,
 * proves it, and lets the API client retry the change. Closing the dialog cancels the change.
 */
export function StepUpDialog() {
  const [message, setMessage] = useState<string | null>(null);
  const settle = useRef<((proven: boolean) => void) | null>(null);
  const stepUp = useMutation({ mutationFn: (proof: SecondFactorProof) => securityApi.stepUp(proof) });
  const { reset } = stepUp;
  // Which factors the person has decides what the dialog offers; read only once it opens.
  const factors = useQuery({
    queryKey: secondFactorsKey,
    queryFn: () => apiRequest<SecondFactorOverview>('/api/auth/second-factors'),
    enabled: message !== null,
  });
  const kinds = new Set(factors.data?.factors.map((factor) => factor.kind));
  const hasPasskey = kinds.has('passkey');
  const hasApp = kinds.has('totp') || !factors.data;

  useEffect(() => {
    setStepUpHandler(
      (text) =>
        new Promise<boolean>((resolve) => {
          settle.current?.(false);
          settle.current = resolve;
          reset();
          setMessage(text);
        }),
    );
    return () => {
      setStepUpHandler(null);
      settle.current?.(false);
    };
  }, [reset]);

  function finish(proven: boolean) {
    settle.current?.(proven);
    settle.current = null;
    setMessage(null);
  }

  return (
    <Dialog open={message !== null} onOpenChange={(isOpen) => (isOpen ? undefined : finish(false))}>
      <DialogContent title="Confirm it’s you" description={message ?? undefined}>
        <div className="mt-5 space-y-4">
          {hasPasskey ? (
            <PasskeyButton
              label="Use a passkey"
              onUse={async () => {
                const { options } = await securityApi.passkeyOptionsForStepUp();
                await stepUp.mutateAsync(await askForPasskey(options));
                finish(true);
              }}
            />
          ) : null}
          <SecondFactorProofForm
            startsWithRecoveryCode={hasPasskey && !hasApp}
            allowsRecoveryCode
            submitLabel="Confirm"
            pendingLabel="Checking…"
            isPending={stepUp.isPending}
            error={stepUp.error && stepUp.variables?.method !== 'passkey' ? proofErrorOf(stepUp.error) : null}
            onSubmit={(proof) => stepUp.mutate(proof, { onSuccess: () => finish(true) })}
            onCancel={() => finish(false)}
          />
        </div>
      </DialogContent>
    </Dialog>
  );
}
