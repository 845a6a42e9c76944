import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ApproveAccessInput } from '../../../shared/access';
import { AppError } from '../../../shared/errors';
import { dayMs, notFound, requireAccessEditor, type StaffContext, writeAudit } from '../../core';
import { accessRequests, accountMembers, accounts } from '../../db/schema';
import type { ViewerStaff } from '../../policy/viewer';
import {
  emailDomain,
  findAccountByDomain,
  findAccountById,
  findMemberByEmail,
  isFreeMailDomain,
  mailSignInLink,
} from '../access';
import { queueAccessEvent } from '../notifications';
import { findAccountProfileName } from './account-mails';
import { settleColleagueRequests } from './colleague-requests';
import { assertProfileOfOrganisation } from './create-account';
import { extendAccountAccess } from './extend-account';
import { findAccessRequest } from './queries';

type ApproveDecision = { accessDays: number; permissionProfileId?: string | null | undefined };
type PendingRequest = typeof accessRequests.$inferSelect;

/**
 * Approves a pending request: its account (or a new one for the requester's company) becomes
 * approved until now + accessDays, the requester becomes a member if not one yet, and gets a mail
 * with a sign-in link; colleagues who asked meanwhile are settled with it (colleague-requests.ts).
 * Approving an extension request renews the account's access the same way.
 */
export async function approveAccessRequest({
  ctx,
  input,
}: {
  ctx: StaffContext;
  input: { requestId: string; body: z.input<typeof ApproveAccessInput> };
}): Promise<{ accountId: string }> {
  const staff = requireAccessEditor(ctx.viewer);
  const decision = ApproveAccessInput.parse(input.body);
  const organisation = ctx.viewer.organisation;
  await assertProfileOfOrganisation(ctx, decision.permissionProfileId);
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
    return approveLockedRequest({ ...ctx, db: tx }, staff, request, decision, now);
  });
}

/**
 * The approval itself, inside the caller's transaction, for a request the caller has locked and
 * found pending; the single and the bulk approval share it so both grant, mail and audit alike.
 */
export async function approveLockedRequest(
  tx: StaffContext,
  staff: ViewerStaff,
  request: PendingRequest,
  { accessDays, permissionProfileId }: ApproveDecision,
  now: Date,
  auditExtra: Record<string, unknown> = {},
): Promise<{ accountId: string }> {
  const organisation = tx.viewer.organisation;
  if (request.kind === 'extension' && request.accountId && request.accountMemberId) {
    return approveExtension(tx, staff, request, accessDays, now, auditExtra);
  }
  let account = request.accountId ? await findAccountById(tx.db, organisation.id, request.accountId) : null;
  if (!account) {
    const domain = emailDomain(request.email);
    const accountDomain = isFreeMailDomain(domain) ? null : domain;
    account = accountDomain ? await findAccountByDomain(tx.db, organisation.id, accountDomain) : null;
    if (!account) {
      account =
        (
          await tx.db
            .insert(accounts)
            .values({ organisationId: organisation.id, name: request.companyName, domain: accountDomain })
            .returning()
        )[0] ?? null;
    }
  }
  const accessExpiresAt = new Date(now.getTime() + accessDays * dayMs);
  await tx.db
    .update(accounts)
    .set({
      reviewStatus: 'approved',
      accessExpiresAt,
      reviewedAt: now,
      decisionReason: null,
      ...(permissionProfileId !== undefined ? { permissionProfileId } : {}),
    })
    .where(eq(accounts.id, account!.id));

  let member = (await findMemberByEmail(tx.db, organisation.id, request.email))?.member;
  if (!member) {
    [member] = await tx.db
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
  await tx.db
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
  const permissionProfileName = await findAccountProfileName(tx.db, organisation.id, account!.id);
  await mailSignInLink(tx, organisation, member!, 'approved', now, {
    until: accessExpiresAt,
    permissionProfileName,
  });
  const approvedAccount = (await findAccountById(tx.db, organisation.id, account!.id))!;
  await queueAccessEvent(tx, organisation, 'access.request.approved', {
    requestId: request.id,
    account: approvedAccount,
  });
  await settleColleagueRequests(
    tx,
    staff,
    { request, account: approvedAccount, accessDays, until: accessExpiresAt, permissionProfileName },
    now,
  );
  await writeAudit(tx.db, tx.viewer, {
    action: 'access_request.approve',
    target: request.id,
    data: {
      accountId: account!.id,
      email: request.email,
      accessDays,
      permissionProfileId: permissionProfileId ?? null,
      ...auditExtra,
    },
  });
  return { accountId: account!.id };
}

/**
 * A member asked for more time before their access ended: the account's access is extended as staff's
 * "Extend access" does (every member is mailed the new end date, the profile stays), the days added to
 * the end date while access still runs. The member is signed in already, so no sign-in link is sent.
 */
async function approveExtension(
  tx: StaffContext,
  staff: ViewerStaff,
  request: PendingRequest,
  accessDays: number,
  now: Date,
  auditExtra: Record<string, unknown>,
): Promise<{ accountId: string }> {
  const accountId = request.accountId!;
  const accessExpiresAt = await extendAccountAccess(tx, accountId, accessDays, now, { fromCurrentEnd: true });
  if (!accessExpiresAt) throw notFound('Account');
  await tx.db
    .update(accessRequests)
    .set({ status: 'approved', accessDays, decidedByStaffUserId: staff.id, decidedAt: now })
    .where(eq(accessRequests.id, request.id));
  await writeAudit(tx.db, tx.viewer, {
    action: 'access_request.approve',
    target: request.id,
    data: {
      accountId,
      email: request.email,
      accessDays,
      kind: 'extension',
      accessExpiresAt: accessExpiresAt.toISOString(),
      ...auditExtra,
    },
  });
  return { accountId };
}
