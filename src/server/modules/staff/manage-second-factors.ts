import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import {
  AddPasskeyInput,
  ConfirmTotpInput,
  EnrolAtSignInInput,
  type SecondFactorOverview,
  type SecondFactorProof,
  type SecondFactorView,
  StartTotpInput,
  StepUpInput,
  staffSecurityMessages,
  type TotpEnrolment,
} from '../../../shared/staff-security';
import type { Context } from '../../context';
import { findOrganisationRowById, insertAuditEntry, requireRecentSecondFactor } from '../../core';
import type { Database } from '../../db/client';
import { sessions, staffRecoveryCodes, staffSecondFactors } from '../../db/schema';
import type { ViewerStaff } from '../../policy/viewer';
import {
  authenticationOptions,
  passkeysOf,
  registrationOptions,
  relyingPartyOf,
  verifyRegistration,
} from './passkeys';
import {
  confirmedFactorsOf,
  countConfirmedFactors,
  countRecoveryCodesLeft,
  type FactorRow,
  newTotpSecret,
  proveSecondFactor,
  replaceRecoveryCodes,
} from './second-factors';
import { findLiveChallenge, type SignInClient, wrongProof } from './sign-in-staff';

type SecurityContext = Pick<Context, 'db' | 'viewer' | 'config'>;

function signedInStaff(ctx: SecurityContext): ViewerStaff {
  const { staff, session } = ctx.viewer;
  if (!staff || !session) throw new AppError('unauthenticated', messages.signInRequired);
  return staff;
}

async function audit(
  db: Database,
  ctx: SecurityContext,
  action: string,
  data: Record<string, unknown>,
  client?: SignInClient,
) {
  const staff = signedInStaff(ctx);
  await insertAuditEntry(db, {
    organisationId: ctx.viewer.organisation.id,
    actorStaffUserId: staff.id,
    action,
    target: `staff_user:${staff.id}`,
    data: client ? { ...data, ipAddress: client.ipAddress, userAgent: client.userAgent } : data,
  });
}

