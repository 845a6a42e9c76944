import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import { SignInInput, type StaffSession } from '../../../shared/staff';
import {
  type SecondFactorMethod,
  type SecondFactorRequired,
  SecondFactorSignInInput,
  SignInChallengeInput,
  signInChallengeMaxFailures,
  signInChallengeMinutes,
  staffSecurityMessages,
} from '../../../shared/staff-security';
import type { Context } from '../../context';
import { findOrganisationRowById, insertAuditEntry } from '../../core';
import type { Database } from '../../db/client';
import { auditLog, staffSecondFactors, staffSignInChallenges, type staffUsers } from '../../db/schema';
import { hashSessionToken, newSessionToken } from '../../plugins/sessions';
import { toStaffSession } from './get-staff-session';
import { authenticationOptions, passkeysOf, relyingPartyOf } from './passkeys';
import { hashPassword, verifyPassword } from './passwords';
import {
  deleteExpiredSessionsOfStaffUser,
  deleteSession,
  findStaffUserByEmail,
  findStaffUserById,
  insertStaffSession,
  recordSignIn,
} from './queries';
import { confirmedFactorsOf, proveSecondFactor, replaceRecoveryCodes } from './second-factors';
import { checkPasswordAllowed } from './sso-password-rule';

// An unknown e-mail is checked against this hash, so the answer takes as long as for a known one.
const dummyPasswordHash = hashPassword(randomBytes(18).toString('base64url'));

type StaffUserRow = typeof staffUsers.$inferSelect;

/** Where a sign-in came from, for the session list and the audit log. */
export type SignInClient = { ipAddress: string | null; userAgent: string | null };

export type SessionStarted = {
  kind: 'session';
  session: StaffSession;
  token: string;
  expiresAt: Date;
  recoveryCodes?: string[];
};
export type SignInResult = SessionStarted | { kind: 'second_factor'; answer: SecondFactorRequired };

type SessionOptions = {
  replacedToken?: string | null;
  now?: Date;
  maxLifetimeMs: number;
  client: SignInClient;
};

async function auditSignIn(
  db: Database,
  user: StaffUserRow,
  action: string,
  data: Record<string, unknown>,
  client: SignInClient,
) {
  await insertAuditEntry(db, {
    organisationId: user.organisationId,
    actorStaffUserId: user.id,
    action,
    target: `staff_user:${user.id}`,
    data: { ...data, ipAddress: client.ipAddress, userAgent: client.userAgent },
  });
}

const lockAuditWindowMs = 60_000;

/**
 * Sign-ins refused for too many attempts (issue 33 §5): on the record of the staff member the e-mail
 * names, once a minute per member and address, so a guesser cannot flood the log. An unknown e-mail
 * leaves nothing (there is no organisation to tell).
 */
export async function recordSignInLock(
  ctx: Pick<Context, 'db'>,
  input: { email: string; scope: 'address_and_email' | 'address'; client: SignInClient },
  now = new Date(),
): Promise<void> {
  if (!input.email) return;
  const user = await findStaffUserByEmail(ctx.db, input.email);
  if (!user) return;
  const [recent] = await ctx.db
    .select({ data: auditLog.data })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.organisationId, user.organisationId),
        eq(auditLog.target, `staff_user:${user.id}`),
        eq(auditLog.action, 'staff.sign_in_locked'),
        gt(auditLog.createdAt, new Date(now.getTime() - lockAuditWindowMs)),
        sql`${auditLog.data}->>'ipAddress' is not distinct from ${input.client.ipAddress}`,
      ),
    )
    .limit(1);
  if (recent) return;
  await auditSignIn(
    ctx.db,
    user,
    'staff.sign_in_locked',
    { scope: input.scope, method: 'password' },
    input.client,
  );
}

/** A new server-side session; a session cookie sent along is replaced, so a planted id never survives. */
export async function startSession(
  db: Database,
  user: StaffUserRow,
  options: SessionOptions & {
    now: Date;
    secondFactor: SecondFactorMethod | null;
    /** How the person proved who they are: their password (the default) or single sign-on. */
    method?: 'password' | 'sso';
  },
): Promise<Omit<SessionStarted, 'session'> & { session: StaffSession }> {
  const token = newSessionToken();
  const csrfToken = randomBytes(24).toString('base64url');
  // The absolute lifetime: activity never extends it (the idle timeout is checked on each request).
  const expiresAt = new Date(options.now.getTime() + options.maxLifetimeMs);
  if (options.replacedToken) await deleteSession(db, hashSessionToken(options.replacedToken));
  await deleteExpiredSessionsOfStaffUser(db, user.id, options.now);
  await insertStaffSession(db, {
    id: hashSessionToken(token),
    kind: 'staff',
    organisationId: user.organisationId,
    staffUserId: user.id,
    csrfToken,
    createdAt: options.now,
    lastSeenAt: options.now,
    expiresAt,
    secondFactorAt: options.secondFactor ? options.now : null,
    userAgent: options.client.userAgent?.slice(0, 500) ?? null,
    ipAddress: options.client.ipAddress,
  });
  await recordSignIn(db, user.id, options.now);
  await auditSignIn(
    db,
    user,
    'staff.signed_in',
    { method: options.method ?? 'password', secondFactor: options.secondFactor },
    options.client,
  );
  const organisation = await findOrganisationRowById(db, user.organisationId);
  if (!organisation) throw new AppError('invalid_credentials', messages.invalidCredentials);
  return { kind: 'session', session: toStaffSession(user, organisation, csrfToken), token, expiresAt };
}

