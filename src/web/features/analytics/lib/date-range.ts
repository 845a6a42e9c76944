import type { AnalyticsRangeQuery } from '../../../../shared/analytics';

const dayMs = 24 * 3600 * 1000;

export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The last `days` days up to today (UTC), today included. */
export function lastDays(days: number, now = new Date()): AnalyticsRangeQuery {
  return { from: isoDay(new Date(now.getTime() - (days - 1) * dayMs)), to: isoDay(now) };
}

export const rangePresets = [
  { days: 7, label: 'Last 7 days' },
  { days: 30, label: 'Last 30 days' },
  { days: 90, label: 'Last 90 days' },
] as const;
