import { randomBytes } from 'node:crypto';
import type { Database } from '../db/client';
import { sessions } from '../db/schema';
import { hashSessionToken, newSessionToken, sessionCookieName } from '../plugins/sessions';

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
