import type { z } from 'zod';
import { type BulkDecisionResult, BulkDeclineInput } from '../../../shared/access-queue';
import { requireAccessEditor, type StaffContext } from '../../core';
import { declinePendingRequest } from './decline-access-request';
import { decideEachPending } from './queries';

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
  return decideEachPending(ctx, ids, (tx, request) =>
    declinePendingRequest({ ...ctx, db: tx }, staff, request, { reason, declinedBy }, now, {
      batchSize: ids.length,
    }),
  );
}