function factorView(row: FactorRow): SecondFactorView {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

export async function getSecondFactorOverview({
  ctx,
}: {
  ctx: SecurityContext;
}): Promise<SecondFactorOverview> {
  const staff = signedInStaff(ctx);
  const [factors, recoveryCodesLeft, organisation] = await Promise.all([
    confirmedFactorsOf(ctx.db, staff.id),
    countRecoveryCodesLeft(ctx.db, staff.id),
    findOrganisationRowById(ctx.db, ctx.viewer.organisation.id),
  ]);
  return {
    factors: factors.map(factorView),
    recoveryCodesLeft,
    isRequired: organisation?.requireStaffMfa ?? false,
    passkeysAvailable: relyingPartyOf(ctx.config).isAvailable,
  };
}

/** A new, unconfirmed authenticator (any earlier unconfirmed one of the person is dropped). */
async function insertEnrollingFactor(
  db: Database,
  {
    staffUserId,
    organisationId,
    name,
    email,
    issuer,
  }: Record<'staffUserId' | 'organisationId' | 'name' | 'email' | 'issuer', string>,
): Promise<TotpEnrolment> {
  await assertNameFree(db, staffUserId, name);
  await db
    .delete(staffSecondFactors)
    .where(and(eq(staffSecondFactors.staffUserId, staffUserId), isNull(staffSecondFactors.confirmedAt)));
  const secret = await newTotpSecret(db, { label: email, issuer });
  const [factor] = await db
    .insert(staffSecondFactors)
    .values({ organisationId, staffUserId, kind: 'totp', name, secretCiphertext: secret.secretCiphertext })
    .returning({ id: staffSecondFactors.id });
  return {
    factorId: factor!.id,
    secret: secret.secret,
    otpauthUri: secret.otpauthUri,
    qrCodeSvg: secret.qrCodeSvg,
  };
}

async function assertNameFree(db: Database, staffUserId: string, name: string) {
  const [taken] = await db
    .select({ id: staffSecondFactors.id })
    .from(staffSecondFactors)
    .where(
      and(
        eq(staffSecondFactors.staffUserId, staffUserId),
        isNotNull(staffSecondFactors.confirmedAt),
        eq(sql`lower(${staffSecondFactors.name})`, name.toLowerCase()),
      ),
    )
    .limit(1);
  if (taken) {
    throw new AppError('conflict', staffSecurityMessages.factorNameTaken, {
      name: staffSecurityMessages.factorNameTaken,
    });
  }
}

/** Adding an authenticator: with one already, the person proves it first (step-up). */
export async function startTotpEnrolment({
  ctx,
  input,
}: {
  ctx: SecurityContext;
  input: StartTotpInput;
}): Promise<TotpEnrolment> {
  const staff = signedInStaff(ctx);
  const { name } = StartTotpInput.parse(input);
  await requireRecentSecondFactor(ctx);
  return ctx.db.transaction((tx) =>
    insertEnrollingFactor(tx, {
      staffUserId: staff.id,
      organisationId: ctx.viewer.organisation.id,
      name,
      email: staff.email,
      issuer: ctx.viewer.organisation.name,
    }),
  );
}

/** During a sign-in the organisation requires a second factor for: the authenticator to set up. */
export async function startEnrolmentAtSignIn({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db'>;
  input: { challenge: string; name: string };
}): Promise<TotpEnrolment> {
  const { challenge, name } = EnrolAtSignInInput.parse(input);
  return ctx.db.transaction(async (tx) => {
    const live = await findLiveChallenge(tx, challenge, new Date());
    if (!live) throw new AppError('unauthenticated', staffSecurityMessages.challengeOver);
    if ((await countConfirmedFactors(tx, live.user.id)) > 0) {
      throw new AppError('conflict', staffSecurityMessages.challengeOver);
    }
    const organisation = await findOrganisationRowById(tx, live.user.organisationId);
    return insertEnrollingFactor(tx, {
      staffUserId: live.user.id,
      organisationId: live.user.organisationId,
      name,
      email: live.user.email,
      issuer: organisation?.name ?? 'Attest',
    });
  });
}

/**
 * The first code from the new app confirms it. The first factor a person confirms comes with ten
 * recovery codes, shown once; the session counts as having just proved a second factor.
 */
export async function confirmTotpEnrolment({
  ctx,
  input,
  client,
}: {
  ctx: SecurityContext;
  input: { factorId: string; code: string };
  client: SignInClient;
}): Promise<{ factor: SecondFactorView; recoveryCodes?: string[] }> {
  const staff = signedInStaff(ctx);
  const { code } = ConfirmTotpInput.parse(input);
  const now = new Date();
  const outcome = await ctx.db.transaction(async (tx) => {
    const [factor] = await tx
      .select()
      .from(staffSecondFactors)
      .where(
        and(
          eq(staffSecondFactors.id, input.factorId),
          eq(staffSecondFactors.staffUserId, staff.id),
          isNull(staffSecondFactors.confirmedAt),
        ),
      )
      .for('update');
    if (!factor) throw new AppError('not_found', staffSecurityMessages.enrolmentNotFound);
    const proven = await proveSecondFactor(tx, {
      staffUserId: staff.id,
      proof: { method: 'totp', code },
      now,
      enrollingFactor: factor,
    });
    if (!proven) return null;
    const isFirst = (await countConfirmedFactors(tx, staff.id)) === 0;
    const [confirmed] = await tx
      .update(staffSecondFactors)
      .set({ confirmedAt: now })
      .where(eq(staffSecondFactors.id, factor.id))
      .returning();
    const recoveryCodes = isFirst ? await replaceRecoveryCodes(tx, staff.id) : undefined;
    await markSecondFactorProven(tx, ctx, now);
    await audit(tx, ctx, 'staff.second_factor_added', { kind: 'totp', name: factor.name }, client);
    return { factor: factorView(confirmed!), recoveryCodes };
  });
  if (!outcome) {
    throw new AppError('validation_failed', staffSecurityMessages.wrongCode, {
      code: staffSecurityMessages.wrongCode,
    });
  }
  return outcome;
}

async function markSecondFactorProven(db: Database, ctx: SecurityContext, now: Date) {
  const session = ctx.viewer.session;
  if (session) await db.update(sessions).set({ secondFactorAt: now }).where(eq(sessions.id, session.id));
}

/** Removing a factor needs a fresh proof; the last one stays while the organisation requires one. */
export async function removeSecondFactor({
  ctx,
  input,
  client,
}: {
  ctx: SecurityContext;
  input: { factorId: string };
  client: SignInClient;
}): Promise<void> {
  const staff = signedInStaff(ctx);
  await requireRecentSecondFactor(ctx);
  await ctx.db.transaction(async (tx) => {
    const organisation = await findOrganisationRowById(tx, ctx.viewer.organisation.id, { forUpdate: true });
    const factors = await confirmedFactorsOf(tx, staff.id);
    const factor = factors.find((row) => row.id === input.factorId);
    if (!factor) throw new AppError('not_found', staffSecurityMessages.factorNotFound);
    if (organisation?.requireStaffMfa && factors.length === 1) {
      throw new AppError('conflict', staffSecurityMessages.lastFactorRequired);
    }
    await tx.delete(staffSecondFactors).where(eq(staffSecondFactors.id, factor.id));
    if (factors.length === 1) {
      await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffUserId, staff.id));
    }
    await audit(tx, ctx, 'staff.second_factor_removed', { kind: factor.kind, name: factor.name }, client);
  });
}

