import { and, eq } from 'drizzle-orm';
import type { AccountDetail } from '../../../shared/access';
import { AppError } from '../../../shared/errors';
import { notFound, requireAccessEditor, type StaffContext, writeAudit } from '../../core';
import { accounts } from '../../db/schema';
import { isAccountAuthorised } from '../access';
import { queueAccessEvent } from '../notifications';
import { accessRevokedMail, mailAccountMembers } from './account-mails';
import { findAccountDetail } from './queries';

/**
 * Ends an account's access (declined); only an account with access now can be revoked (409 otherwise).
 * Member sessions stay, but every request rebuilds the viewer
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
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    const [account] = await tx
      .select({ reviewStatus: accounts.reviewStatus, accessExpiresAt: accounts.accessExpiresAt })
      .from(accounts)
      .where(and(eq(accounts.organisationId, organisationId), eq(accounts.id, input.accountId)))
      .for('update');
    if (!account) throw notFound('Account');
    // Declined, pending and expired accounts have no access to end (and nobody to tell it ended).
    if (!isAccountAuthorised(account, now)) {
      throw new AppError('conflict', 'This account has no access to revoke.');
    }
    const [updated] = await tx
      .update(accounts)
      .set({ reviewStatus: 'declined', reviewedAt: now })
      .where(eq(accounts.id, input.accountId))
      .returning();
    await queueAccessEvent({ ...ctx, db: tx }, organisation, 'access.revoked', { account: updated });
    await mailAccountMembers({ ...ctx, db: tx }, organisation, input.accountId, (member, account) =>
      accessRevokedMail(ctx.config, organisation, { firstName: member.firstName, accountName: account.name }),
    );
    await writeAudit(tx, ctx.viewer, { action: 'account.revoke', target: input.accountId });
  });
  return (await findAccountDetail(ctx.db, organisationId, input.accountId))!;
}
