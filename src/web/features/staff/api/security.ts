import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AddPasskeyInput,
  PasskeyOptions,
  RecoveryCodes,
  SecondFactorOverview,
  SecondFactorProof,
  SecondFactorView,
  SignedInWithSecondFactor,
  SignInPolicy,
  StaffSessionList,
  TotpEnrolment,
} from '../../../../shared/staff-security';
import { apiRequest } from '../../../lib/api-client';

export const secondFactorsKey = ['second-factors'] as const;
export const staffSessionsKey = ['staff-sessions'] as const;
export const signInPolicyKey = ['sign-in-policy'] as const;

export const securityApi = {
  completeSignIn: (challenge: string, proof: SecondFactorProof) =>
    apiRequest<SignedInWithSecondFactor>('/api/auth/sign-in/second-factor', {
      method: 'POST',
      body: { challenge, proof },
    }),
  enrolAtSignIn: (challenge: string, name: string) =>
    apiRequest<TotpEnrolment>('/api/auth/sign-in/enrolment', { method: 'POST', body: { challenge, name } }),
  passkeyOptionsAtSignIn: (challenge: string) =>
    apiRequest<PasskeyOptions>('/api/auth/sign-in/passkey-options', { method: 'POST', body: { challenge } }),
  passkeyOptionsForStepUp: () =>
    apiRequest<PasskeyOptions>('/api/auth/step-up/passkey-options', { method: 'POST' }),
  startPasskey: () =>
    apiRequest<PasskeyOptions>('/api/auth/second-factors/passkey/options', { method: 'POST' }),
  addPasskey: (input: AddPasskeyInput) =>
    apiRequest<{ factor: SecondFactorView; recoveryCodes?: string[] }>('/api/auth/second-factors/passkey', {
      method: 'POST',
      body: input,
    }),
  startTotp: (name: string) =>
    apiRequest<TotpEnrolment>('/api/auth/second-factors/totp', { method: 'POST', body: { name } }),
  confirmTotp: (factorId: string, code: string) =>
    apiRequest<{ factor: SecondFactorView; recoveryCodes?: string[] }>(
      `/api/auth/second-factors/totp/${factorId}/confirm`,
      { method: 'POST', body: { code } },
    ),
  removeFactor: (factorId: string) =>
    apiRequest<void>(`/api/auth/second-factors/${factorId}`, { method: 'DELETE' }),
  newRecoveryCodes: () => apiRequest<RecoveryCodes>('/api/auth/recovery-codes', { method: 'POST' }),
  stepUp: (proof: SecondFactorProof) =>
    apiRequest<void>('/api/auth/step-up', { method: 'POST', body: { proof } }),
  endSession: (sessionId: string) =>
    apiRequest<void>(`/api/auth/sessions/${sessionId}`, { method: 'DELETE' }),
  setSignInPolicy: (requireMfa: boolean) =>
    apiRequest<SignInPolicy>('/api/staff/sign-in-policy', { method: 'PUT', body: { requireMfa } }),
};

export function useSecondFactors() {
  return useQuery({
    queryKey: secondFactorsKey,
    queryFn: () => apiRequest<SecondFactorOverview>('/api/auth/second-factors'),
  });
}

export function useStaffSessions() {
  return useQuery({
    queryKey: staffSessionsKey,
    queryFn: () => apiRequest<StaffSessionList>('/api/auth/sessions'),
  });
}

export function useSignInPolicy() {
  return useQuery({
    queryKey: signInPolicyKey,
    queryFn: () => apiRequest<SignInPolicy>('/api/staff/sign-in-policy'),
  });
}

/** A change to sign-in security: every security answer is read again afterwards. */
export function useSecurityMutation<Input, Output>(run: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: async () => {
      await Promise.all(
        [secondFactorsKey, staffSessionsKey, signInPolicyKey].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}
