import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import {
  type SsoFailure,
  SsoSettingsInput,
  type SsoSettingsView,
  SsoStartInput,
  ssoFailureMessages,
  ssoMessages,
} from '../../../shared/sso';
import type { Config } from '../../config';
import type { Context } from '../../context';
import {
  insertAuditEntry,
  openSealedSecret,
  requireConsole,
  requireRecentSecondFactor,
  sealSecret,
} from '../../core';
import type { Database } from '../../db/client';
import { organisationSso, sessions, ssoSignInAttempts, staffUsers } from '../../db/schema';
import { SafeFetchError, safeFetch } from '../../net/safe-fetch';
import { hasStaffPermission } from '../../policy';
import { hashPassword } from './passwords';
import { findStaffUserByEmail, insertStaffUser } from './queries';
import { type SessionStarted, type SignInClient, startSession } from './sign-in-staff';
import { findSsoSettings } from './sso-queries';

const secretPurpose = 'sso-client-secret';
const attemptMinutes = 10;

type SsoContext = Pick<Context, 'db' | 'viewer' | 'config'>;
type SsoRow = typeof organisationSso.$inferSelect;

/** A single sign-on that signed nobody in; the callback shows the sign-in page with its reason. */
export class SsoSignInError extends Error {
  constructor(
    readonly failure: SsoFailure,
    detail?: string,
  ) {
    super(detail ?? failure);
  }
}

export function ssoRedirectUri(config: Pick<Config, 'publicUrl'>): string {
  return `${config.publicUrl}/api/auth/sso/callback`;
}

function hashState(state: string): string {
  return createHash('sha256').update(state).digest('base64url');
}

/**
 * openid-client's requests, through the one outbound gate (decision 376): https only, no private
 * address unless the operator named the host in SSO_PRIVATE_HOSTS, a deadline, no redirects.
 */
