import { and, eq, gt, isNull } from 'drizzle-orm';
import { accessRequestSchema, type RequestResult } from '../../../shared/access';
import { AppError } from '../../../shared/errors';
import type { Database } from '../../db/client';
import { accessRequests, accountInvites, accountMembers, accounts } from '../../db/schema';
import { mailPerson } from '../mail';
import { notifyStaffOfRequest } from '../notifications';
import { findDomainRule, findOrCreateAccessSettings } from './access-settings-store';
import { verifyInviteToken } from './access-tokens';
import { emailDomain, isFreeMailDomain } from './email-domains';
import type { AccessContext } from './log-in-member';
import { requestReceivedMail, staffReviewMail } from './mails';
import { isAccountAuthorised, memberStanding, requestStanding } from './member-status';
import {
  findAccountByDomain,
  findAccountById,
  findLatestRequestByEmail,
  findMemberByEmail,
  listProductIdsOfOrganisation,
} from './queries';
import { mailSignInLink } from './sign-in-links';

const dayMs = 24 * 60 * 60 * 1000;
const maxRequestAttempts = 3;

export type RequestAccessInput = { body: unknown; ipAddress: string | null; userAgent: string | null };

function validationError(fields: Record<string, string>): AppError {
  const [first] = Object.values(fields);
  return new AppError('validation_failed', first ?? 'The request is not valid.', fields);
}

export function isUniqueViolation(error: unknown): boolean {
  for (
    let current = error as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    current && depth < 4;
    depth++
  ) {
    if (current.code === '23505') return true;
    current = current.cause as typeof current;
  }
  return false;
}

/** The organisation's field rules (spec 3 §5), then products of this organisation only. */
async function parseRequest(ctx: AccessContext, body: unknown) {
  const organisation = ctx.viewer.organisation;
  const parsed = accessRequestSchema(organisation.customisation.accessRequestFields).safeParse(body);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues)
      fields[issue.path.map(String).join('.') || 'request'] ??= issue.message;
    throw validationError(fields);
  }
  const productIds = await listProductIdsOfOrganisation(ctx.db, organisation.id);
  const data = parsed.data;
  if (!productIds.has(data.productId))
    throw validationError({ productId: 'Choose a product of this portal' });
  if (data.accountMemberRequestProducts?.some((id) => !productIds.has(id))) {
    throw validationError({ accountMemberRequestProducts: 'Choose products of this portal' });
  }
  return data;
}

type ParsedRequest = Awaited<ReturnType<typeof parseRequest>>;

/**
 * POST {base}/request (spec 3 §4 request outcomes). Domain rules and the access settings decide:
 * blocked domain, free mail, existing member or request, a colleague's invite, an approved account of
 * the domain (auto-approval), or a new request for staff review. One transaction; mails in the outbox.
 */
