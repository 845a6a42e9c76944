import { randomBytes } from 'node:crypto';
import type { Database } from '../db/client';
import { sessions } from '../db/schema';
import { hashSessionToken, newSessionToken, sessionCookieName } from '../plugins/sessions';
import { createAccountMember } from './factories';

/** A live session row for tests that need a signed-in staff member or account member. */
export async function createTestSession(
  db: Database,
  subject: { organisationId: string; staffUserId?: string; accountMemberId?: string },
) {
  const token = newSessionToken();
  const csrfToken = randomBytes(24).toString('base64url');
  await db.insert(sessions).values({
    id: hashSessionToken(token),
    kind: subject.staffUserId ? 'staff' : 'member',
    organisationId: subject.organisationId,
    staffUserId: subject.staffUserId ?? null,
    accountMemberId: subject.accountMemberId ?? null,
    csrfToken,
    expiresAt: new Date(Date.now() + 24 * 3600 * 1000),
  });
  return {
    token,
    csrfToken,
    cookies: { [sessionCookieName(subject.staffUserId ? 'staff' : 'member', false)]: token },
    headers: { 'x-csrf-token': csrfToken },
  };
}

/** An account member of a new account (see createAccountMember) with a live portal session. */
export async function createSignedInMember(
  db: Database,
  organisationId: string,
  account: Parameters<typeof createAccountMember>[2] = {},
) {
  const created = await createAccountMember(db, organisationId, account);
  const session = await createTestSession(db, { organisationId, accountMemberId: created.member.id });
  return { ...created, session };
}
