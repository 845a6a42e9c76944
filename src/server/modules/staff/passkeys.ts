import { isIP } from 'node:net';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { PasskeyAssertion, PasskeyAttestation } from '../../../shared/staff-security';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { staffSecondFactors } from '../../db/schema';

type FactorRow = typeof staffSecondFactors.$inferSelect;

/** The relying party is the console's public address: its host name is the passkeys' scope. */
export type RelyingParty = { id: string; origin: string; isAvailable: boolean };

export function relyingPartyOf(config: Pick<Config, 'publicUrl'>): RelyingParty {
  const url = new URL(config.publicUrl);
  // WebAuthn scopes credentials to a domain name; browsers refuse an IP address as one.
  return {
    id: url.hostname,
    origin: url.origin,
    isAvailable: isIP(url.hostname.replace(/^\[|\]$/g, '')) === 0,
  };
}

export function passkeysOf(db: Database, staffUserId: string): Promise<FactorRow[]> {
  return db
    .select()
    .from(staffSecondFactors)
    .where(
      and(
        eq(staffSecondFactors.staffUserId, staffUserId),
        eq(staffSecondFactors.kind, 'passkey'),
        isNotNull(staffSecondFactors.confirmedAt),
      ),
    );
}

const descriptorOf = (factor: FactorRow) => ({
  id: factor.credentialId!,
  transports: factor.transports ?? undefined,
});

export async function registrationOptions(
  rp: RelyingParty,
  {
    staffUserId,
    email,
    name,
    organisationName,
    existing,
  }: {
    staffUserId: string;
    email: string;
    name: string;
    organisationName: string;
    existing: FactorRow[];
  },
) {
  return generateRegistrationOptions({
    rpName: `${organisationName} (Attest)`,
    rpID: rp.id,
    userName: email,
    userDisplayName: name,
    userID: new TextEncoder().encode(staffUserId),
    attestationType: 'none',
    excludeCredentials: existing.map(descriptorOf),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    timeout: 120_000,
  });
}

/** A new passkey's credential, or null when the browser's answer does not verify for this challenge. */
export async function verifyRegistration(
  rp: RelyingParty,
  response: z.infer<typeof PasskeyAttestation>,
  expectedChallenge: string,
) {
  try {
    const result = await verifyRegistrationResponse({
      response: response as Parameters<typeof verifyRegistrationResponse>[0]['response'],
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
    if (!result.verified) return null;
    const { credential } = result.registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      signCount: credential.counter,
      transports: credential.transports ?? [],
    };
  } catch {
    return null;
  }
}

export function authenticationOptions(rp: RelyingParty, passkeys: FactorRow[]) {
  return generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: passkeys.map(descriptorOf),
    userVerification: 'preferred',
    timeout: 120_000,
  });
}

/**
 * Checks an assertion against the person's passkeys. The library refuses a signature counter that did
 * not move on (a cloned authenticator); the challenge it answers is used once by the caller.
 */
export async function acceptPasskey(
  db: Database,
  rp: RelyingParty,
  passkeys: FactorRow[],
  response: z.infer<typeof PasskeyAssertion>,
  expectedChallenge: string,
  now: Date,
): Promise<FactorRow | null> {
  const factor = passkeys.find((candidate) => candidate.credentialId === response.id);
  if (!factor?.publicKey) return null;
  try {
    const result = await verifyAuthenticationResponse({
      response: response as Parameters<typeof verifyAuthenticationResponse>[0]['response'],
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
      credential: {
        id: factor.credentialId!,
        publicKey: new Uint8Array(Buffer.from(factor.publicKey, 'base64url')),
        counter: factor.signCount ?? 0,
        transports: (factor.transports ?? undefined) as never,
      },
    });
    if (!result.verified) return null;
    await db
      .update(staffSecondFactors)
      .set({ signCount: result.authenticationInfo.newCounter, lastUsedAt: now })
      .where(eq(staffSecondFactors.id, factor.id));
    return factor;
  } catch {
    return null;
  }
}
