import type {
  AccessRequestDetail,
  AccessRequestPage,
  AccessRequestQueueQuery,
  MatchingPendingRequests,
} from '../../../shared/access-queue';
import { notFound, requireConsole, type StaffContext } from '../../core';
import { findAccessRequestDetail, listAccessRequestPage, listMatchingPendingIds } from './queue-queries';

/** A page of the review queue with counts per status: any staff member of the organisation. */
export async function listAccessRequests({
  ctx,
  input,
}: {
  ctx: Pick<StaffContext, 'db' | 'viewer'>;
  input: AccessRequestQueueQuery;
}): Promise<AccessRequestPage> {
  requireConsole(ctx.viewer);
  return listAccessRequestPage(ctx.db, ctx.viewer.organisation.id, input);
}

/** The pending requests a view matches (whatever its status tab), for "select all N matching". */
export async function listMatchingPendingRequests({
  ctx,
  input,
}: {
  ctx: Pick<StaffContext, 'db' | 'viewer'>;
  input: AccessRequestQueueQuery;
}): Promise<MatchingPendingRequests> {
  requireConsole(ctx.viewer);
  return listMatchingPendingIds(ctx.db, ctx.viewer.organisation.id, input);
}

/** One request with what the requester asked for, and the requests of the same person and domain. */
export async function getAccessRequest({
  ctx,
  input,
}: {
  ctx: Pick<StaffContext, 'db' | 'viewer'>;
  input: { requestId: string };
}): Promise<AccessRequestDetail> {
  requireConsole(ctx.viewer);
  const detail = await findAccessRequestDetail(ctx.db, ctx.viewer.organisation.id, input.requestId);
  if (!detail) throw notFound('Access request');
  return detail;
}