function gatedFetch(config: Config): oidc.CustomFetch {
  return async (url, options) => {
    const body = options.body;
    const response = await safeFetch(url, {
      method: options.method === 'POST' ? 'POST' : 'GET',
      headers: options.headers,
      body: body === undefined || body === null ? undefined : String(body),
      timeoutMs: config.ssoTimeoutMs,
      maxRedirects: 0,
      allowLoopback: config.outboundAllowLoopback,
      privateHostsAllowed: config.ssoPrivateHosts,
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const isBodiless = response.status === 204 || response.status === 304;
    return new Response(isBodiless ? null : new Uint8Array(response.body), {
      status: response.status,
      headers,
    });
  };
}

/** The identity provider's configuration (discovery), for this organisation's client. */
async function discover(ctx: Pick<Context, 'db' | 'config'>, settings: SsoRow): Promise<oidc.Configuration> {
  const secret = await openSealedSecret(ctx.db, secretPurpose, settings.clientSecretCiphertext);
  const issuer = new URL(settings.issuerUrl);
  // Plain http only for a provider on this machine in development and tests (OUTBOUND_ALLOW_LOOPBACK).
  const isLoopbackHttp = issuer.protocol === 'http:' && ctx.config.outboundAllowLoopback;
  try {
    return await oidc.discovery(issuer, settings.clientId, { client_secret: secret }, undefined, {
      [oidc.customFetch]: gatedFetch(ctx.config),
      timeout: ctx.config.ssoTimeoutMs / 1000,
      ...(isLoopbackHttp ? { execute: [oidc.allowInsecureRequests] } : {}),
    });
  } catch (error) {
    throw new SsoSignInError('provider_unreachable', describeProviderError(error));
  }
}

function describeProviderError(error: unknown): string {
  if (error instanceof SafeFetchError) return error.message;
  if (error instanceof Error && error.cause instanceof SafeFetchError) return error.cause.message;
  return error instanceof Error ? error.message : String(error);
}

function viewOf(config: Config, row: SsoRow | null): SsoSettingsView {
  return {
    isConfigured: row !== null,
    issuerUrl: row?.issuerUrl ?? '',
    clientId: row?.clientId ?? '',
    hasClientSecret: row !== null,
    allowedDomains: row?.allowedDomains ?? [],
    newStaffRole: row?.newStaffRole ?? null,
    requireSso: row?.requireSso ?? false,
    breakGlassStaffUserId: row?.breakGlassStaffUserId ?? null,
    redirectUri: ssoRedirectUri(config),
  };
}

/** GET /api/staff/sso: the organisation's single sign-on, for owners (the secret is never shown). */
export async function getSsoSettings({ ctx }: { ctx: SsoContext }): Promise<SsoSettingsView> {
  requireConsole(ctx.viewer);
  return viewOf(ctx.config, await findSsoSettings(ctx.db, ctx.viewer.organisation.id));
}

/**
 * PUT /api/staff/sso (owners, step-up): saves the provider after discovery answered for it, so a typo
 * in the issuer fails here and not at everyone's next sign-in. Requiring SSO needs a break-glass owner
 * and ends every other staff session of the organisation: passwords stop working at once.
 */
export async function updateSsoSettings({
  ctx,
  input,
  client,
}: {
  ctx: SsoContext;
  input: SsoSettingsInput;
  client: SignInClient;
}): Promise<SsoSettingsView> {
  const staff = requireConsole(ctx.viewer);
  if (!hasStaffPermission(ctx.viewer, 'security:manage')) throw new AppError('forbidden', messages.forbidden);
  const value = SsoSettingsInput.parse(input);
  await requireRecentSecondFactor(ctx);
  const organisationId = ctx.viewer.organisation.id;
  const existing = await findSsoSettings(ctx.db, organisationId);
  if (!value.clientSecret && !existing) {
    throw new AppError('validation_failed', ssoMessages.secretRequired, {
      clientSecret: ssoMessages.secretRequired,
    });
  }
  if (value.requireSso && !value.breakGlassStaffUserId) {
    throw new AppError('validation_failed', ssoMessages.breakGlassRequired, {
      breakGlassStaffUserId: ssoMessages.breakGlassRequired,
    });
  }
  if (value.breakGlassStaffUserId) {
    const [owner] = await ctx.db
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(
        and(
          eq(staffUsers.id, value.breakGlassStaffUserId),
          eq(staffUsers.organisationId, organisationId),
          eq(staffUsers.role, 'owner'),
          eq(staffUsers.isDisabled, false),
        ),
      );
    if (!owner) {
      throw new AppError('validation_failed', ssoMessages.breakGlassNotOwner, {
        breakGlassStaffUserId: ssoMessages.breakGlassNotOwner,
      });
    }
  }
  const clientSecretCiphertext = value.clientSecret
    ? await sealSecret(ctx.db, secretPurpose, value.clientSecret)
    : existing!.clientSecretCiphertext;
  const row: SsoRow = {
    organisationId,
    issuerUrl: value.issuerUrl.replace(/\/$/, ''),
    clientId: value.clientId,
    clientSecretCiphertext,
    allowedDomains: [...new Set(value.allowedDomains)],
    newStaffRole: value.newStaffRole,
    requireSso: value.requireSso,
    breakGlassStaffUserId: value.breakGlassStaffUserId,
    updatedAt: new Date(),
  };
  try {
    await discover(ctx, row);
  } catch (error) {
    const detail = error instanceof SsoSignInError ? error.message : String(error);
    throw new AppError('validation_failed', ssoMessages.providerUnreachable(detail), {
      issuerUrl: ssoMessages.providerUnreachable(detail),
    });
  }
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(organisationSso)
      .values(row)
      .onConflictDoUpdate({ target: organisationSso.organisationId, set: row });
    let endedSessions = 0;
    if (row.requireSso && !existing?.requireSso) {
      const ended = await tx
        .delete(sessions)
        .where(
          and(
            eq(sessions.organisationId, organisationId),
            eq(sessions.kind, 'staff'),
            ctx.viewer.session ? ne(sessions.id, ctx.viewer.session.id) : undefined,
          ),
        )
        .returning({ id: sessions.id });
      endedSessions = ended.length;
    }
    await insertAuditEntry(tx, {
      organisationId,
      actorStaffUserId: staff.id,
      action: 'sso.settings_changed',
      target: `organisation:${organisationId}`,
      data: {
        before: existing ? auditedSettings(existing) : null,
        after: auditedSettings(row),
        secretChanged: Boolean(value.clientSecret),
        endedSessions,
        ipAddress: client.ipAddress,
        userAgent: client.userAgent,
      },
    });
  });
  return viewOf(ctx.config, row);
}

