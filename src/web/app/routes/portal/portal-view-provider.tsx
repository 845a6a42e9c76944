import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import type { PortalView } from '../../../../shared/portal';
import { fetchPortalView, portalViewQueryKey } from '../../../lib/portal-view-query';

/** The parameters that make the viewer a preview; a refetch must ask for the same viewer. */
const viewerParameters = ['preview', 'accountId', 'permissionProfileId'] as const;

function viewerSearch(search: string): string {
  const current = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of viewerParameters) {
    const value = current.get(name);
    if (value) kept.set(name, value);
  }
  const text = kept.toString();
  return text ? `?${text}` : '';
}

/** One client per page (per server render too), so no request ever shares another's cache. */
export function PortalQueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: { refetchOnWindowFocus: false, refetchOnReconnect: false, retry: 1 },
        },
      }),
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/**
 * The page model under portalViewQueryKey, seeded with what the server rendered: the first client
 * render matches the HTML, nothing refetches on focus (spec), and an edit that invalidates
 * portalViewQueryRoot brings the fresh model to every component that shows it.
 */
export function usePortalView(initialView: PortalView): PortalView {
  const organisationSlug = initialView.organisation.slug;
  const productId = initialView.product.productId;
  const { data } = useQuery({
    queryKey: portalViewQueryKey(organisationSlug, productId),
    queryFn: () => fetchPortalView(organisationSlug, productId, viewerSearch(window.location.search)),
    initialData: initialView,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return data;
}
