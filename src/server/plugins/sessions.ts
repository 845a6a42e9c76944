import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../shared/errors';
import { messages } from '../../shared/messages';
import type { SessionLimits } from '../config';
import type { Database } from '../db/client';
import { accountMembers, accounts, sessions, staffUsers } from '../db/schema';
import {
  type ViewerMember,
  type ViewerSession,
  type ViewerStaff,
  viewerMemberOf,
  viewerStaffOf,
} from '../policy/viewer';

export type SessionKind = 'staff' | 'member';

/** Staff and member sessions have their own cookies, so a member sign-in never ends a staff session. */
export function sessionCookieName(kind: SessionKind, isProduction: boolean): string {
  const name = kind === 'staff' ? 'attest_staff_session' : 'attest_session';
  // __Host- needs Secure and Path=/ and no Domain: the cookie cannot be set by a sibling sub-domain.
  return isProduction ? `__Host-${name}` : name;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route sets a session cookie: a browser may only post to it from this site (login CSRF). */
    startsSession?: boolean;
  }
}

/**
 * Refuses a browser's cross-site post to a route that starts a session, so another site cannot sign a
 * visitor in as someone else. Sec-Fetch-Site when the browser sends it, else Origin; clients that
 * send neither (scripts, old browsers) have no ambient cookies to abuse and pass.
 */
export function assertSameSite(request: FastifyRequest) {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') {
    if (site === 'same-origin' || site === 'none') return;
    throw new AppError('forbidden', messages.crossSiteSignIn);
  }
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return;
  // Host names only: a proxy may change the scheme and port, and a sibling port is not another site.
  const ownHost = request.host.replace(/:\d+$/, '').toLowerCase();
  if (URL.parse(origin)?.hostname !== ownHost) throw new AppError('forbidden', messages.crossSiteSignIn);
}

export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function setSessionCookie(
  reply: FastifyReply,
  kind: SessionKind,
  session: { token: string; expiresAt: Date },
  isProduction: boolean,
) {
  // Every route that starts a session must be checked by assertSameSite before its handler runs.
  if (!reply.request.routeOptions.config.startsSession) {
    throw new Error(`${reply.request.url} sets a session cookie without config.startsSession`);
  }
  reply.setCookie(sessionCookieName(kind, isProduction), session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isProduction,
    expires: session.expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, kind: SessionKind, isProduction: boolean) {
  reply.clearCookie(sessionCookieName(kind, isProduction), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isProduction,
  });
}

export function readSessionToken(
  request: FastifyRequest,
  kind: SessionKind,
  isProduction: boolean,
): string | null {
  const value = request.cookies[sessionCookieName(kind, isProduction)];
  return value && value.length <= 128 ? value : null;
}

const lastSeenResolutionMs = 60_000;

export type LoadedSession = {
  session: ViewerSession & { organisationId: string };
  /** When the session ends unless it is used again (idle) or at the latest (expiry), as read. */
  validUntil: Date;
  staff: ViewerStaff | null;
  member: ViewerMember | null;
};

/** Resolves a cookie value to its live session of that kind and the staff user or account member behind it. */
export async function loadSession(
  db: Database,
  kind: SessionKind,
  token: string,
  sessionLimits: SessionLimits,
  now = new Date(),
): Promise<LoadedSession | null> {
  const id = hashSessionToken(token);
  const idleMs = kind === 'staff' ? sessionLimits.staffIdleMs : sessionLimits.memberIdleMs;
  // One statement: the session with the staff user or the member and account behind it.
  const [found] = await db
    .select({ row: sessions, user: staffUsers, member: accountMembers, account: accounts })
    .from(sessions)
    .leftJoin(staffUsers, eq(staffUsers.id, sessions.staffUserId))
    .leftJoin(accountMembers, eq(accountMembers.id, sessions.accountMemberId))
    .leftJoin(accounts, eq(accounts.id, accountMembers.accountId))
    .where(
      and(
        eq(sessions.id, id),
        eq(sessions.kind, kind),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, new Date(now.getTime() - idleMs)),
      ),
    )
    .limit(1);
  if (!found) return null;
  const { row, user, member, account } = found;
  // Activity moves the idle deadline; written at most once a minute, not on every request.
  let lastSeenAt = row.lastSeenAt;
  if (now.getTime() - lastSeenAt.getTime() > lastSeenResolutionMs) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
    lastSeenAt = now;
  }
  const validUntil = new Date(Math.min(row.expiresAt.getTime(), lastSeenAt.getTime() + idleMs));
  const session = {
    id: row.id,
    kind: row.kind,
    csrfToken: row.csrfToken,
    organisationId: row.organisationId,
    publicId: row.publicId,
    secondFactorAt: row.secondFactorAt,
  };
  if (row.kind === 'staff' && row.staffUserId) {
    if (!user || user.isDisabled) return null;
    return {
      session,
      validUntil,
      staff: viewerStaffOf(user),
      member: null,
    };
  }
  if (row.kind === 'member' && row.accountMemberId) {
    if (!member || !account) return null;
    return {
      session,
      validUntil,
      staff: null,
      member: viewerMemberOf({ member, account }),
    };
  }
  return null;
}
