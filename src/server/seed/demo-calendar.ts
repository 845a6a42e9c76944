/**
 * The demo organisation's clock (decision 335): every date its story tells is counted back from the
 * day it is seeded, so an annual test is never overdue and a report period never stale, whatever
 * the date. Texts name dates as `{token}`; `dated` fills them in and refuses an unknown token.
 */

const dayMs = 24 * 60 * 60 * 1000;
const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** How many days before seeding the story's dated events happened; the updates use the same figures. */
export const demoStoryDaysAgo = {
  socReportPublished: 40,
  isoTransition: 330,
  opensslAssessment: 290,
  penTestCompleted: 150,
} as const;

export type DemoCalendar = {
  seededAt: Date;
  /** Days before seeding, as a Date. */
  daysAgo(days: number): Date;
  tokens: Record<string, string>;
  /** The month names the story uses for the SOC 2 period start, the pen test and the failover test. */
  months: { socPeriodStart: string; penTest: string; failover: string };
  penTestQuarter: number;
};

const utcDate = (year: number, month: number, day: number) => new Date(Date.UTC(year, month, day));
const lastDayOfMonth = (year: number, month: number) => utcDate(year, month + 1, 0);
const longDate = (date: Date) =>
  `${monthNames[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
const monthYear = (date: Date) => `${monthNames[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const addMonths = (date: Date, months: number) =>
  utcDate(date.getUTCFullYear(), date.getUTCMonth() + months, 1);

export function demoCalendar(seededAt: Date = new Date()): DemoCalendar {
  const daysAgo = (days: number) => new Date(seededAt.getTime() - days * dayMs);
  // The report appears about seven weeks after its twelve-month period ends.
  const published = daysAgo(demoStoryDaysAgo.socReportPublished);
  const socEnd = lastDayOfMonth(published.getUTCFullYear(), published.getUTCMonth() - 2);
  const socStart = utcDate(socEnd.getUTCFullYear() - 1, socEnd.getUTCMonth() + 1, 1);
  const nextStart = utcDate(socEnd.getUTCFullYear(), socEnd.getUTCMonth() + 1, 1);
  const nextEnd = lastDayOfMonth(socEnd.getUTCFullYear() + 1, socEnd.getUTCMonth());
  // The ten days of testing end about two weeks before the summary is announced.
  const penTest = daysAgo(demoStoryDaysAgo.penTestCompleted + 14);
  const failover = daysAgo(50);
  const isoIssued = daysAgo(demoStoryDaysAgo.isoTransition);
  const isoExpiry = lastDayOfMonth(isoIssued.getUTCFullYear() + 3, isoIssued.getUTCMonth());
  const sigLite = daysAgo(120);
  const penTestQuarter = Math.floor(penTest.getUTCMonth() / 3) + 1;
  const tokens: Record<string, string> = {
    socPeriod: `${longDate(socStart)} to ${longDate(socEnd)}`,
    socStartYear: String(socStart.getUTCFullYear()),
    socEndYear: String(socEnd.getUTCFullYear()),
    socExpiry: isoDay(nextEnd),
    nextSocPeriod: `${longDate(nextStart)} to ${longDate(nextEnd)}`,
    nextSocPeriodEnd: longDate(nextEnd),
    nextSocFieldworkMonth: monthNames[addMonths(nextEnd, 1).getUTCMonth()]!,
    nextSocReportMonth: monthYear(addMonths(nextEnd, 2)),
    isoSurveillanceMonth: monthNames[addMonths(nextEnd, 3).getUTCMonth()]!,
    isoExpiry: isoDay(isoExpiry),
    penTestMonth: monthYear(penTest),
    penTestQuarter: `Q${penTestQuarter} ${penTest.getUTCFullYear()}`,
    penTestQuarterSlug: `Q${penTestQuarter}-${penTest.getUTCFullYear()}`,
    failoverMonth: monthYear(failover),
    caiqMonth: monthYear(daysAgo(150)),
    sigLiteYear: String(sigLite.getUTCFullYear()),
    sigLiteMonth: monthYear(sigLite),
    accessPolicyReviewed: monthYear(daysAgo(300)),
    incidentPolicyReviewed: monthYear(daysAgo(270)),
    continuityPolicyReviewed: monthYear(daysAgo(240)),
    lastYear: String(seededAt.getUTCFullYear() - 1),
    thisYear: String(seededAt.getUTCFullYear()),
    cveYear: String(daysAgo(demoStoryDaysAgo.opensslAssessment).getUTCFullYear()),
  };
  return {
    seededAt,
    daysAgo,
    tokens,
    months: {
      socPeriodStart: monthNames[socStart.getUTCMonth()]!,
      penTest: monthNames[penTest.getUTCMonth()]!,
      failover: monthNames[failover.getUTCMonth()]!,
    },
    penTestQuarter,
  };
}

/** Fills every `{token}` in the strings of a value (deeply); an unknown token is a seeding bug. */
export function dated<T>(value: T, calendar: DemoCalendar): T {
  if (typeof value === 'string')
    return value.replace(/\{(\w+)\}/g, (_, token: string) => {
      const text = calendar.tokens[token];
      if (text === undefined) throw new Error(`the demo calendar has no date {${token}}`);
      return text;
    }) as T;
  if (Array.isArray(value)) return value.map((entry) => dated(entry, calendar)) as T;
  if (value && typeof value === 'object' && !(value instanceof Date) && !Buffer.isBuffer(value))
    return Object.fromEntries(
      Object.entries(value).map(([key, entry]) => [key, dated(entry, calendar)]),
    ) as T;
  return value;
}

export const otherMonthNames = (except: string) => monthNames.filter((month) => month !== except);
