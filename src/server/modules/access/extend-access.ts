import { and, eq, gte } from 'drizzle-orm';
import type { ExtendAccessCode } from '../../../shared/access';
import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import type { Database } from '../../db/client';
import { accessRequests, accounts } from '../../db/schema';
import type { ViewerOrganisation } from '../../policy/viewer';
import { notifyStaffOfRequest } from '../notifications';
import { verifyExtensionToken } from './access-tokens';
import type { AccessContext } from './log-in-member';
import { staffReviewMail } from './mails';
import { isAccountAuthorised } from './member-status';
import type { MemberViewer } from './member-viewer';
import {
  findMemberById,
  findRequestedProducts,
  hasPendingRequestForAccount,
  type MemberWithAccount,
} from './queries';

const extensionWindowDays = 30;

type TxContext = Omit<AccessContext, 'viewer'>;

/** Locks the account so two asks at once (two colleagues, two clicks) make one request. */
async function lockAccount(ctx: TxContext, accountId: string) {
  await ctx.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('update');
}

/**
 * The request staff see in the queue: an 'extension' while the access still runs, a 'renewal' once it
 * has ended; staff are mailed either way. Call with the account locked and no request pending.
 */
async function queueMoreTimeRequest(
  ctx: TxContext,
  organisation: ViewerOrganisation,
  { member, account }: MemberWithAccount,
  source: 'extend_access' | 'expiry_reminder',
  now: Date,
) {
  const request = {
    email: member.email,
    firstName: member.firstName,
    lastName: member.lastName,
    companyName: account.name,
  };
  const products = await findRequestedProducts(ctx.db, organisation.id, account.id, member.id);
  const [created] = await ctx.db
    .insert(accessRequests)
    .values({
      organisationId: organisation.id,
      accountId: account.id,
      accountMemberId: member.id,
      ...products,
      ...request,
      source,
      kind: isAccountAuthorised(account, now) ? 'extension' : 'renewal',
      status: 'pending',
    })
    .returning({ id: accessRequests.id });
  await notifyStaffOfRequest(
    ctx,
    organisation,
    created!.id,
    staffReviewMail(ctx.config, organisation, { ...request, isExtension: true }, created!.id),
  );
}

/**
 * A member asks for more time (spec 3 §4 extend access): a pending request staff approve with a new
 * number of days. Access with more than 30 days left answers already-has-access; a request already
 * waiting answers already-requested; a declined account answers error.
 */
export async function extendAccess({
  ctx,
  input,
}: {
  ctx: AccessContext & { viewer: MemberViewer };
  input: { accountId: string };
}): Promise<{ code: ExtendAccessCode }> {
  const { organisation, member } = ctx.viewer;
  if (member.account.id !== input.accountId) throw new AppError('forbidden', messages.forbidden);
  const now = new Date();
  return ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    await lockAccount(txCtx, input.accountId);
    const found = await findMemberById(tx, organisation.id, member.id);
    if (!found) throw new AppError('unauthenticated', messages.signInRequired);
    const { account } = found;
    if (
      (await hasPendingRequestForAccount(tx, organisation.id, account.id)) ||
      account.reviewStatus === 'pending' ||
      account.reviewStatus === 'other'
    ) {
      return { code: 'already-requested' as const };
    }
    if (account.reviewStatus === 'declined') return { code: 'error' as const };
    const windowEnd = now.getTime() + extensionWindowDays * 24 * 3600 * 1000;
    if (account.accessExpiresAt === null || account.accessExpiresAt.getTime() > windowEnd) {
      return { code: 'already-has-access' as const };
    }
    await queueMoreTimeRequest(txCtx, organisation, found, 'extend_access', now);
    return { code: 'success' as const };
  });
}

/** Whether the reminder link's token is genuine, unexpired and this organisation's; reads only. */
export async function isMoreTimeTokenUsable(
  db: Database,
  organisationId: string,
  token: string,
): Promise<boolean> {
  return (await verifyExtensionToken(db, organisationId, token, new Date())) !== null;
}

export type MoreTimeAnswer = {
  code: ExtendAccessCode;
  email: string;
  /** The account's end date as it stands after the answer; null when it has no access to speak of. */
  accessExpiresAt: Date | null;
};

/**
 * The button on the page the expiry reminder's "Request more time" link opens (a signed token for one
 * member and one end date), answered with the extend-access codes. Opening it again never makes a second request: while one
 * waits it answers already-requested, and so it does after staff declined the one it made; once the
 * end date moved on it answers already-has-access. null: the link is forged, expired or not this
 * organisation's.
 */
export async function requestMoreTimeByLink({
  ctx,
  input,
}: {
  ctx: TxContext;
  input: { organisation: ViewerOrganisation; token: string };
}): Promise<MoreTimeAnswer | null> {
  const { organisation } = input;
  const now = new Date();
  const claims = await verifyExtensionToken(ctx.db, organisation.id, input.token, now);
  if (!claims) return null;
  return ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    await lockAccount(txCtx, claims.accountId);
    const found = await findMemberById(tx, organisation.id, claims.accountMemberId);
    if (!found || found.account.id !== claims.accountId) {
      return { code: 'error' as const, email: found?.member.email ?? '', accessExpiresAt: null };
    }
    const { account, member } = found;
    const answer = (code: ExtendAccessCode) => ({
      code,
      email: member.email,
      accessExpiresAt: account.reviewStatus === 'approved' ? account.accessExpiresAt : null,
    });
    if (account.reviewStatus !== 'approved') return answer('error');
    if (account.accessExpiresAt?.getTime() !== claims.periodEndsAt.getTime()) {
      return answer(isAccountAuthorised(account, now) ? 'already-has-access' : 'error');
    }
    if (await hasPendingRequestForAccount(tx, organisation.id, account.id)) {
      return answer('already-requested');
    }
    const [earlier] = await tx
      .select({ id: accessRequests.id })
      .from(accessRequests)
      .where(
        and(
          eq(accessRequests.organisationId, organisation.id),
          eq(accessRequests.accountId, account.id),
          eq(accessRequests.accountMemberId, member.id),
          eq(accessRequests.source, 'expiry_reminder'),
          gte(accessRequests.createdAt, claims.issuedAt),
        ),
      )
      .limit(1);
    if (earlier) return answer('already-requested');
    await queueMoreTimeRequest(txCtx, organisation, found, 'expiry_reminder', now);
    return answer('success');
  });
}