export async function requestAccess({
  ctx,
  input,
}: {
  ctx: AccessContext;
  input: RequestAccessInput;
}): Promise<RequestResult> {
  const organisation = ctx.viewer.organisation;
  const data = await parseRequest(ctx, input.body);
  const { email } = data;
  const answer = (outcome: RequestResult['outcome']): RequestResult => ({ outcome, email });
  const domain = emailDomain(email);
  const isFreeMail = isFreeMailDomain(domain);
  const [rule, settings] = await Promise.all([
    findDomainRule(ctx.db, organisation.id, domain),
    findOrCreateAccessSettings(ctx.db, organisation.id),
  ]);
  const now = new Date();
  const requestRow = (
    values: Partial<typeof accessRequests.$inferInsert>,
  ): typeof accessRequests.$inferInsert => ({
    organisationId: organisation.id,
    productId: data.productId,
    email,
    firstName: data.firstName,
    lastName: data.lastName,
    companyName: data.companyName,
    jobTitle: data.jobTitleTextField ?? null,
    pointOfContactEmail: data.pointOfContactField || null,
    relationship: data.relationshipDropdown ?? null,
    country: data.countriesDropdown ?? null,
    requestedProductIds: data.accountMemberRequestProducts ?? [],
    customCheckbox: data.customCheckbox ?? null,
    wantsUpdates: data.subscribe ?? false,
    itemUid: data.itemUid ?? null,
    itemKind: data.itemKind ?? null,
    // No source: the form was opened by a bare ?requestAccess=true link someone shared.
    source: data.source ?? 'direct_link',
    ipAddress: input.ipAddress,
    userAgent: input.userAgent?.slice(0, 500) ?? null,
    ...values,
  });

  if (rule === 'blocked') {
    await ctx.db.insert(accessRequests).values(
      requestRow({
        status: 'auto_declined',
        decisionReason: 'The e-mail domain is blocked.',
        decidedAt: now,
      }),
    );
    return answer('request_declined_blocked_domain');
  }
  if (settings.rejectFreeMailDomains && isFreeMail) return answer('not_work_email');
  const invite = data.invitedColleagueToken
    ? await verifyInviteToken(ctx.db, organisation.id, data.invitedColleagueToken)
    : null;

  // Two first requests from one new company (or one address) at once: the loser's insert meets the
  // winner's row. A fresh attempt reads that row and answers as if it came second.
  for (let attempt = 1; ; attempt++) {
    try {
      return await decideRequest();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (attempt === maxRequestAttempts) return answer('unique_violation');
    }
  }

  function decideRequest() {
    return ctx.db.transaction(async (tx) => {
      const txCtx = { ...ctx, db: tx };
      const existing = await findMemberByEmail(tx, organisation.id, email);
      if (existing) {
        const latest = await findLatestRequestByEmail(tx, organisation.id, email);
        const standing = memberStanding(existing.account, latest, now);
        if (standing !== 'authorised') return answer(standing);
        await mailSignInLink(txCtx, organisation, existing.member, 'already_member', now);
        return answer('account_already_exists');
      }
      const latest = await findLatestRequestByEmail(tx, organisation.id, email);
      // An address staff declined keeps that answer; an automatic decline is decided afresh below.
      if (latest?.status === 'pending' || latest?.status === 'declined') {
        const standing = requestStanding(latest);
        if (standing && standing !== 'authorised') return answer(standing);
      }

      const joinAutomatically = async (accountId: string, invitedBy: string | null) => {
        const [member] = await tx
          .insert(accountMembers)
          .values({
            organisationId: organisation.id,
            accountId,
            email,
            firstName: data.firstName,
            lastName: data.lastName,
            isAutoApproved: true,
          })
          .returning();
        await tx.insert(accessRequests).values(
          requestRow({
            status: 'auto_approved',
            accountId,
            accountMemberId: member!.id,
            invitedByAccountMemberId: invitedBy,
            decidedAt: now,
          }),
        );
        await mailSignInLink(txCtx, organisation, member!, 'auto_approved', now);
        return answer('auto_approved');
      };

      // An invite lets a colleague straight in; anyone else is reviewed, their request naming the inviter.
      let invitedBy: string | null = null;
      if (invite && invite.email === email) {
        const invitedInto = await claimInvite(tx, organisation.id, invite.inviteId, email, now);
        if (invitedInto?.isColleague) return joinAutomatically(invitedInto.accountId, invitedInto.invitedBy);
        invitedBy = invitedInto?.invitedBy ?? null;
      }

      // A free-mail domain names no company: such requesters never join or create a domain account.
      const accountDomain = isFreeMail ? null : domain;
      const account = accountDomain ? await findAccountByDomain(tx, organisation.id, accountDomain) : null;
      if (account && isAccountAuthorised(account, now)) {
        if (settings.autoApproveAccountMembers || rule === 'auto_approve')
          return joinAutomatically(account.id, null);
      }
      if (account?.reviewStatus === 'declined') {
        await tx.insert(accessRequests).values(
          requestRow({
            status: 'auto_declined',
            accountId: account.id,
            decisionReason: 'The company account was declined.',
            decidedAt: now,
          }),
        );
        return answer('request_access_auto_declined');
      }
      if (!account && rule === 'auto_approve') {
        const [created] = await tx
          .insert(accounts)
          .values({
            organisationId: organisation.id,
            name: data.companyName,
            domain: accountDomain,
            reviewStatus: 'approved',
            accessExpiresAt: new Date(now.getTime() + settings.defaultAccessDays * dayMs),
            reviewedAt: now,
          })
          .returning();
        return joinAutomatically(created!.id, null);
      }

      const requestId = await queueForReview(txCtx, data, requestRow, account, accountDomain, invitedBy);
      await mailPerson(txCtx, organisation, {
        to: email,
        ...requestReceivedMail(organisation, data.firstName),
      });
      await notifyStaffOfRequest(
        txCtx,
        organisation,
        requestId,
        staffReviewMail(ctx.config, organisation, { ...data, isExtension: false }, requestId),
      );
      return answer('pending');
    });
  }
}