export async function regenerateRecoveryCodes({
  ctx,
  client,
}: {
  ctx: SecurityContext;
  client: SignInClient;
}): Promise<{ recoveryCodes: string[] }> {
  const staff = signedInStaff(ctx);
  await requireRecentSecondFactor(ctx);
  return ctx.db.transaction(async (tx) => {
    if ((await countConfirmedFactors(tx, staff.id)) === 0) {
      throw new AppError('conflict', 'Set up an authenticator app before you make recovery codes.');
    }
    const recoveryCodes = await replaceRecoveryCodes(tx, staff.id);
    await audit(tx, ctx, 'staff.recovery_codes_generated', {}, client);
    return { recoveryCodes };
  });
}

/** Proves the second factor again for this session, so the sensitive change that asked can be retried. */
export async function stepUp({
  ctx,
  input,
  client,
}: {
  ctx: SecurityContext;
  input: { proof: SecondFactorProof };
  client: SignInClient;
}): Promise<void> {
  const staffUserId = signedInStaff(ctx).id;
  const { proof } = StepUpInput.parse(input);
  const now = new Date();
  const isProven = await ctx.db.transaction(async (tx) => {
    const expectedChallenge = proof.method === 'passkey' ? await takeWebauthnChallenge(tx, ctx) : null;
    const passkey = { rp: relyingPartyOf(ctx.config), expectedChallenge };
    const proven = await proveSecondFactor(tx, { staffUserId, proof, now, passkey });
    if (!proven) return false;
    await markSecondFactorProven(tx, ctx, now);
    await audit(tx, ctx, 'staff.step_up', { method: proven.method }, client);
    if (proven.method === 'recovery_code') await audit(tx, ctx, 'staff.recovery_code_used', {}, client);
    return true;
  });
  if (!isProven) {
    await audit(ctx.db, ctx, 'staff.step_up_failed', { method: proof.method }, client);
    throw wrongProof(proof.method);
  }
}

