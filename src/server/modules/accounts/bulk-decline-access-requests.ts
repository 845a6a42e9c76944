import type { z } from 'zod';
import { type BulkDecisionResult, BulkDeclineInput } from '../../../shared/access-queue';
import { declinePendingRequest } from './decline-access-request';
import { lockAccessRequests } from './queries';
import { requireAccessEditor, type StaffContext } from './staff-access';

/**
 * Declines the selected requests in one transaction with one reason, each exactly as a single
 * decline (account, mail, audit row); requests decided meanwhile are named, not changed.
 */
export async function bulkDeclineAccessRequests({
  ctx,
  input,
}: {
  ctx: StaffContext;
  input: z.input<typeof BulkDeclineInput>;
}): Promise<BulkDecisionResult> {
  const staff = requireAccessEditor(ctx.viewer);
  const { ids, reason, declinedBy } = BulkDeclineInput.parse(input);
  const now = new Date();
  return ctx.db.transaction(async (tx) => {
    const requests = await lockAccessRequests(tx, ctx.viewer.organisation.id, ids);
    const result: BulkDecisionResult = { decidedIds: [], alreadyDecidedIds: [] };
    for (const request of requests) {
      const declined =
        request.status === 'pending' &&
        (await declinePendingRequest({ ...ctx, db: tx }, staff, request, { reason, declinedBy }, now, {
          batchSize: ids.length,
        }));
      (declined ? result.decidedIds : result.alreadyDecidedIds).push(request.id);
    }
    return result;
  });
}