/**
 * E-mail and password. Unknown e-mail, wrong password and disabled user give the same error. With a
 * second factor (or an organisation that requires one) no session starts yet: the answer is a
 * challenge for the code, or for enrolling an authenticator first.
 */
export async function signInStaff({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db' | 'config' | 'providers'>;
  input: SignInInput & SessionOptions;
}): Promise<SignInResult> {
  const { email, password } = SignInInput.parse(input);
  const now = input.now ?? new Date();
  const user = await findStaffUserByEmail(ctx.db, email);
  const isPasswordCorrect = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash), password);
  if (!user || !isPasswordCorrect || user.isDisabled) {
    if (user) {
      const reason = user.isDisabled ? 'disabled' : 'wrong_password';
      await auditSignIn(ctx.db, user, 'staff.sign_in_failed', { reason }, input.client);
    }
    throw new AppError('invalid_credentials', messages.invalidCredentials);
  }
  await checkPasswordAllowed(ctx, user, input.client);

  return ctx.db.transaction(async (tx) => {
    const factors = await confirmedFactorsOf(tx, user.id);
    const organisation = await findOrganisationRowById(tx, user.organisationId);
    if (factors.length === 0 && !organisation?.requireStaffMfa) {
      return startSession(tx, user, { ...input, now, secondFactor: null });
    }
    const challenge = newSessionToken();
    const expiresAt = new Date(now.getTime() + signInChallengeMinutes * 60_000);
    await tx
      .delete(staffSignInChallenges)
      .where(and(eq(staffSignInChallenges.staffUserId, user.id), lt(staffSignInChallenges.expiresAt, now)));
    await tx.insert(staffSignInChallenges).values({
      id: hashSessionToken(challenge),
      organisationId: user.organisationId,
      staffUserId: user.id,
      expiresAt,
      createdAt: now,
    });
    const isEnrolling = factors.length === 0;
    const kinds = new Set(factors.map((factor) => factor.kind));
    const methods: SecondFactorMethod[] = isEnrolling
      ? ['totp']
      : [
          ...(kinds.has('passkey') ? ['passkey' as const] : []),
          ...(kinds.has('totp') ? ['totp' as const] : []),
          'recovery_code',
        ];
    return {
      kind: 'second_factor',
      answer: {
        secondFactor: {
          challenge,
          step: isEnrolling ? 'enrol' : 'verify',
          methods,
          expiresAt: expiresAt.toISOString(),
        },
      },
    } satisfies SignInResult;
  });
}

/** The live challenge behind a token, locked; null when it expired, was used or failed too often. */
export async function findLiveChallenge(db: Database, challenge: string, now: Date) {
  const [row] = await db
    .select()
    .from(staffSignInChallenges)
    .where(
      and(
        eq(staffSignInChallenges.id, hashSessionToken(challenge)),
        gt(staffSignInChallenges.expiresAt, now),
      ),
    )
    .for('update');
  if (!row) return null;
  const user = await findStaffUserById(db, row.staffUserId);
  if (!user || user.isDisabled) return null;
  return { challenge: row, user };
}

/** The authenticator being set up during this sign-in: the newest unconfirmed one since it began. */
export async function findEnrollingFactor(db: Database, staffUserId: string, since: Date) {
  const [factor] = await db
    .select()
    .from(staffSecondFactors)
    .where(
      and(
        eq(staffSecondFactors.staffUserId, staffUserId),
        isNull(staffSecondFactors.confirmedAt),
        gt(staffSecondFactors.createdAt, new Date(since.getTime() - 1)),
      ),
    )
    .orderBy(desc(staffSecondFactors.createdAt))
    .limit(1);
  return factor ?? null;
}

type SecondStepOutcome = { ok: true; started: SessionStarted } | { ok: false; isChallengeOver: boolean };

