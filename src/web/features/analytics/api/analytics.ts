import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type AccountEngagementDetail,
  type AccountEngagementExportQuery,
  type AccountEngagementPage,
  type AccountEngagementParams,
  type AnalyticsDashboard,
  type AnalyticsExportQuery,
  type AnalyticsRangeQuery,
  engagementLimits,
} from '../../../../shared/analytics';
import { apiRequest } from '../../../lib/api-client';

export function useAnalyticsDashboard(range: AnalyticsRangeQuery) {
  return useQuery({
    queryKey: ['staff-analytics', range.from, range.to],
    queryFn: () => apiRequest<AnalyticsDashboard>(`/api/analytics?${new URLSearchParams(range).toString()}`),
    placeholderData: keepPreviousData,
  });
}

/** The export is a plain download: the browser saves the CSV the server names. */
export function exportUrl(query: AnalyticsExportQuery): string {
  return `/api/analytics/export?${new URLSearchParams(query).toString()}`;
}

export function useAccountEngagement(query: AccountEngagementParams & AnalyticsRangeQuery) {
  const params = new URLSearchParams({
    from: query.from,
    to: query.to,
    page: String(query.page ?? 1),
    pageSize: String(query.pageSize ?? engagementLimits.pageSizeDefault),
  });
  return useQuery({
    queryKey: ['staff-analytics-accounts', params.toString()],
    queryFn: () => apiRequest<AccountEngagementPage>(`/api/analytics/accounts?${params.toString()}`),
    placeholderData: keepPreviousData,
  });
}

export function useAccountEngagementDetail(accountId: string, range: AnalyticsRangeQuery) {
  return useQuery({
    queryKey: ['staff-analytics-account', accountId, range.from, range.to],
    queryFn: () =>
      apiRequest<AccountEngagementDetail>(
        `/api/analytics/accounts/${encodeURIComponent(accountId)}?${new URLSearchParams(range).toString()}`,
      ),
  });
}

export function accountExportUrl(accountId: string, query: AccountEngagementExportQuery): string {
  return `/api/analytics/accounts/${encodeURIComponent(accountId)}/export?${new URLSearchParams(query).toString()}`;
}