function auditedSettings(row: SsoRow) {
  const { clientSecretCiphertext: _secret, updatedAt: _at, organisationId: _id, ...shown } = row;
  return shown;
}

/** Which organisation's provider signs this address in: the person's own, else the one claiming its domain. */
async function settingsForEmail(db: Database, email: string): Promise<SsoRow | null> {
  const domain = email.split('@')[1] ?? '';
  const known = await findStaffUserByEmail(db, email);
  const rows = await db
    .select()
    .from(organisationSso)
    .where(
      known
        ? eq(organisationSso.organisationId, known.organisationId)
        : sql`${organisationSso.allowedDomains} ? ${domain}`,
    );
  const matching = rows.filter((row) => row.allowedDomains.includes(domain));
  // Two organisations claiming one domain for newcomers: neither may guess whose the person is.
  return matching.length === 1 ? matching[0]! : null;
}

/**
 * POST /api/auth/sso/start: where to send the browser. State, nonce and the PKCE verifier stay here
 * (the state only as a hash), for ten minutes and one use.
 */
export async function startSsoSignIn({
  ctx,
  input,
  now = new Date(),
}: {
  ctx: Pick<Context, 'db' | 'config'>;
  input: { email: string };
  now?: Date;
}): Promise<{ redirectUrl: string; browserBinding: string }> {
  const { email } = SsoStartInput.parse(input);
  const settings = await settingsForEmail(ctx.db, email);
  if (!settings)
    throw new AppError('not_found', ssoMessages.notConfigured, { email: ssoMessages.notConfigured });
  let configuration: oidc.Configuration;
  try {
    configuration = await discover(ctx, settings);
  } catch {
    // A 5xx names no internals: what the gate or the provider said stays out of the answer.
    throw new AppError('unavailable', ssoFailureMessages.provider_unreachable);
  }
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const browserBinding = randomBytes(24).toString('base64url');
  await ctx.db.delete(ssoSignInAttempts).where(lt(ssoSignInAttempts.expiresAt, now));
  await ctx.db.insert(ssoSignInAttempts).values({
    id: hashState(state),
    organisationId: settings.organisationId,
    codeVerifier,
    nonce,
    browserBindingHash: hashState(browserBinding),
    createdAt: now,
    expiresAt: new Date(now.getTime() + attemptMinutes * 60_000),
  });
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: ssoRedirectUri(ctx.config),
    scope: 'openid email profile',
    response_type: 'code',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    login_hint: email,
  });
  return { redirectUrl: url.href, browserBinding };
}

/** What openid-client's refusal means for the person: the provider said no, or its answer failed a check. */
function failureOf(error: unknown): SsoFailure {
  if (error instanceof oidc.AuthorizationResponseError || error instanceof oidc.ResponseBodyError) {
    return 'provider_refused';
  }
  if (error instanceof SafeFetchError || (error instanceof Error && error.cause instanceof SafeFetchError)) {
    return 'provider_unreachable';
  }
  if (error instanceof TypeError && /fetch|network/i.test(error.message)) return 'provider_unreachable';
  return 'token_invalid';
}

/**
 * GET /api/auth/sso/callback: the provider sent the browser back. The attempt is used up first (a
 * replayed state finds nothing); openid-client checks the code exchange with PKCE, and the ID token's
 * issuer, audience, expiry, signature and nonce; then the e-mail must be verified and of an allowed
 * domain, and belong to active staff here (or become staff with the organisation's role for newcomers).
 */
