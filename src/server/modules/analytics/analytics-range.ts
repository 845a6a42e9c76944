import { type AnalyticsRangeQuery, analyticsLimits, analyticsMessages } from '../../../shared/analytics';
import { AppError } from '../../../shared/errors';
import type { Range } from './queries';

const dayMs = 24 * 3600 * 1000;

/** Whole UTC days from `from` to `to` (included); a reversed or over-long range is a 400 naming it. */
export function toRange(organisationId: string, query: AnalyticsRangeQuery): Range {
  const start = new Date(`${query.from}T00:00:00.000Z`);
  const end = new Date(new Date(`${query.to}T00:00:00.000Z`).getTime() + dayMs);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) {
    throw new AppError('validation_failed', 'Not a date', { from: 'Not a date' });
  }
  if (start >= end) {
    throw new AppError('validation_failed', analyticsMessages.rangeInvalid, {
      from: analyticsMessages.rangeInvalid,
    });
  }
  if (end.getTime() - start.getTime() > analyticsLimits.rangeMaxDays * dayMs) {
    throw new AppError('validation_failed', analyticsMessages.rangeTooLong, {
      to: analyticsMessages.rangeTooLong,
    });
  }
  return { organisationId, start, end };
}
