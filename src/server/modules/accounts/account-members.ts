import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { type AccountDetail, AddAccountMemberInput } from '../../../shared/access';
import { AppError } from '../../../shared/errors';
import { notFound, requireAccessEditor, type StaffContext, writeAudit } from '../../core';
import { accountMembers } from '../../db/schema';
import { findAccountById, isUniqueViolation } from '../access';
import { findAccountDetail } from './queries';

/** Staff add a person to an account; they sign in with their e-mail from the portal's login tab. */
export async function addAccountMember({
  ctx,
  input,
}: {
  ctx: StaffContext;
  input: { accountId: string; body: z.input<typeof AddAccountMemberInput> };
}): Promise<AccountDetail> {
  requireAccessEditor(ctx.viewer);
  const { email, firstName, lastName } = AddAccountMemberInput.parse(input.body);
  const organisationId = ctx.viewer.organisation.id;
  try {
    await ctx.db.transaction(async (tx) => {
      if (!(await findAccountById(tx, organisationId, input.accountId))) throw notFound('Account');
      const [member] = await tx
        .insert(accountMembers)
        .values({ organisationId, accountId: input.accountId, email, firstName, lastName })
        .returning();
      await writeAudit(tx, ctx.viewer, { action: 'account.member_add', target: member!.id, data: { email } });
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('conflict', 'This address already belongs to an account.', {
        email: 'This address already belongs to an account.',
      });
    }
    throw error;
  }
  return (await findAccountDetail(ctx.db, organisationId, input.accountId))!;
}

/** Removes a person from an account: their sessions and sign-in links go with them (cascade). */
export async function removeAccountMember({
  ctx,
  input,
}: {
  ctx: StaffContext;
  input: { accountId: string; memberId: string };
}): Promise<void> {
  requireAccessEditor(ctx.viewer);
  const organisationId = ctx.viewer.organisation.id;
  await ctx.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(accountMembers)
      .where(
        and(
          eq(accountMembers.organisationId, organisationId),
          eq(accountMembers.accountId, input.accountId),
          eq(accountMembers.id, input.memberId),
        ),
      )
      .returning({ email: accountMembers.email });
    if (!removed) throw notFound('Member');
    await writeAudit(tx, ctx.viewer, {
      action: 'account.member_remove',
      target: input.memberId,
      data: { accountId: input.accountId, email: removed.email },
    });
  });
}
