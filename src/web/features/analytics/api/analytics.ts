import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  AnalyticsDashboard,
  AnalyticsExportQuery,
  AnalyticsRangeQuery,
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
