/**
 * Every date the product shows, on the server (pages, mails) and in the browser, in one locale and
 * one time zone: US English (the spec's 'MMMM d, yyyy') and UTC, so a page rendered on the server
 * hydrates unchanged, and a mail, a page and the console name the same day. A time of day says 'UTC'.
 * A value that is not a date is shown as given rather than breaking the page.
 */
export type DateValue = Date | string | number;

const locale = 'en-US';

function formatter(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
}

const formats = {
  date: formatter({ month: 'long', day: 'numeric', year: 'numeric' }),
  letterDate: formatter({ month: 'long', day: '2-digit', year: 'numeric' }),
  shortDay: formatter({ month: 'short', day: 'numeric' }),
  // h23: 'hour12: false' writes midnight as 24:00 in some engines.
  dateTime: formatter({
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }),
  preciseTime: formatter({
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }),
};

/** An ISO timestamp, a calendar day ('2025-03-01', read as that day in UTC), epoch milliseconds or a Date. */
function toDate(value: DateValue): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function shown(value: DateValue, write: (date: Date) => string): string {
  const date = toDate(value);
  return date ? write(date) : String(value);
}

/** 'March 4, 2025': spec 1 §9 and spec 3 §9 'MMMM d, yyyy'. */
export function formatDate(value: DateValue): string {
  return shown(value, (date) => formats.date.format(date));
}

/** 'March 04, 2025': the bridge letter's 'MMMM dd, yyyy' (spec 2 §9). */
export function formatLetterDate(value: DateValue): string {
  return shown(value, (date) => formats.letterDate.format(date));
}

/** '12 March 2027': the day-first order the access mails have always used. */
export function formatMailDate(value: DateValue): string {
  return shown(value, (date) => {
    const part = partsOf(formats.date, date);
    return `${part.day} ${part.month} ${part.year}`;
  });
}

/** 'Mar 1': a chart's axis tick. */
export function formatShortDay(value: DateValue): string {
  return shown(value, (date) => formats.shortDay.format(date));
}

/** 'Nov 26, 2026, 10:48 UTC': when something happened. */
export function formatDateTime(value: DateValue): string {
  return shown(value, (date) => `${formats.dateTime.format(date)} UTC`);
}

/** 'Nov 25, 16:02:03 UTC': a retry schedule, where the seconds matter and the year does not. */
export function formatPreciseTime(value: DateValue): string {
  return shown(value, (date) => `${formats.preciseTime.format(date)} UTC`);
}

function partsOf(
  format: Intl.DateTimeFormat,
  date: Date,
): Partial<Record<Intl.DateTimeFormatPartTypes, string>> {
  return Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
}
