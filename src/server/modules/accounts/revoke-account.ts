import { and, eq } from 'drizzle-orm';
import type { AccountDetail } from '../../../shared/access';
import { accounts } from '../../db/schema';
import { queueAccessEvent } from '../notifications/access-events';
import { accessRevokedMail, mailAccountMembers } from './account-mails';
import { findAccountDetail } from './queries';
import { notFound, requireAccessEditor, type StaffContext, writeAudit } from './staff-access';

/**
 * Ends an account's access (declined). Member sessions stay, but every request rebuilds the viewer
 * from the account's status, so the next request is already in Public mode.
 */
export async function revokeAccount({
  ctx,
  input,
}: {
  ctx: StaffContext;
  input: { accountId: string };
}): Promise<AccountDetail> {
  requireAccessEditor(ctx.viewer);
  const organisation = ctx.viewer.organisation;
  const organisationId = organisation.id;
  await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(accounts)
      .set({ reviewStatus: 'declined', reviewedAt: new Date() })
      .where(and(eq(accounts.organisationId, organisationId), eq(accounts.id, input.accountId)))
      .returning();
    if (!updated) throw notFound('Account');
    await queueAccessEvent({ ...ctx, db: tx }, organisation, 'access.revoked', { account: updated });
    await mailAccountMembers({ ...ctx, db: tx }, organisation, input.accountId, (member, account) =>
      accessRevokedMail(ctx.config, organisation, { firstName: member.firstName, accountName: account.name }),
    );
    await writeAudit(tx, ctx.viewer, { action: 'account.revoke', target: input.accountId });
  });
  return (await findAccountDetail(ctx.db, organisationId, input.accountId))!;
}
