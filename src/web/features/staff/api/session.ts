import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SignInInput, StaffSession } from '../../../../shared/staff';
import { needsSecondFactor, type SignInAnswer } from '../../../../shared/staff-security';
import { ApiError, apiRequest, setCsrfToken } from '../../../lib/api-client';
import { sessionQueryKey, setSessionData } from '../../../lib/staff-session';

export { sessionQueryKey, setSessionData, useSession, useStaffCan } from '../../../lib/staff-session';

/** Data of one staff member must not show to the next; the session query itself stays observed. */
function forgetOtherQueries(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
}

/** The password step: a session at once, or the second step (the form then asks for a code). */
export function useSignIn() {
  const enter = useEnterConsole();
  return useMutation({
    mutationFn: (input: SignInInput) =>
      apiRequest<SignInAnswer>('/api/auth/sign-in', { method: 'POST', body: input }),
    onSuccess: (answer) => {
      if (!needsSecondFactor(answer)) enter(answer);
    },
  });
}

/** Opens the console for a session that just started: nothing of an earlier person stays. */
export function useEnterConsole() {
  const queryClient = useQueryClient();
  return (session: StaffSession) => {
    forgetOtherQueries(queryClient);
    setSessionData(queryClient, session);
  };
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>('/api/auth/sign-out', { method: 'POST' }),
    onSettled: () => {
      forgetOtherQueries(queryClient);
      setSessionData(queryClient, null);
    },
  });
}
