import { and, eq, inArray } from 'drizzle-orm';
import type { EndedSessions } from '../../../shared/sessions';
import { notFound, requireAccessEditor, type StaffContext, writeAudit } from '../../core';
import { accountMembers, sessions } from '../../db/schema';
import { findAccountById } from '../access';

/**
 * Ends every session of one member, or of all members of an account when memberId is absent.
 * Sessions live in the database, so the next request with an ended cookie is refused on every node.
 */
export async function endMemberSessions({
  ctx,
  input,
}: {
  ctx: StaffContext;
  input: { accountId: string; memberId?: string };
}): Promise<EndedSessions> {
  requireAccessEditor(ctx.viewer);
  const organisationId = ctx.viewer.organisation.id;
  return ctx.db.transaction(async (tx) => {
    if (!(await findAccountById(tx, organisationId, input.accountId))) throw notFound('Account');
    const memberFilter = and(
      eq(accountMembers.organisationId, organisationId),
      eq(accountMembers.accountId, input.accountId),
      input.memberId ? eq(accountMembers.id, input.memberId) : undefined,
    );
    if (input.memberId) {
      const [member] = await tx.select({ id: accountMembers.id }).from(accountMembers).where(memberFilter);
      if (!member) throw notFound('Member');
    }
    const ended = await tx
      .delete(sessions)
      .where(
        and(
          eq(sessions.kind, 'member'),
          eq(sessions.organisationId, organisationId),
          inArray(
            sessions.accountMemberId,
            tx.select({ id: accountMembers.id }).from(accountMembers).where(memberFilter),
          ),
        ),
      )
      .returning({ id: sessions.id });
    await writeAudit(tx, ctx.viewer, {
      action: input.memberId ? 'account.member_sessions_end' : 'account.sessions_end',
      target: input.memberId ?? input.accountId,
      data: { accountId: input.accountId, ended: ended.length },
    });
    return { ended: ended.length };
  });
}
