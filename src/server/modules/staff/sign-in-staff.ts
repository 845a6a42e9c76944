import { randomBytes } from 'node:crypto';
import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import { SignInInput, type StaffSession } from '../../../shared/staff';
import type { Context } from '../../context';
import { findOrganisationRowById } from '../../core';
import { hashSessionToken, newSessionToken } from '../../plugins/sessions';
import { toStaffSession } from './get-staff-session';
import { hashPassword, verifyPassword } from './passwords';
import {
  deleteExpiredSessionsOfStaffUser,
  deleteSession,
  findStaffUserByEmail,
  insertStaffSession,
  recordSignIn,
} from './queries';

// An unknown e-mail is checked against this hash, so the answer takes as long as for a known one.
const dummyPasswordHash = hashPassword(randomBytes(18).toString('base64url'));

export type SignInResult = { session: StaffSession; token: string; expiresAt: Date };

/**
 * E-mail and password to a new server-side session. Unknown e-mail, wrong password and disabled
 * user give the same error. A session cookie sent along is replaced, so a planted id never survives.
 */
export async function signInStaff({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db'>;
  input: SignInInput & { replacedToken?: string | null; now?: Date; maxLifetimeMs: number };
}): Promise<SignInResult> {
  const { email, password } = SignInInput.parse(input);
  const now = input.now ?? new Date();
  const user = await findStaffUserByEmail(ctx.db, email);
  const isPasswordCorrect = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash), password);
  if (!user || !isPasswordCorrect || user.isDisabled) {
    throw new AppError('invalid_credentials', messages.invalidCredentials);
  }

  const token = newSessionToken();
  const csrfToken = randomBytes(24).toString('base64url');
  // The absolute lifetime: activity never extends it (the idle timeout is checked on each request).
  const expiresAt = new Date(now.getTime() + input.maxLifetimeMs);
  const organisation = await ctx.db.transaction(async (tx) => {
    if (input.replacedToken) await deleteSession(tx, hashSessionToken(input.replacedToken));
    await deleteExpiredSessionsOfStaffUser(tx, user.id, now);
    await insertStaffSession(tx, {
      id: hashSessionToken(token),
      kind: 'staff',
      organisationId: user.organisationId,
      staffUserId: user.id,
      csrfToken,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
    });
    await recordSignIn(tx, user.id, now);
    return findOrganisationRowById(tx, user.organisationId);
  });
  if (!organisation) throw new AppError('invalid_credentials', messages.invalidCredentials);
  return { session: toStaffSession(user, organisation, csrfToken), token, expiresAt };
}
