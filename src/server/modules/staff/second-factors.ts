import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { recoveryCodeCount, SecondFactorProof } from '../../../shared/staff-security';
import { openSealedSecret, sealSecret } from '../../core';
import type { Database } from '../../db/client';
import { staffRecoveryCodes, staffSecondFactors } from '../../db/schema';
import { acceptPasskey, passkeysOf, type RelyingParty } from './passkeys';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30 seconds. */
const totpPeriodSeconds = 30;
/** One step either side: a phone's clock a little off, or a code typed as it changed. */
const totpWindow = 1;
const secretPurpose = 'staff_second_factors.secret';

export type FactorRow = typeof staffSecondFactors.$inferSelect;

function totpOf(secretBase32: string, label: string, issuer: string): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: totpPeriodSeconds,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new 160-bit secret, sealed for the database, with the URI and QR code an app scans. */
export async function newTotpSecret(db: Database, { label, issuer }: { label: string; issuer: string }) {
  const secret = new Secret({ size: 20 }).base32;
  const otpauthUri = totpOf(secret, label, issuer).toString();
  return {
    secret,
    otpauthUri,
    secretCiphertext: await sealSecret(db, secretPurpose, secret),
    qrCodeSvg: await QRCode.toString(otpauthUri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }),
  };
}

/** The 30-second step a code belongs to, or null when it matches none near now. */
async function stepOfCode(db: Database, factor: FactorRow, code: string, now: Date): Promise<number | null> {
  if (!factor.secretCiphertext) return null;
  const secret = await openSealedSecret(db, secretPurpose, factor.secretCiphertext);
  const delta = totpOf(secret, 'code', 'Attest').validate({
    token: code,
    timestamp: now.getTime(),
    window: totpWindow,
  });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / totpPeriodSeconds) + delta;
}

/**
 * Accepts a code of one of the factors given once: the factor's last used step moves forward in the
 * same statement that checks it, so the same code (or an older one) never signs in twice.
 */
async function acceptTotp(db: Database, factors: FactorRow[], code: string, now: Date) {
  for (const factor of factors) {
    const step = await stepOfCode(db, factor, code, now);
    if (step === null) continue;
    const [used] = await db
      .update(staffSecondFactors)
      .set({ lastUsedStep: step, lastUsedAt: now })
      .where(
        and(
          eq(staffSecondFactors.id, factor.id),
          or(isNull(staffSecondFactors.lastUsedStep), lt(staffSecondFactors.lastUsedStep, step)),
        ),
      )
      .returning({ id: staffSecondFactors.id });
    if (used) return factor;
  }
  return null;
}

export function confirmedFactorsOf(db: Database, staffUserId: string): Promise<FactorRow[]> {
  return db
    .select()
    .from(staffSecondFactors)
    .where(and(eq(staffSecondFactors.staffUserId, staffUserId), isNotNull(staffSecondFactors.confirmedAt)))
    .orderBy(staffSecondFactors.createdAt);
}

export async function countConfirmedFactors(db: Database, staffUserId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(staffSecondFactors)
    .where(and(eq(staffSecondFactors.staffUserId, staffUserId), isNotNull(staffSecondFactors.confirmedAt)));
  return row?.count ?? 0;
}

const hashRecoveryCode = (code: string) => createHash('sha256').update(code).digest('hex');

/** Twelve base32 letters (60 bits) shown as ABCD-EFGH-IJKL. */
function newRecoveryCode(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bytes = randomBytes(12);
  const letters = [...bytes].map((byte) => alphabet[byte % 32]).join('');
  return `${letters.slice(0, 4)}-${letters.slice(4, 8)}-${letters.slice(8)}`;
}

/** Replaces every recovery code of the person with ten new ones; answers them once, in clear. */
export async function replaceRecoveryCodes(db: Database, staffUserId: string): Promise<string[]> {
  const codes = Array.from({ length: recoveryCodeCount }, newRecoveryCode);
  await db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffUserId, staffUserId));
  await db
    .insert(staffRecoveryCodes)
    .values(codes.map((code) => ({ staffUserId, codeHash: hashRecoveryCode(code.replaceAll('-', '')) })));
  return codes;
}

export async function countRecoveryCodesLeft(db: Database, staffUserId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(staffRecoveryCodes)
    .where(and(eq(staffRecoveryCodes.staffUserId, staffUserId), isNull(staffRecoveryCodes.usedAt)));
  return row?.count ?? 0;
}

/** Uses up a recovery code: the update that marks it used is the check, so two tries cannot both win. */
async function acceptRecoveryCode(db: Database, staffUserId: string, code: string, now: Date) {
  const [used] = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(staffRecoveryCodes.staffUserId, staffUserId),
        eq(staffRecoveryCodes.codeHash, hashRecoveryCode(code)),
        isNull(staffRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: staffRecoveryCodes.id });
  return Boolean(used);
}

export type ProvenFactor = { method: 'totp' | 'passkey'; factor: FactorRow } | { method: 'recovery_code' };

/** What a passkey proof is checked against: the relying party and the challenge the browser signed. */
export type PasskeyCheck = { rp: RelyingParty; expectedChallenge: string | null };

/**
 * Checks a second-factor proof of a person against their confirmed factors (or, while enrolling, the
 * one factor being confirmed) and uses it up. Null when it is wrong, reused or already used.
 */
export async function proveSecondFactor(
  db: Database,
  {
    staffUserId,
    proof,
    now,
    enrollingFactor,
    passkey,
  }: {
    staffUserId: string;
    proof: SecondFactorProof;
    now: Date;
    enrollingFactor?: FactorRow;
    passkey?: PasskeyCheck;
  },
): Promise<ProvenFactor | null> {
  const checked = SecondFactorProof.parse(proof);
  if (checked.method === 'passkey') {
    if (enrollingFactor || !passkey?.expectedChallenge) return null;
    const factor = await acceptPasskey(
      db,
      passkey.rp,
      await passkeysOf(db, staffUserId),
      checked.response,
      passkey.expectedChallenge,
      now,
    );
    return factor ? { method: 'passkey', factor } : null;
  }
  if (checked.method === 'recovery_code') {
    if (enrollingFactor) return null;
    return (await acceptRecoveryCode(db, staffUserId, checked.code, now))
      ? { method: 'recovery_code' }
      : null;
  }
  const factors = enrollingFactor
    ? [enrollingFactor]
    : (await confirmedFactorsOf(db, staffUserId)).filter((factor) => factor.kind === 'totp');
  const factor = await acceptTotp(db, factors, checked.code, now);
  return factor ? { method: 'totp', factor } : null;
}