export async function finishSsoSignIn({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db' | 'config'>;
  input: {
    callbackUrl: URL;
    /** The cookie the browser got when it started: an answer carried to another browser signs nobody in. */
    browserBinding: string | null;
    replacedToken: string | null;
    client: SignInClient;
    now?: Date;
  };
}): Promise<SessionStarted> {
  const now = input.now ?? new Date();
  const state = input.callbackUrl.searchParams.get('state') ?? '';
  const [attempt] = await ctx.db
    .delete(ssoSignInAttempts)
    .where(and(eq(ssoSignInAttempts.id, hashState(state)), gt(ssoSignInAttempts.expiresAt, now)))
    .returning();
  if (!state || !attempt) throw new SsoSignInError('unknown_attempt');
  if (!input.browserBinding || hashState(input.browserBinding) !== attempt.browserBindingHash) {
    throw new SsoSignInError('unknown_attempt');
  }
  const settings = await findSsoSettings(ctx.db, attempt.organisationId);
  if (!settings) throw new SsoSignInError('unknown_attempt');
  const configuration = await discover(ctx, settings);
  let claims: Record<string, unknown> | undefined;
  try {
    const tokens = await oidc.authorizationCodeGrant(configuration, input.callbackUrl, {
      pkceCodeVerifier: attempt.codeVerifier,
      expectedState: state,
      expectedNonce: attempt.nonce,
      idTokenExpected: true,
    });
    const idToken = tokens.claims()!;
    claims = idToken;
    // Providers that keep the e-mail out of the ID token give it at userinfo, for the same subject.
    if (typeof idToken.email !== 'string') {
      claims = { ...(await oidc.fetchUserInfo(configuration, tokens.access_token, idToken.sub)), ...idToken };
    }
  } catch (error) {
    const failure = failureOf(error);
    await auditFailure(ctx.db, settings.organisationId, failure, input.client, describeProviderError(error));
    throw new SsoSignInError(failure, describeProviderError(error));
  }
  const email = typeof claims?.email === 'string' ? claims.email.trim().toLowerCase() : '';
  const fail = async (failure: SsoFailure): Promise<never> => {
    await auditFailure(ctx.db, settings.organisationId, failure, input.client, email || null);
    throw new SsoSignInError(failure);
  };
  if (!email || claims?.email_verified !== true) return fail('email_unverified');
  if (!settings.allowedDomains.includes(email.split('@')[1] ?? '')) return fail('domain_not_allowed');
  const name =
    typeof claims?.name === 'string' && claims.name.trim() ? claims.name.trim().slice(0, 120) : email;
  // Refusals inside the transaction are answered after it (its audit entry is written outside).
  const outcome = await ctx.db.transaction(async (tx): Promise<SessionStarted | SsoFailure> => {
    let user = await findStaffUserByEmail(tx, email);
    if (user && user.organisationId !== settings.organisationId) return 'not_invited';
    if (user?.isDisabled) return 'disabled';
    if (!user) {
      if (!settings.newStaffRole) return 'not_invited';
      // No password anyone knows: this person signs in through the provider (an admin may set one).
      const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
      user = await insertStaffUser(tx, {
        organisationId: settings.organisationId,
        email,
        name,
        passwordHash,
        role: settings.newStaffRole,
      });
      if (!user) return 'not_invited';
      await insertAuditEntry(tx, {
        organisationId: settings.organisationId,
        actorStaffUserId: null,
        action: 'staff_user.created',
        target: `staff_user:${user.id}`,
        data: { after: { name, email, role: settings.newStaffRole }, via: 'sso' },
      });
    }
    return startSession(tx, user, {
      now,
      secondFactor: null,
      method: 'sso',
      replacedToken: input.replacedToken,
      maxLifetimeMs: ctx.config.sessionLimits.staffMaxMs,
      client: input.client,
    });
  });
  return typeof outcome === 'string' ? fail(outcome) : outcome;
}

async function auditFailure(
  db: Database,
  organisationId: string,
  failure: SsoFailure,
  client: SignInClient,
  detail: string | null,
) {
  await insertAuditEntry(db, {
    organisationId,
    actorStaffUserId: null,
    action: 'staff.sign_in_failed',
    target: null,
    data: {
      method: 'sso',
      reason: failure,
      detail,
      ipAddress: client.ipAddress,
      userAgent: client.userAgent,
    },
  });
}
