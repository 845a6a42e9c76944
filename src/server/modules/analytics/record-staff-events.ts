import type { AnalyticsProps, StaffEventName } from '../../../shared/analytics';
import type { Database } from '../../db/client';
import { analyticsEvents } from '../../db/schema';
import type { Viewer } from '../../policy/viewer';

export type StaffEvent = { name: StaffEventName; itemId: string; subject: string; props: AnalyticsProps };

/**
 * Writes events of a staff change in the caller's transaction, so they exist exactly when the change
 * does. Not visitor tracking: no visitor id, no consent asked; the staff user is named instead.
 */
export async function recordStaffEvents(db: Database, viewer: Viewer, events: StaffEvent[]): Promise<void> {
  if (events.length === 0) return;
  const now = new Date();
  await db.insert(analyticsEvents).values(
    events.map((event) => ({
      organisationId: viewer.organisation.id,
      name: event.name,
      source: 'server' as const,
      viewerMode: viewer.mode,
      staffUserId: viewer.staff?.id ?? null,
      itemId: event.itemId,
      subject: event.subject.slice(0, 200),
      props: event.props,
      createdAt: now,
    })),
  );
}
