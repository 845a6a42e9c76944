import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import { type StaffTopicView, updateMessages } from '../../../shared/updates';
import type { Context } from '../../context';
import { insertAuditEntry, publishOrganisationChanged } from '../../core';
import type { Database } from '../../db/client';
import { canEditPortal, canUseConsole } from '../../policy';
import type { Viewer } from '../../policy/viewer';
import { findTopicWithUpdates, loadDeliveryProgress } from './queries';
import { staffTopicView } from './topic-views';

export type StaffContext = Pick<Context, 'db' | 'viewer' | 'providers' | 'config'>;

/** Publishing and editing updates: Main-mode staff with statuspage:edit. */
export function assertCanPublish(viewer: Viewer): void {
  if (!canEditPortal(viewer)) throw new AppError('forbidden', messages.forbidden);
}

export function assertCanReadConsole(viewer: Viewer): void {
  if (!canUseConsole(viewer)) throw new AppError('forbidden', messages.forbidden);
}

/** One transaction; every node's portal cache drops the organisation on commit. */
export async function inPublishTransaction<T>(
  ctx: StaffContext,
  work: (db: Database) => Promise<T>,
): Promise<T> {
  const organisationId = ctx.viewer.organisation.id;
  const result = await ctx.db.transaction(async (tx) => {
    const value = await work(tx);
    await publishOrganisationChanged(tx, organisationId);
    return value;
  });
  ctx.providers.cache.invalidate(organisationId);
  return result;
}

export async function audit(
  db: Database,
  viewer: Viewer,
  entry: { action: string; target: string; data?: Record<string, unknown> },
): Promise<void> {
  await insertAuditEntry(db, {
    organisationId: viewer.organisation.id,
    actorStaffUserId: viewer.staff?.id ?? null,
    action: entry.action,
    target: entry.target,
    data: entry.data ?? {},
  });
}

export async function loadStaffTopicView(
  ctx: Pick<Context, 'db' | 'viewer'>,
  topicId: string,
): Promise<StaffTopicView> {
  const organisationId = ctx.viewer.organisation.id;
  const topic = await findTopicWithUpdates(ctx.db, organisationId, topicId);
  if (!topic) throw new AppError('not_found', updateMessages.topicNotFound);
  const progress = await loadDeliveryProgress(
    ctx.db,
    organisationId,
    topic.updates.map((update) => update.id),
  );
  return staffTopicView(topic, progress);
}
