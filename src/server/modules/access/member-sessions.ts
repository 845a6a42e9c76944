import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { memberAccessLimits } from '../../../shared/access';
import type { Database } from '../../db/client';
import { accountMembers, sessions } from '../../db/schema';
import { hashSessionToken, newSessionToken } from '../../plugins/sessions';

export type NewMemberSession = { token: string; expiresAt: Date };

/**
 * A member session (server-side row, the cookie holds only the token). A session cookie sent along is
 * replaced, so a planted id never survives a sign-in. Records the member's last sign-in.
 */
export async function startMemberSession(
  db: Database,
  input: { organisationId: string; accountMemberId: string; replacedToken: string | null; now: Date },
): Promise<NewMemberSession> {
  const token = newSessionToken();
  const expiresAt = new Date(input.now.getTime() + memberAccessLimits.memberSessionDays * 24 * 3600 * 1000);
  if (input.replacedToken)
    await db.delete(sessions).where(eq(sessions.id, hashSessionToken(input.replacedToken)));
  await db.insert(sessions).values({
    id: hashSessionToken(token),
    kind: 'member',
    organisationId: input.organisationId,
    accountMemberId: input.accountMemberId,
    csrfToken: randomBytes(24).toString('base64url'),
    createdAt: input.now,
    lastSeenAt: input.now,
    expiresAt,
  });
  await db
    .update(accountMembers)
    .set({ lastSignInAt: input.now })
    .where(eq(accountMembers.id, input.accountMemberId));
  return { token, expiresAt };
}
