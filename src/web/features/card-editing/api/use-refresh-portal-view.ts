import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { portalViewQueryRoot } from '../../../lib/portal-view-query';

/** After a staff write: refetch the page model so every card shows the saved state. */
export function useRefreshPortalView(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: portalViewQueryRoot }), [queryClient]);
}
