import { createHash } from 'node:crypto';
import { lt } from 'drizzle-orm';
import { type JWTPayload, jwtVerify } from 'jose';
import { z } from 'zod';
import { accessMessages, memberAccessLimits } from '../../../shared/access';
import { AppError } from '../../../shared/errors';
import type { Database } from '../../db/client';
import { accountMembers, accounts, byoidTokenUses } from '../../db/schema';
import { findOrCreateAccessSettings } from './access-settings-store';
import { gatedRemoteKeySet } from './byoid-keys';
import { emailDomain, isFreeMailDomain } from './email-domains';
import type { AccessContext } from './log-in-member';
import { type NewMemberSession, startMemberSession } from './member-sessions';
import { findAccountByDomain, findMemberByEmail } from './queries';

const dayMs = 24 * 60 * 60 * 1000;

const invalid = () => new AppError('token_invalid', accessMessages.byoidTokenInvalid);
const Email = z.string().trim().toLowerCase().max(254).regex(z.regexes.email);

type VerifiedByoidToken = { email: string; subject: string; useKeys: string[]; expiresAt: Date };

const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

/**
 * What marks a token as used: the hash of its signed header and payload (the signature can be
 * re-encoded, the signed part cannot), and with a jti also the issuer's jti, so a token re-signed
 * with the same jti counts as the same. Without an issuer the jti is scoped to the organisation.
 */
function tokenUseKeys(token: string, payload: JWTPayload, organisationId: string): string[] {
  const [header, body] = token.split('.');
  const keys = [sha256(`jws:${header}.${body}`)];
  if (typeof payload.jti === 'string' && payload.jti.length > 0) {
    keys.push(sha256(`jti:${payload.iss ?? `organisation:${organisationId}`}:${payload.jti}`));
  }
  return keys;
}

/**
 * Checks a bring-your-own-identity token: signed with the organisation's shared secret (HS256) or a
 * key of its JWKS, from its issuer when one is set, with an expiry at most one hour after issue.
 */
export async function verifyByoidToken(ctx: AccessContext, token: string): Promise<VerifiedByoidToken> {
  const settings = await findOrCreateAccessSettings(ctx.db, ctx.viewer.organisation.id);
  const options = { issuer: settings.byoidIssuer ?? undefined, requiredClaims: ['exp'] };
  let payload: JWTPayload;
  try {
    if (settings.byoidSecret) {
      ({ payload } = await jwtVerify(token, new TextEncoder().encode(settings.byoidSecret), {
        ...options,
        algorithms: ['HS256'],
      }));
    } else if (settings.byoidJwksUrl) {
      ({ payload } = await jwtVerify(
        token,
        gatedRemoteKeySet(settings.byoidJwksUrl, { allowLoopback: ctx.config.outboundAllowLoopback }),
        {
          ...options,
          algorithms: ['RS256', 'PS256', 'ES256', 'EdDSA'],
        },
      ));
    } else {
      throw invalid();
    }
  } catch {
    throw invalid();
  }
  const nowSeconds = Math.floor(Date.now() / 1000);
  const issuedAt = typeof payload.iat === 'number' ? payload.iat : nowSeconds;
  if (payload.exp! - Math.min(issuedAt, nowSeconds) > memberAccessLimits.byoidTokenMaxSeconds)
    throw invalid();
  const email = Email.safeParse(typeof payload.email === 'string' ? payload.email : payload.sub);
  if (!email.success) throw invalid();
  return {
    email: email.data,
    subject: payload.sub ?? email.data,
    useKeys: tokenUseKeys(token, payload, ctx.viewer.organisation.id),
    expiresAt: new Date(payload.exp! * 1000),
  };
}

/** Records the token as used, in the sign-in's transaction; a second use is refused. Drops expired records. */
async function useTokenOnce(db: Database, organisationId: string, token: VerifiedByoidToken, now: Date) {
  await db.delete(byoidTokenUses).where(lt(byoidTokenUses.expiresAt, now));
  const recorded = await db
    .insert(byoidTokenUses)
    .values(token.useKeys.map((id) => ({ id, organisationId, expiresAt: token.expiresAt, usedAt: now })))
    .onConflictDoNothing()
    .returning({ id: byoidTokenUses.id });
  if (recorded.length < token.useKeys.length) {
    throw new AppError('token_invalid', accessMessages.byoidTokenUsed);
  }
}

/**
 * Signs the token's subject in as a member. The organisation configured this identity provider, so
 * it vouches for its users: a new account (of the e-mail's domain, or a personal one for free mail)
 * is created approved for the default access period. An existing account keeps its review status.
 */
export async function signInWithByoid({
  ctx,
  input,
}: {
  ctx: AccessContext;
  input: { token: string; replacedToken: string | null };
}): Promise<NewMemberSession> {
  const verified = await verifyByoidToken(ctx, input.token);
  const { email, subject } = verified;
  const organisation = ctx.viewer.organisation;
  const settings = await findOrCreateAccessSettings(ctx.db, organisation.id);
  const now = new Date();
  return ctx.db.transaction(async (tx) => {
    await useTokenOnce(tx, organisation.id, verified, now);
    let memberId = (await findMemberByEmail(tx, organisation.id, email))?.member.id;
    if (!memberId) {
      const domain = emailDomain(email);
      const accountDomain = isFreeMailDomain(domain) ? null : domain;
      let account = accountDomain ? await findAccountByDomain(tx, organisation.id, accountDomain) : null;
      if (!account) {
        account =
          (
            await tx
              .insert(accounts)
              .values({
                organisationId: organisation.id,
                name: accountDomain ?? email,
                domain: accountDomain,
                reviewStatus: 'approved',
                accessExpiresAt: new Date(now.getTime() + settings.defaultAccessDays * dayMs),
                reviewedAt: now,
              })
              .returning()
          )[0] ?? null;
      }
      const [member] = await tx
        .insert(accountMembers)
        .values({
          organisationId: organisation.id,
          accountId: account!.id,
          email,
          isAutoApproved: true,
          externalSubject: subject,
        })
        .returning();
      memberId = member!.id;
    }
    return startMemberSession(tx, {
      organisationId: organisation.id,
      accountMemberId: memberId,
      replacedToken: input.replacedToken,
      now,
    });
  });
}
