import type { PortalView } from '../../shared/portal';
import { apiRequest } from './api-client';

/** One key for the page model, so an edit anywhere refreshes every component that shows it. */
export const portalViewQueryRoot = ['portal-view'] as const;

export function portalViewQueryKey(organisationSlug: string, productId: string) {
  return [...portalViewQueryRoot, organisationSlug, productId] as const;
}

/** GET {base}/view/:productId, the same model the server rendered the page from. */
export function fetchPortalView(
  organisationSlug: string,
  productId: string,
  search = '',
): Promise<PortalView> {
  return apiRequest<PortalView>(
    `/api/statuspage/share/${encodeURIComponent(organisationSlug)}/view/${encodeURIComponent(productId)}${search}`,
  );
}
