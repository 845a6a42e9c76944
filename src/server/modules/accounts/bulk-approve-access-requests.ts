import type { z } from 'zod';
import { BulkApproveInput, type BulkDecisionResult } from '../../../shared/access-queue';
import { requireAccessEditor, type StaffContext } from '../../core';
import { approveLockedRequest } from './approve-access-request';
import { assertProfileOfOrganisation } from './create-account';
import { decideEachPending } from './queries';

/**
 * Approves the selected requests in one transaction with one access duration and one profile,
 * each exactly as a single approval (account, member, sign-in mail, audit row). Renewals and extensions
 * keep their account's profile, as a single renewal does; requests decided meanwhile are named, not changed.
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
  return decideEachPending(ctx, ids, async (tx, request) => {
    const profile = request.kind === 'access' ? permissionProfileId : undefined;
    const decision = { accessDays, permissionProfileId: profile };
    await approveLockedRequest({ ...ctx, db: tx }, staff, request, decision, now, { batchSize: ids.length });
    return true;
  });
}
