import { useQuery } from '@tanstack/react-query';
import { kbLimits } from '../../../../shared/knowledge-base-texts';
import { isApiError } from '../../../lib/api-client';
import { fetchSearchKey, type KeySource } from '../api/kb-api';

/** The key is refreshed at half of its lifetime (spec 3 §9), so a search never holds an expired one. */
export function refreshIntervalMs(lifetimeSeconds: number | undefined): number {
  return ((lifetimeSeconds ?? kbLimits.searchKeyLifetimeSeconds) * 1000) / 2;
}

/** Spec 3 §8: a 400 shows its message; other failures show none. */
export function keyErrorMessage(error: unknown): string | null {
  return isApiError(error) && error.status === 400 ? error.message : null;
}

export function searchKeyQueryKey(source: KeySource) {
  return source.kind === 'portal'
    ? (['kb-key', 'portal', source.organisationSlug, source.productId] as const)
    : (['kb-key', 'staff', source.productId ?? null] as const);
}

export function useSearchKey(source: KeySource) {
  return useQuery({
    queryKey: searchKeyQueryKey(source),
    queryFn: () => fetchSearchKey(source, window.location.search),
    staleTime: (query) => refreshIntervalMs(query.state.data?.lifetimeSeconds),
    refetchInterval: (query) => refreshIntervalMs(query.state.data?.lifetimeSeconds),
    refetchIntervalInBackground: false,
    retry: false,
  });
}
