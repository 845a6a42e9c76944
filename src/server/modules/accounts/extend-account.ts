import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { type AccountDetail, ExtendAccountInput } from '../../../shared/access';
import { dayMs, notFound, requireAccessEditor, type StaffContext, writeAudit } from '../../core';
import { accounts } from '../../db/schema';
import { queueAccessEvent } from '../notifications';
import { accessExtendedMail, mailAccountMembers } from './account-mails';
import { findAccountDetail } from './queries';

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
  await ctx.db.transaction(async (tx) => {
    const accessExpiresAt = await extendAccountAccess({ ...ctx, db: tx }, input.accountId, accessDays, now);
    if (!accessExpiresAt) throw notFound('Account');
    await writeAudit(tx, ctx.viewer, {
      action: 'account.extend',
      target: input.accountId,
      data: { accessDays, accessExpiresAt: accessExpiresAt.toISOString() },
    });
  });
  return (await findAccountDetail(ctx.db, organisationId, input.accountId))!;
}

/**
 * The extension itself, in the caller's transaction: the account is approved until now + accessDays
 * and every member is mailed the new end date. Staff's "Extend access" and the approval of a member's
 * extension request share it; the request's approval adds the days to the current end date while
 * access still runs (fromCurrentEnd). Returns the new end date, or null when the account is not the organisation's.
 */
export async function extendAccountAccess(
  ctx: StaffContext,
  accountId: string,
  accessDays: number,
  now: Date,
  { fromCurrentEnd = false }: { fromCurrentEnd?: boolean } = {},
): Promise<Date | null> {
  const organisation = ctx.viewer.organisation;
  const [current] = await ctx.db
    .select({ accessExpiresAt: accounts.accessExpiresAt })
    .from(accounts)
    .where(and(eq(accounts.organisationId, organisation.id), eq(accounts.id, accountId)))
    .for('update');
  if (!current) return null;
  // A member who asked before their access ended keeps the days they had: the new days follow them.
  const runsOn = fromCurrentEnd && current.accessExpiresAt && current.accessExpiresAt > now;
  const start = runsOn ? current.accessExpiresAt! : now;
  const accessExpiresAt = new Date(start.getTime() + accessDays * dayMs);
  const [updated] = await ctx.db
    .update(accounts)
    .set({ reviewStatus: 'approved', accessExpiresAt, reviewedAt: now, decisionReason: null })
    .where(eq(accounts.id, accountId))
    .returning();
  await queueAccessEvent(ctx, organisation, 'access.extended', { account: updated });
  await mailAccountMembers(ctx, organisation, accountId, (member, account) =>
    accessExtendedMail(ctx.config, organisation, {
      firstName: member.firstName,
      accountName: account.name,
      until: accessExpiresAt,
    }),
  );
  return accessExpiresAt;
}
