import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { StaffPermission } from '../../shared/permissions';
import type { StaffSession } from '../../shared/staff';
import { ApiError, apiRequest, setCsrfToken } from './api-client';

/** The signed-in staff session, shared by the console's features (which may not import each other). */
export const sessionQueryKey = ['staff-session'] as const;

/**
 * Every session answer gives the API client its CSRF token (a sign-in in another tab rotates it, and
 * the next session answer brings the new one); null when signed out.
 */
export function setSessionData(queryClient: QueryClient, session: StaffSession | null) {
  setCsrfToken(session?.csrfToken ?? null);
  queryClient.setQueryData(sessionQueryKey, session);
}

/** The signed-in staff session, or null when signed out (401). */
async function fetchSession(): Promise<StaffSession | null> {
  try {
    const session = await apiRequest<StaffSession>('/api/auth/session');
    setCsrfToken(session.csrfToken);
    return session;
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) throw error;
    setCsrfToken(null);
    return null;
  }
}

export function useSession() {
  return useQuery({ queryKey: sessionQueryKey, queryFn: fetchSession, retry: false, staleTime: 5 * 60_000 });
}

/**
 * Whether the signed-in staff member's role holds a permission: the console hides what the server
 * would refuse (decision 375). False while signed out or loading.
 */
export function useStaffCan(permission: StaffPermission): boolean {
  const session = useSession();
  return session.data?.staff.permissions.includes(permission) ?? false;
}
