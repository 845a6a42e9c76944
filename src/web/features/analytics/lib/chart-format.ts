const numberFormat = new Intl.NumberFormat('en');
const dayFormat = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const longDayFormat = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' });

export const formatCount = (value: number) => numberFormat.format(value);

/** '2025-03-01' → 'Mar 1' (axis ticks); the day is a UTC calendar day, as the server counts it. */
export function formatChartDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : dayFormat.format(date);
}

/** '2025-03-01' → 'March 1, 2025' (tables and tooltips' spoken form). */
export function formatLongDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : longDayFormat.format(date);
}
