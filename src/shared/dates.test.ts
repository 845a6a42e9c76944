import { afterEach, describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatLetterDate,
  formatMailDate,
  formatPreciseTime,
  formatShortDay,
} from './dates';

describe('dates (issue 17 item 3: one locale, one time zone)', () => {
  const originalZone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = originalZone;
  });

  it("writes the spec's 'MMMM d, yyyy' from a timestamp, a calendar day, epoch milliseconds or a Date", () => {
    const day = '2025-03-04';
    for (const value of [
      '2025-03-04T10:00:00.000Z',
      day,
      Date.UTC(2025, 2, 4),
      new Date(`${day}T23:59:59Z`),
    ]) {
      expect(formatDate(value)).toBe('March 4, 2025');
    }
  });

  it("writes the bridge letter's 'MMMM dd, yyyy', the mails' day-first date and a chart tick", () => {
    expect(formatLetterDate('2025-03-04')).toBe('March 04, 2025');
    expect(formatMailDate(new Date('2027-03-12T00:00:00Z'))).toBe('12 March 2027');
    expect(formatShortDay('2025-03-01')).toBe('Mar 1');
  });

  it('writes times of day on a 24-hour clock in UTC and says so, midnight as 00', () => {
    expect(formatDateTime('2026-11-26T00:05:00Z')).toBe('Nov 26, 2026, 00:05 UTC');
    expect(formatDateTime('2026-11-26T14:45:30Z')).toBe('Nov 26, 2026, 14:45 UTC');
    expect(formatPreciseTime('2026-11-25T16:02:03Z')).toBe('Nov 25, 16:02:03 UTC');
    expect(formatPreciseTime('2026-11-25T00:00:09Z')).toBe('Nov 25, 00:00:09 UTC');
  });

  it("names the same day whatever the machine's time zone, so server and browser agree", () => {
    const written = () => [
      formatDate('2025-12-31T23:30:00.000Z'),
      formatDate('2026-01-01'),
      formatMailDate(new Date('2027-03-12T00:00:00Z')),
      formatDateTime('2026-03-29T01:30:00Z'),
    ];
    for (const zone of ['Pacific/Kiritimati', 'America/Los_Angeles', 'UTC']) {
      process.env.TZ = zone;
      expect(written(), zone).toEqual([
        'December 31, 2025',
        'January 1, 2026',
        '12 March 2027',
        'Mar 29, 2026, 01:30 UTC',
      ]);
    }
  });

  it('shows a value that is not a date as given instead of breaking the page', () => {
    expect(formatDate('not a date')).toBe('not a date');
    expect(formatDateTime('')).toBe('');
  });
});
