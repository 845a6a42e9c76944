import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SignInInput, StaffSession } from '../../../../shared/staff';
import { ApiError, apiRequest } from '../../../lib/api-client';

export const sessionQueryKey = ['staff-session'] as const;

/** The signed-in staff session, or null when signed out (401). */
async function fetchSession(): Promise<StaffSession | null> {
  try {
    return await apiRequest<StaffSession>('/api/auth/session');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** Data of one staff member must not show to the next; the session query itself stays observed. */
function forgetOtherQueries(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
}

export function useSession() {
  return useQuery({ queryKey: sessionQueryKey, queryFn: fetchSession, retry: false, staleTime: 5 * 60_000 });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignInInput) =>
      apiRequest<StaffSession>('/api/auth/sign-in', { method: 'POST', body: input }),
    onSuccess: (session) => {
      forgetOtherQueries(queryClient);
      queryClient.setQueryData(sessionQueryKey, session);
    },
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (csrfToken: string) => apiRequest<void>('/api/auth/sign-out', { method: 'POST', csrfToken }),
    onSettled: () => {
      forgetOtherQueries(queryClient);
      queryClient.setQueryData(sessionQueryKey, null);
    },
  });
}
