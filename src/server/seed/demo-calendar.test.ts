import { describe, expect, it } from 'vitest';
import { dated, demoCalendar } from './demo-calendar';

const dayMs = 24 * 60 * 60 * 1000;
const monthStart = (monthYear: string) => Date.parse(`1 ${monthYear} UTC`);

describe('the demo calendar', () => {
  // Every day over three years, leap day included: the story must hold whatever day it is seeded.
  const days = Array.from({ length: 3 * 366 }, (_, index) => new Date(Date.UTC(2027, 0, 1) + index * dayMs));

  it('keeps every recurring test inside its interval and every report current on any seeding day', () => {
    for (const seededAt of days) {
      const { tokens } = demoCalendar(seededAt);
      const label = seededAt.toISOString().slice(0, 10);
      const now = seededAt.getTime();
      const [periodStart, periodEnd] = tokens
        .socPeriod!.split(' to ')
        .map((text) => Date.parse(`${text} UTC`));
      // A twelve-month period that ended before the report was announced, and not a year ago.
      expect(periodEnd! - periodStart!, label).toBeGreaterThan(360 * dayMs);
      expect(periodEnd! - periodStart!, label).toBeLessThan(366 * dayMs);
      expect(periodEnd!, label).toBeLessThan(now - 40 * dayMs);
      expect(periodEnd!, label).toBeGreaterThan(now - 150 * dayMs);
      const nextEnd = Date.parse(`${tokens.nextSocPeriodEnd} UTC`);
      expect(Date.parse(`${tokens.socExpiry}T00:00:00Z`), label).toBe(nextEnd);
      expect(monthStart(tokens.nextSocReportMonth!), label).toBeGreaterThan(nextEnd);
      // Annual pen test within the year, the twice-yearly failover within six months, policies within the year.
      for (const [token, maximumDays] of [
        ['penTestMonth', 365],
        ['failoverMonth', 182],
        ['accessPolicyReviewed', 365],
        ['caiqMonth', 365],
      ] as const) {
        const at = monthStart(tokens[token]!);
        expect(at, `${label} ${token}`).toBeLessThan(now);
        expect(at, `${label} ${token}`).toBeGreaterThan(now - maximumDays * dayMs);
      }
      expect(tokens.penTestQuarter, label).toMatch(
        new RegExp(`^Q${Math.floor(new Date(monthStart(tokens.penTestMonth!)).getUTCMonth() / 3) + 1} `),
      );
      expect(Date.parse(`${tokens.isoExpiry}T00:00:00Z`), label).toBeGreaterThan(now + 365 * dayMs);
    }
  });

  it('fills tokens deeply and refuses one it does not know', () => {
    const calendar = demoCalendar(new Date(Date.UTC(2031, 1, 15)));
    expect(dated({ list: ['Tested in {penTestMonth}.'], count: 2 }, calendar)).toEqual({
      list: ['Tested in September 2030.'],
      count: 2,
    });
    expect(() => dated('due {tomorrow}', calendar)).toThrow('the demo calendar has no date {tomorrow}');
  });
});
