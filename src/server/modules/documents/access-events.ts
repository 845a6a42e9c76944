import type { Database } from '../../db/client';
import { documentAccessEvents } from '../../db/schema';
import type { Viewer } from '../../policy/viewer';

export type AccessEvent = {
  fileId: string | null;
  itemId: string | null;
  action: 'view' | 'download' | 'bulk_download';
};

/** Who looked at what; letters have no file row, so only their item is recorded. */
export async function recordDocumentAccess(
  db: Database,
  viewer: Viewer,
  events: AccessEvent[],
  ipAddress: string | null,
): Promise<void> {
  if (events.length === 0) return;
  await db.insert(documentAccessEvents).values(
    events.map((event) => ({
      organisationId: viewer.organisation.id,
      fileId: event.fileId,
      itemId: event.itemId,
      action: event.action,
      viewerMode: viewer.mode,
      accountMemberId: viewer.mode === 'account_external' ? (viewer.member?.id ?? null) : null,
      staffUserId: viewer.staff?.id ?? null,
      ipAddress,
    })),
  );
}
