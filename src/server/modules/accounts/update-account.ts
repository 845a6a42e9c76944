import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { type AccountDetail, UpdateAccountInput } from '../../../shared/access';
import { notFound, requireAccessEditor, type StaffContext, writeAudit } from '../../core';
import { accounts } from '../../db/schema';
import { isUniqueViolation } from '../access';
import { assertProfileOfOrganisation, domainTaken } from './create-account';
import { findAccountDetail } from './queries';

export async function updateAccount({
  ctx,
  input,
}: {
  ctx: StaffContext;
  input: { accountId: string; body: z.input<typeof UpdateAccountInput> };
}): Promise<AccountDetail> {
  requireAccessEditor(ctx.viewer);
  const patch = UpdateAccountInput.parse(input.body);
  const organisationId = ctx.viewer.organisation.id;
  await assertProfileOfOrganisation(ctx, patch.permissionProfileId);
  try {
    await ctx.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(accounts)
        .set(patch)
        .where(and(eq(accounts.organisationId, organisationId), eq(accounts.id, input.accountId)))
        .returning({ id: accounts.id });
      if (!updated) throw notFound('Account');
      await writeAudit(tx, ctx.viewer, { action: 'account.update', target: input.accountId, data: patch });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw domainTaken();
    throw error;
  }
  return (await findAccountDetail(ctx.db, organisationId, input.accountId))!;
}
