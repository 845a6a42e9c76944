import Bowser from 'bowser';
import { and, desc, eq, gt, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import {
  type SignInPolicy,
  SignInPolicyInput,
  type StaffSessionList,
  staffSecurityMessages,
} from '../../../shared/staff-security';
import type { Context } from '../../context';
import {
  findOrganisationRowById,
  insertAuditEntry,
  requireConsole,
  requireRecentSecondFactor,
  updateOrganisationRow,
} from '../../core';
import { sessions, staffSecondFactors, staffUsers } from '../../db/schema';
import { hasStaffPermission } from '../../policy';
import { countConfirmedFactors } from './second-factors';
import type { SignInClient } from './sign-in-staff';

type SecurityContext = Pick<Context, 'db' | 'viewer'>;

/** "Chrome on macOS" from a user agent; what a person recognises in a list of their sessions. */
export function describeBrowser(userAgent: string | null): string {
  if (!userAgent) return 'Unknown browser';
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name;
  const system = parsed.os.name;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown browser';
}

/** The person's live sessions, newest activity first; the one asking is marked. */
export async function listOwnSessions({ ctx }: { ctx: SecurityContext }): Promise<StaffSessionList> {
  const staff = requireConsole(ctx.viewer);
  return listSessionsOfStaff(ctx, staff.id);
}

/** Live staff sessions of one person (oneself, or anyone's for an owner), newest activity first. */
export async function listSessionsOfStaff(
  ctx: SecurityContext,
  staffUserId: string,
): Promise<StaffSessionList> {
  const now = new Date();
  const rows = await ctx.db
    .select()
    .from(sessions)
    .where(
      and(eq(sessions.staffUserId, staffUserId), eq(sessions.kind, 'staff'), gt(sessions.expiresAt, now)),
    )
    .orderBy(desc(sessions.lastSeenAt));
  return {
    sessions: rows.map((row) => ({
      id: row.publicId,
      browser: describeBrowser(row.userAgent),
      ipAddress: row.ipAddress,
      signedInAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      withSecondFactor: row.secondFactorAt !== null,
      isCurrent: row.id === ctx.viewer.session?.id,
    })),
  };
}

/** Ends one of the person's own sessions (the current one too: that is signing out here). */
export async function endOwnSession({
  ctx,
  input,
  client,
}: {
  ctx: SecurityContext;
  input: { sessionId: string };
  client: SignInClient;
}): Promise<void> {
  const staff = requireConsole(ctx.viewer);
  await endSessionOfStaff(ctx, { staffUserId: staff.id, sessionId: input.sessionId }, client);
}

/** Ends one session of a person (one's own, or anyone's for an owner), on the record. */
export async function endSessionOfStaff(
  ctx: SecurityContext,
  input: { staffUserId: string; sessionId: string },
  client: SignInClient,
): Promise<void> {
  const actor = requireConsole(ctx.viewer);
  await ctx.db.transaction(async (tx) => {
    const [ended] = await tx
      .delete(sessions)
      .where(and(eq(sessions.publicId, input.sessionId), eq(sessions.staffUserId, input.staffUserId)))
      .returning({ userAgent: sessions.userAgent });
    if (!ended) throw new AppError('not_found', staffSecurityMessages.sessionNotFound);
    await insertAuditEntry(tx, {
      organisationId: ctx.viewer.organisation.id,
      actorStaffUserId: actor.id,
      action: 'staff.session_ended',
      target: `staff_user:${input.staffUserId}`,
      data: {
        browser: describeBrowser(ended.userAgent),
        ...(actor.id === input.staffUserId ? {} : { endedByOwner: true }),
        ipAddress: client.ipAddress,
        userAgent: client.userAgent,
      },
    });
  });
}

async function countStaffWithoutSecondFactor(db: Context['db'], organisationId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(staffUsers)
    .where(
      and(
        eq(staffUsers.organisationId, organisationId),
        eq(staffUsers.isDisabled, false),
        notInArray(
          staffUsers.id,
          db
            .select({ id: staffSecondFactors.staffUserId })
            .from(staffSecondFactors)
            .where(isNotNull(staffSecondFactors.confirmedAt)),
        ),
      ),
    );
  return row?.count ?? 0;
}

export async function getSignInPolicy({ ctx }: { ctx: SecurityContext }): Promise<SignInPolicy> {
  requireConsole(ctx.viewer);
  const organisationId = ctx.viewer.organisation.id;
  const [organisation, staffWithoutSecondFactor] = await Promise.all([
    findOrganisationRowById(ctx.db, organisationId),
    countStaffWithoutSecondFactor(ctx.db, organisationId),
  ]);
  return { requireMfa: organisation?.requireStaffMfa ?? false, staffWithoutSecondFactor };
}

/**
 * Requiring a second factor (owners, security:manage, with a fresh proof, and only once the person has one
 * themselves): sessions of staff without a second factor end at once, so they enrol at next sign-in.
 */
export async function updateSignInPolicy({
  ctx,
  input,
  client,
}: {
  ctx: SecurityContext;
  input: { requireMfa: boolean };
  client: SignInClient;
}): Promise<SignInPolicy> {
  const staff = requireConsole(ctx.viewer);
  if (!hasStaffPermission(ctx.viewer, 'security:manage')) throw new AppError('forbidden', messages.forbidden);
  const { requireMfa } = SignInPolicyInput.parse(input);
  await requireRecentSecondFactor(ctx);
  const organisationId = ctx.viewer.organisation.id;
  await ctx.db.transaction(async (tx) => {
    const organisation = await findOrganisationRowById(tx, organisationId, { forUpdate: true });
    if (!organisation || organisation.requireStaffMfa === requireMfa) return;
    if (requireMfa && (await countConfirmedFactors(tx, staff.id)) === 0) {
      throw new AppError('conflict', staffSecurityMessages.ownFactorFirst);
    }
    await updateOrganisationRow(tx, organisationId, { requireStaffMfa: requireMfa, updatedAt: new Date() });
    let endedSessions = 0;
    if (requireMfa) {
      const withFactor = tx
        .select({ id: staffSecondFactors.staffUserId })
        .from(staffSecondFactors)
        .where(isNotNull(staffSecondFactors.confirmedAt));
      const ended = await tx
        .delete(sessions)
        .where(
          and(
            eq(sessions.organisationId, organisationId),
            eq(sessions.kind, 'staff'),
            notInArray(sessions.staffUserId, withFactor),
            inArray(
              sessions.staffUserId,
              tx
                .select({ id: staffUsers.id })
                .from(staffUsers)
                .where(eq(staffUsers.organisationId, organisationId)),
            ),
          ),
        )
        .returning({ id: sessions.id });
      endedSessions = ended.length;
    }
    await insertAuditEntry(tx, {
      organisationId,
      actorStaffUserId: staff.id,
      action: 'organisation.sign_in_policy_changed',
      target: `organisation:${organisationId}`,
      data: { requireMfa, endedSessions, ipAddress: client.ipAddress, userAgent: client.userAgent },
    });
  });
  return getSignInPolicy({ ctx });
}
