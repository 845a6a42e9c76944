import type { PortalView } from '../../shared/portal';
import { apiRequest } from './api-client';

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
