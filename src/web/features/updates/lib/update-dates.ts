import { limits } from '../../../../shared/limits';

const dateFormatter = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});

/** 'MMMM d, yyyy' (spec 1 §9) in UTC like the rest of the portal, so server and browser agree. */
export function formatUpdateDate(isoDate: string): string {
  return dateFormatter.format(new Date(isoDate));
}

export const notificationWindowMs = limits.notificationWindowHours * 60 * 60 * 1000;

/**
 * True when the update was created within the notification window (24 h, spec 3 §9). A time a little
 * ahead of this clock (server and browser clocks differ) still counts as recent.
 */
export function isWithinNotificationWindow(createdAt: string, now: number = Date.now()): boolean {
  const created = Date.parse(createdAt);
  if (Number.isNaN(created)) return false;
  return now - created < notificationWindowMs;
}