/**
 * The second step: a code from the authenticator (or a recovery code) for a live challenge. While
 * enrolling, the code confirms the new authenticator and the answer carries the recovery codes, once.
 * Wrong codes count against the challenge; the fifth ends it and the password must be given again.
 */
export async function completeSecondFactorSignIn({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db' | 'config'>;
  input: SecondFactorSignInInput & SessionOptions;
}): Promise<SessionStarted> {
  const { challenge, proof } = SecondFactorSignInInput.parse(input);
  const now = input.now ?? new Date();
  const outcome = await ctx.db.transaction(async (tx): Promise<SecondStepOutcome> => {
    const live = await findLiveChallenge(tx, challenge, now);
    if (!live) return { ok: false, isChallengeOver: true };
    const { user } = live;
    const hasFactors = (await confirmedFactorsOf(tx, user.id)).length > 0;
    const enrollingFactor = hasFactors
      ? undefined
      : ((await findEnrollingFactor(tx, user.id, live.challenge.createdAt)) ?? undefined);
    if (!hasFactors && !enrollingFactor) {
      throw new AppError('not_found', staffSecurityMessages.enrolmentNotFound);
    }
    const proven = await proveSecondFactor(tx, {
      staffUserId: user.id,
      proof,
      now,
      enrollingFactor,
      passkey: { rp: relyingPartyOf(ctx.config), expectedChallenge: live.challenge.webauthnChallenge },
    });
    if (!proven) {
      const failedAttempts = live.challenge.failedAttempts + 1;
      const isChallengeOver = failedAttempts >= signInChallengeMaxFailures;
      if (isChallengeOver) {
        await tx.delete(staffSignInChallenges).where(eq(staffSignInChallenges.id, live.challenge.id));
      } else {
        await tx
          .update(staffSignInChallenges)
          .set({ failedAttempts, webauthnChallenge: null })
          .where(eq(staffSignInChallenges.id, live.challenge.id));
      }
      await auditSignIn(
        tx,
        user,
        'staff.sign_in_failed',
        { reason: 'wrong_second_factor', method: proof.method, challengeEnded: isChallengeOver },
        input.client,
      );
      return { ok: false, isChallengeOver };
    }
    await tx.delete(staffSignInChallenges).where(eq(staffSignInChallenges.id, live.challenge.id));
    let recoveryCodes: string[] | undefined;
    if (enrollingFactor) {
      await tx
        .update(staffSecondFactors)
        .set({ confirmedAt: now })
        .where(eq(staffSecondFactors.id, enrollingFactor.id));
      recoveryCodes = await replaceRecoveryCodes(tx, user.id);
      await auditSignIn(
        tx,
        user,
        'staff.second_factor_added',
        { kind: 'totp', name: enrollingFactor.name, atSignIn: true },
        input.client,
      );
    }
    if (proven.method === 'recovery_code') {
      await auditSignIn(tx, user, 'staff.recovery_code_used', {}, input.client);
    }
    const started = await startSession(tx, user, { ...input, now, secondFactor: proven.method });
    return { ok: true, started: { ...started, recoveryCodes } };
  });
  if (outcome.ok) return outcome.started;
  if (outcome.isChallengeOver) throw new AppError('unauthenticated', staffSecurityMessages.challengeOver);
  throw wrongProof(proof.method);
}

/** A wrong code, recovery code or passkey: 400 with the message under the field the person used. */
export function wrongProof(method: SecondFactorMethod): AppError {
  const message =
    method === 'passkey'
      ? staffSecurityMessages.passkeyFailed
      : method === 'recovery_code'
        ? staffSecurityMessages.wrongRecoveryCode
        : staffSecurityMessages.wrongCode;
  return new AppError('validation_failed', message, {
    [method === 'passkey' ? 'proof' : 'proof.code']: message,
  });
}

/** Signing in with a passkey: the options the browser asks the authenticator with, for this challenge. */
export async function passkeyOptionsAtSignIn({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db' | 'config'>;
  input: { challenge: string };
}): Promise<Record<string, unknown>> {
  const { challenge } = SignInChallengeInput.parse(input);
  return ctx.db.transaction(async (tx) => {
    const live = await findLiveChallenge(tx, challenge, new Date());
    if (!live) throw new AppError('unauthenticated', staffSecurityMessages.challengeOver);
    const passkeys = await passkeysOf(tx, live.user.id);
    if (passkeys.length === 0) throw new AppError('not_found', staffSecurityMessages.factorNotFound);
    const options = await authenticationOptions(relyingPartyOf(ctx.config), passkeys);
    await tx
      .update(staffSignInChallenges)
      .set({ webauthnChallenge: options.challenge })
      .where(eq(staffSignInChallenges.id, live.challenge.id));
    return options as unknown as Record<string, unknown>;
  });
}
