import { limits } from '../../../../shared/limits';

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
