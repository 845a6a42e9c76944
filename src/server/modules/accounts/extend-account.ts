import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { type AccountDetail, ExtendAccountInput } from '../../../shared/access';
import { accounts } from '../../db/schema';
import { queueAccessEvent } from '../notifications/access-events';
import { accessExtendedMail, mailAccountMembers } from './account-mails';
import { findAccountDetail } from './queries';
import { dayMs, notFound, requireAccessEditor, type StaffContext, writeAudit } from './staff-access';

/** Access until now + accessDays; the account becomes approved (renewing an expired or declined one). */
export async function extendAccount({
  ctx,
  input,
}: {
  ctx: StaffContext;
  input: { accountId: string; body: z.input<typeof ExtendAccountInput> };
}): Promise<AccountDetail> {
  requireAccessEditor(ctx.viewer);
  const { accessDays } = ExtendAccountInput.parse(input.body);
  const organisation = ctx.viewer.organisation;
  const organisationId = organisation.id;
  const now = new Date();
  const accessExpiresAt = new Date(now.getTime() + accessDays * dayMs);
  await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(accounts)
      .set({ reviewStatus: 'approved', accessExpiresAt, reviewedAt: now, decisionReason: null })
      .where(and(eq(accounts.organisationId, organisationId), eq(accounts.id, input.accountId)))
      .returning();
    if (!updated) throw notFound('Account');
    await queueAccessEvent({ ...ctx, db: tx }, organisation, 'access.extended', { account: updated });
    await mailAccountMembers({ ...ctx, db: tx }, organisation, input.accountId, (member, account) =>
      accessExtendedMail(ctx.config, organisation, {
        firstName: member.firstName,
        accountName: account.name,
        until: accessExpiresAt,
      }),
    );
    await writeAudit(tx, ctx.viewer, {
      action: 'account.extend',
      target: input.accountId,
      data: { accessDays, accessExpiresAt: accessExpiresAt.toISOString() },
    });
  });
  return (await findAccountDetail(ctx.db, organisationId, input.accountId))!;
}
