import { useQuery } from '@tanstack/react-query';
import type { PortalView } from '../../../../shared/portal';
import { apiRequest } from '../../../lib/api-client';
import { type ProductItems, restrictedItemsOf } from '../lib/restricted-items';
import { accessKeys } from './query-keys';

/**
 * The staff session reads the page model in Main mode, which lists every item of every card with its
 * public and hidden flags: the catalogue a permission profile picks from, one product at a time.
 */
async function fetchRestrictedItems(organisationSlug: string): Promise<ProductItems[]> {
  const base = `/api/statuspage/share/${encodeURIComponent(organisationSlug)}/view`;
  const first = await apiRequest<PortalView>(base);
  const others = await Promise.all(
    first.products
      .filter((product) => product.productId !== first.product.productId)
      .map((product) => apiRequest<PortalView>(`${base}/${encodeURIComponent(product.productId)}`)),
  );
  const byId = new Map([first, ...others].map((view) => [view.product.productId, restrictedItemsOf(view)]));
  return first.products.flatMap((product) => byId.get(product.productId) ?? []);
}

export function useRestrictedItems(organisationSlug: string) {
  return useQuery({
    queryKey: accessKeys.restrictedItems(organisationSlug),
    queryFn: () => fetchRestrictedItems(organisationSlug),
  });
}
