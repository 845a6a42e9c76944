import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ApproveAccessInput } from '../../../shared/access';
import { AppError } from '../../../shared/errors';
import { accessRequests, accountMembers, accounts } from '../../db/schema';
import { emailDomain, isFreeMailDomain } from '../access/email-domains';
import { findAccountByDomain, findAccountById, findMemberByEmail } from '../access/queries';
import { mailSignInLink } from '../access/sign-in-links';
import { findAccountProfileName } from './account-mails';
import { findAccessRequest, isProfileOfOrganisation } from './queries';
import { dayMs, notFound, requireAccessEditor, type StaffContext, writeAudit } from './staff-access';

/**
 * Approves a pending request: its account (or a new one for the requester's company) becomes
 * approved until now + accessDays, the requester becomes a member if not one yet, and gets a mail
 * with a sign-in link. Approving an extension request renews the account's access the same way.
 */
export async function approveAccessRequest({
  ctx,
  input,
}: {
  ctx: StaffContext;
  input: { requestId: string; body: z.input<typeof ApproveAccessInput> };
}): Promise<{ accountId: string }> {
  const staff = requireAccessEditor(ctx.viewer);
  const { accessDays, permissionProfileId } = ApproveAccessInput.parse(input.body);
  const organisation = ctx.viewer.organisation;
  if (permissionProfileId && !(await isProfileOfOrganisation(ctx.db, organisation.id, permissionProfileId))) {
    throw new AppError('validation_failed', 'Choose a permission profile of this organisation.', {
      permissionProfileId: 'Choose a permission profile of this organisation.',
    });
  }
  const now = new Date();
  return ctx.db.transaction(async (tx) => {
    const request = await findAccessRequest(tx, organisation.id, input.requestId);
    if (!request) throw notFound('Access request');
    if (request.status !== 'pending') throw new AppError('conflict', 'This request was already decided.');
    const [locked] = await tx
      .select({ id: accessRequests.id })
      .from(accessRequests)
      .where(sql`${accessRequests.id} = ${request.id} and ${accessRequests.status} = 'pending'`)
      .for('update');
    if (!locked) throw new AppError('conflict', 'This request was already decided.');

    let account = request.accountId ? await findAccountById(tx, organisation.id, request.accountId) : null;
    if (!account) {
      const domain = emailDomain(request.email);
      const accountDomain = isFreeMailDomain(domain) ? null : domain;
      account = accountDomain ? await findAccountByDomain(tx, organisation.id, accountDomain) : null;
      if (!account) {
        account =
          (
            await tx
              .insert(accounts)
              .values({ organisationId: organisation.id, name: request.companyName, domain: accountDomain })
              .returning()
          )[0] ?? null;
      }
    }
    const accessExpiresAt = new Date(now.getTime() + accessDays * dayMs);
    await tx
      .update(accounts)
      .set({
        reviewStatus: 'approved',
        accessExpiresAt,
        reviewedAt: now,
        decisionReason: null,
        ...(permissionProfileId !== undefined ? { permissionProfileId } : {}),
      })
      .where(eq(accounts.id, account!.id));

    let member = (await findMemberByEmail(tx, organisation.id, request.email))?.member;
    if (!member) {
      [member] = await tx
        .insert(accountMembers)
        .values({
          organisationId: organisation.id,
          accountId: account!.id,
          email: request.email,
          firstName: request.firstName,
          lastName: request.lastName,
        })
        .returning();
    }
    await tx
      .update(accessRequests)
      .set({
        status: 'approved',
        accountId: account!.id,
        accountMemberId: member!.id,
        accessDays,
        decidedByStaffUserId: staff.id,
        decidedAt: now,
      })
      .where(eq(accessRequests.id, request.id));
    await mailSignInLink({ ...ctx, db: tx }, organisation, member!, 'approved', now, {
      until: accessExpiresAt,
      permissionProfileName: await findAccountProfileName(tx, organisation.id, account!.id),
    });
    await writeAudit(tx, ctx.viewer, {
      action: 'access_request.approve',
      target: request.id,
      data: {
        accountId: account!.id,
        email: request.email,
        accessDays,
        permissionProfileId: permissionProfileId ?? null,
      },
    });
    return { accountId: account!.id };
  });
}
