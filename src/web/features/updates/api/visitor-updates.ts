import type { NotificationBarResponse, VisitorUpdatesResponse } from '../../../../shared/updates';
import { apiRequest } from '../../../lib/api-client';

/** Share parameters that make the viewer a preview or an account; the updates must be asked as the same viewer. */
const viewerParameters = ['preview', 'accountId', 'permissionProfileId'] as const;

function shareBase(organisationSlug: string): string {
  return `/api/statuspage/share/${encodeURIComponent(organisationSlug)}/compliance-update`;
}

export type VisitorUpdatesRequest = {
  organisationSlug: string;
  /** Omitted for the default product. */
  productSlug?: string;
  page: number;
  /** tcuUid: the server answers with the page that holds this topic. */
  topicId?: string;
};

export function visitorUpdatesQueryKey(request: VisitorUpdatesRequest) {
  return [
    'trust-updates',
    request.organisationSlug,
    request.productSlug ?? null,
    request.page,
    request.topicId ?? null,
  ];
}

export const visitorUpdatesQueryRoot = ['trust-updates'] as const;

/** GET {share base}/compliance-update with the page's share parameters (spec 3 §7). */
export function fetchVisitorUpdates(
  request: VisitorUpdatesRequest,
  search: string,
): Promise<VisitorUpdatesResponse> {
  const params = new URLSearchParams();
  params.set('page', String(request.page));
  if (request.productSlug) params.set('product', request.productSlug);
  if (request.topicId) params.set('topicId', request.topicId);
  const current = new URLSearchParams(search);
  for (const name of viewerParameters) {
    const value = current.get(name);
    if (value) params.set(name, value);
  }
  return apiRequest<VisitorUpdatesResponse>(`${shareBase(request.organisationSlug)}?${params}`);
}

/** The latest visible update of the last 24 hours, for the notification bar. */
export function fetchLatestUpdate(
  organisationSlug: string,
  search: string,
): Promise<NotificationBarResponse> {
  const params = new URLSearchParams();
  const current = new URLSearchParams(search);
  for (const name of viewerParameters) {
    const value = current.get(name);
    if (value) params.set(name, value);
  }
  const query = params.toString();
  return apiRequest<NotificationBarResponse>(
    `${shareBase(organisationSlug)}/latest${query ? `?${query}` : ''}`,
  );
}
