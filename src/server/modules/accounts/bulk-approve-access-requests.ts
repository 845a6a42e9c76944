import type { z } from 'zod';
import { BulkApproveInput, type BulkDecisionResult } from '../../../shared/access-queue';
import { approveLockedRequest } from './approve-access-request';
import { assertProfileOfOrganisation } from './create-account';
import { lockAccessRequests } from './queries';
import { requireAccessEditor, type StaffContext } from './staff-access';

/**
 * Approves the selected requests in one transaction with one access duration and one profile,
 * each exactly as a single approval (account, member, sign-in mail, audit row). Renewals keep their
 * account's profile, as a single renewal does; requests decided meanwhile are named, not changed.
 */
export async function bulkApproveAccessRequests({
  ctx,
  input,
}: {
  ctx: StaffContext;
  input: z.input<typeof BulkApproveInput>;
}): Promise<BulkDecisionResult> {
  const staff = requireAccessEditor(ctx.viewer);
  const { ids, accessDays, permissionProfileId } = BulkApproveInput.parse(input);
  await assertProfileOfOrganisation(ctx, permissionProfileId);
  const now = new Date();
  return ctx.db.transaction(async (tx) => {
    const requests = await lockAccessRequests(tx, ctx.viewer.organisation.id, ids);
    const result: BulkDecisionResult = { decidedIds: [], alreadyDecidedIds: [] };
    for (const request of requests) {
      if (request.status !== 'pending') {
        result.alreadyDecidedIds.push(request.id);
        continue;
      }
      await approveLockedRequest(
        { ...ctx, db: tx },
        staff,
        request,
        { accessDays, permissionProfileId: request.kind === 'renewal' ? undefined : permissionProfileId },
        now,
        { batchSize: ids.length },
      );
      result.decidedIds.push(request.id);
    }
    return result;
  });
}
