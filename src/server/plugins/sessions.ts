import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { StaffPermission } from '../../shared/permissions';
import { ReviewStatus } from '../../shared/portal';
import type { Database } from '../db/client';
import { accountMembers, accounts, sessions, staffUsers } from '../db/schema';
import type { ViewerMember, ViewerSession, ViewerStaff } from '../policy/viewer';

export function sessionCookieName(isProduction: boolean): string {
  // __Host- needs Secure and Path=/ and no Domain: the cookie cannot be set by a sibling sub-domain.
  return isProduction ? '__Host-attest_session' : 'attest_session';
}

export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date, isProduction: boolean) {
  reply.setCookie(sessionCookieName(isProduction), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isProduction,
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, isProduction: boolean) {
  reply.clearCookie(sessionCookieName(isProduction), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isProduction,
  });
}

export function readSessionToken(request: FastifyRequest, isProduction: boolean): string | null {
  const value = request.cookies[sessionCookieName(isProduction)];
  return value && value.length <= 128 ? value : null;
}

export type LoadedSession = {
  session: ViewerSession & { organisationId: string };
  staff: ViewerStaff | null;
  member: ViewerMember | null;
};

/** Resolves a cookie value to its live session and the staff user or account member behind it. */
export async function loadSession(
  db: Database,
  token: string,
  now = new Date(),
): Promise<LoadedSession | null> {
  const id = hashSessionToken(token);
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!row) return null;
  const session = {
    id: row.id,
    kind: row.kind,
    csrfToken: row.csrfToken,
    organisationId: row.organisationId,
  };
  if (row.kind === 'staff' && row.staffUserId) {
    const [user] = await db.select().from(staffUsers).where(eq(staffUsers.id, row.staffUserId)).limit(1);
    if (!user || user.isDisabled) return null;
    const permissions = new Set(user.permissions.filter((value) => StaffPermission.safeParse(value).success));
    return { session, staff: { id: user.id, name: user.name, email: user.email, permissions }, member: null };
  }
  if (row.kind === 'member' && row.accountMemberId) {
    const [found] = await db
      .select({ member: accountMembers, account: accounts })
      .from(accountMembers)
      .innerJoin(accounts, eq(accounts.id, accountMembers.accountId))
      .where(eq(accountMembers.id, row.accountMemberId))
      .limit(1);
    if (!found) return null;
    const { member, account } = found;
    return {
      session,
      staff: null,
      member: {
        id: member.id,
        email: member.email,
        firstName: member.firstName,
        lastName: member.lastName,
        account: {
          id: account.id,
          name: account.name,
          reviewStatus: ReviewStatus.parse(account.reviewStatus),
          accessExpiresAt: account.accessExpiresAt,
          permissionProfileId: account.permissionProfileId,
        },
      },
    };
  }
  return null;
}