/** The WebAuthn challenge this session was given, cleared as it is read: each is answered once. */
async function takeWebauthnChallenge(db: Database, ctx: SecurityContext): Promise<string | null> {
  const sessionId = ctx.viewer.session?.id;
  if (!sessionId) return null;
  const [row] = await db
    .select({ challenge: sessions.webauthnChallenge })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .for('update');
  await db.update(sessions).set({ webauthnChallenge: null }).where(eq(sessions.id, sessionId));
  return row?.challenge ?? null;
}

async function giveWebauthnChallenge(db: Database, ctx: SecurityContext, challenge: string) {
  const sessionId = ctx.viewer.session?.id;
  if (sessionId)
    await db.update(sessions).set({ webauthnChallenge: challenge }).where(eq(sessions.id, sessionId));
}

function usableRelyingParty(ctx: SecurityContext) {
  const rp = relyingPartyOf(ctx.config);
  if (!rp.isAvailable) throw new AppError('conflict', staffSecurityMessages.passkeysUnavailable);
  return rp;
}

/** Step-up with a passkey: options for the person's own passkeys, the challenge kept on the session. */
export async function passkeyOptionsForStepUp({ ctx }: { ctx: SecurityContext }) {
  const staff = signedInStaff(ctx);
  const rp = usableRelyingParty(ctx);
  const passkeys = await passkeysOf(ctx.db, staff.id);
  if (passkeys.length === 0) throw new AppError('not_found', staffSecurityMessages.factorNotFound);
  const options = await authenticationOptions(rp, passkeys);
  await giveWebauthnChallenge(ctx.db, ctx, options.challenge);
  return options as unknown as Record<string, unknown>;
}

/** Adding a passkey, first half: the options for navigator.credentials.create (step-up with a factor). */
export async function startPasskeyRegistration({ ctx }: { ctx: SecurityContext }) {
  const staff = signedInStaff(ctx);
  const rp = usableRelyingParty(ctx);
  await requireRecentSecondFactor(ctx);
  const options = await registrationOptions(rp, {
    staffUserId: staff.id,
    email: staff.email,
    name: staff.name,
    organisationName: ctx.viewer.organisation.name,
    existing: await passkeysOf(ctx.db, staff.id),
  });
  await giveWebauthnChallenge(ctx.db, ctx, options.challenge);
  return options as unknown as Record<string, unknown>;
}

/** Adding a passkey, second half: the browser's answer verified; the first factor brings recovery codes. */
export async function addPasskey({
  ctx,
  input,
  client,
}: {
  ctx: SecurityContext;
  input: AddPasskeyInput;
  client: SignInClient;
}): Promise<{ factor: SecondFactorView; recoveryCodes?: string[] }> {
  const staff = signedInStaff(ctx);
  const { name, response } = AddPasskeyInput.parse(input);
  const rp = usableRelyingParty(ctx);
  const now = new Date();
  const outcome = await ctx.db.transaction(async (tx) => {
    const expectedChallenge = await takeWebauthnChallenge(tx, ctx);
    if (!expectedChallenge) throw new AppError('conflict', staffSecurityMessages.passkeyNotStarted);
    const credential = await verifyRegistration(rp, response, expectedChallenge);
    if (!credential) return null;
    await assertNameFree(tx, staff.id, name);
    const isFirst = (await countConfirmedFactors(tx, staff.id)) === 0;
    const [factor] = await tx
      .insert(staffSecondFactors)
      .values({
        organisationId: ctx.viewer.organisation.id,
        staffUserId: staff.id,
        kind: 'passkey',
        name,
        ...credential,
        confirmedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!factor) throw new AppError('conflict', 'This passkey is already added.');
    const recoveryCodes = isFirst ? await replaceRecoveryCodes(tx, staff.id) : undefined;
    await markSecondFactorProven(tx, ctx, now);
    await audit(tx, ctx, 'staff.second_factor_added', { kind: 'passkey', name }, client);
    return { factor: factorView(factor), recoveryCodes };
  });
  if (!outcome) throw wrongProof('passkey');
  return outcome;
}
