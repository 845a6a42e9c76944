import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { SecondFactorProof } from '../../../../shared/staff-security';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { setStepUpHandler } from '../../../lib/api-client';
import { securityApi } from '../api/security';
import { proofErrorOf, SecondFactorProofForm } from './second-factor-parts';

/**
 * Mounted once in the console: when a sensitive change answers step_up_required, asks for the code,
 * proves it, and lets the API client retry the change. Closing the dialog cancels the change.
 */
export function StepUpDialog() {
  const [message, setMessage] = useState<string | null>(null);
  const settle = useRef<((proven: boolean) => void) | null>(null);
  const stepUp = useMutation({ mutationFn: (proof: SecondFactorProof) => securityApi.stepUp(proof) });
  const { reset } = stepUp;

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
        <div className="mt-5">
          <SecondFactorProofForm
            allowsRecoveryCode
            submitLabel="Confirm"
            pendingLabel="Checking…"
            isPending={stepUp.isPending}
            error={stepUp.error ? proofErrorOf(stepUp.error) : null}
            onSubmit={(proof) => stepUp.mutate(proof, { onSuccess: () => finish(true) })}
            onCancel={() => finish(false)}
          />
        </div>
      </DialogContent>
    </Dialog>
  );
}