/**
 * A request staff decide on. A pending (or new) account gets the requester as a member at once:
 * approving the account lets them in. An approved or expired account gets no member until staff
 * approve this request, since membership of an approved account would grant access by itself.
 */
async function queueForReview(
  ctx: AccessContext,
  data: ParsedRequest,
  requestRow: (values: Partial<typeof accessRequests.$inferInsert>) => typeof accessRequests.$inferInsert,
  existingAccount: typeof accounts.$inferSelect | null,
  accountDomain: string | null,
  invitedBy: string | null,
) {
  const organisationId = ctx.viewer.organisation.id;
  let account = existingAccount;
  if (!account) {
    account =
      (
        await ctx.db
          .insert(accounts)
          .values({ organisationId, name: data.companyName, domain: accountDomain, reviewStatus: 'pending' })
          .returning()
      )[0] ?? null;
  }
  let accountMemberId: string | null = null;
  if (account!.reviewStatus === 'pending' || account!.reviewStatus === 'other') {
    const [member] = await ctx.db
      .insert(accountMembers)
      .values({
        organisationId,
        accountId: account!.id,
        email: data.email,
        firstName: data.firstName,
        lastName: data.lastName,
      })
      .returning();
    accountMemberId = member!.id;
  }
  const [created] = await ctx.db
    .insert(accessRequests)
    .values(
      requestRow({
        status: 'pending',
        accountId: account!.id,
        accountMemberId,
        invitedByAccountMemberId: invitedBy,
      }),
    )
    .returning({ id: accessRequests.id });
  return created!.id;
}

/**
 * An unused, unexpired invite of this organisation and address whose account is still authorised:
 * used up when the invitee is a colleague (they join at once); otherwise only read, for the inviter's name.
 */
async function claimInvite(db: Database, organisationId: string, inviteId: string, email: string, now: Date) {
  const isOpen = and(
    eq(accountInvites.id, inviteId),
    eq(accountInvites.organisationId, organisationId),
    eq(accountInvites.email, email),
    isNull(accountInvites.usedAt),
    gt(accountInvites.expiresAt, now),
  );
  const [invite] = await db.select().from(accountInvites).where(isOpen).limit(1);
  if (!invite) return null;
  const account = await findAccountById(db, organisationId, invite.accountId);
  if (!account || !isAccountAuthorised(account, now)) return null;
  const invitedBy = invite.invitedByAccountMemberId;
  if (!(await isColleagueDomain(db, account.domain, invitedBy, email))) {
    return { accountId: account.id, invitedBy, isColleague: false };
  }
  const [claimed] = await db.update(accountInvites).set({ usedAt: now }).where(isOpen).returning();
  return claimed ? { accountId: account.id, invitedBy, isColleague: true } : null;
}

/**
 * An invite lets in only the account's own people (decision 173): the invitee's domain must be the
 * account's domain or the inviter's (not a free-mail one). Anyone else is reviewed by staff as usual.
 */
export async function isColleagueDomain(
  db: Database,
  accountDomain: string | null,
  inviterId: string | null,
  email: string,
): Promise<boolean> {
  const domain = emailDomain(email);
  if (accountDomain && domain === accountDomain.toLowerCase()) return true;
  if (!inviterId || isFreeMailDomain(domain)) return false;
  const [inviter] = await db
    .select({ email: accountMembers.email })
    .from(accountMembers)
    .where(eq(accountMembers.id, inviterId))
    .limit(1);
  return inviter !== undefined && emailDomain(inviter.email) === domain;
}
