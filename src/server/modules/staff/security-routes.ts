import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import { limits } from '../../../shared/limits';
import { messages } from '../../../shared/messages';
import {
  AddPasskeyInput,
  ConfirmTotpInput,
  EnrolAtSignInInput,
  FactorParams,
  PasskeyOptions,
  RecoveryCodes,
  SecondFactorOverview,
  SecondFactorSignInInput,
  SecondFactorView,
  SessionParams,
  SignedInWithSecondFactor,
  SignInChallengeInput,
  SignInPolicy,
  SignInPolicyInput,
  StaffSessionList,
  StartTotpInput,
  StepUpInput,
  TotpEnrolment,
} from '../../../shared/staff-security';
import { type AppDeps, verbContext } from '../../context';
import { openToEveryone } from '../../net/api-security';
import { noContent, staffRoutes } from '../../net/staff-routes';
import { readSessionToken, setSessionCookie } from '../../plugins/sessions';
import {
  addPasskey,
  confirmTotpEnrolment,
  getSecondFactorOverview,
  passkeyOptionsForStepUp,
  regenerateRecoveryCodes,
  removeSecondFactor,
  startEnrolmentAtSignIn,
  startPasskeyRegistration,
  startTotpEnrolment,
  stepUp,
} from './manage-second-factors';
import { completeSecondFactorSignIn, passkeyOptionsAtSignIn, type SignInClient } from './sign-in-staff';
import { endOwnSession, getSignInPolicy, listOwnSessions, updateSignInPolicy } from './staff-sessions';

const oneMinuteMs = 60_000;
const tags = ['staff-security'];

export function signInClientOf(request: FastifyRequest): SignInClient {
  const userAgent = request.headers['user-agent'];
  return { ipAddress: request.ip ?? null, userAgent: typeof userAgent === 'string' ? userAgent : null };
}

/** What a code guess is counted against besides the address: the sign-in challenge, or the session. */
function guessedFor(request: FastifyRequest, isProduction: boolean): string {
  const challenge = (request.body as { challenge?: unknown } | undefined)?.challenge;
  if (typeof challenge === 'string') return `challenge:${challenge.slice(0, 16)}`;
  return `session:${(readSessionToken(request, 'staff', isProduction) ?? '').slice(0, 16)}`;
}

/** Codes are guessed like passwords: per address and challenge (or session), as sign-in is per address and e-mail. */
const codeRateLimitFor = (isProduction: boolean) => ({
  max: limits.signInAttemptsPerMinute,
  timeWindow: oneMinuteMs,
  hook: 'preHandler' as const,
  keyGenerator: (request: FastifyRequest) =>
    `second-factor:${request.ip}|${guessedFor(request, isProduction)}`,
});

/** Second factors, recovery codes, step-up, the person's sessions and the organisation's sign-in policy. */
export const staffSecurityRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { isProduction } = deps.config;
  const codeRateLimit = codeRateLimitFor(isProduction);
  // One's own factors and sessions: every role; the organisation's sign-in policy: owners.
  const staff = staffRoutes(app, { tags, deps, writes: 'console:read' });
  // Across challenges and sessions, one address gets as many code guesses as it gets password guesses.
  const limitGuessesPerAddress = app.createRateLimit({
    max: limits.signInAttemptsPerAddressPerMinute,
    timeWindow: oneMinuteMs,
    keyGenerator: (request) => `second-factor-address:${request.ip}`,
  });
  const codeGuessLimits = {
    rateLimit: codeRateLimit,
  };
  const checkAddressLimit = async (request: FastifyRequest, reply: FastifyReply) => {
    const limit = await limitGuessesPerAddress(request);
    if (!limit.isAllowed && limit.isExceeded) {
      reply.header('retry-after', limit.ttlInSeconds);
      throw new AppError('rate_limited', messages.rateLimited);
    }
  };

  app.post(
    '/api/auth/sign-in/second-factor',
    {
      config: { skipCsrf: true, startsSession: true, ...codeGuessLimits },
      preHandler: checkAddressLimit,
      schema: {
        tags,
        security: openToEveryone,
        summary:
          'Second step of sign-in: a code (or recovery code) for the challenge; sets the session cookie',
        body: SecondFactorSignInInput,
        response: { 200: SignedInWithSecondFactor },
      },
    },
    async (request, reply) => {
      const result = await completeSecondFactorSignIn({
        ctx: verbContext(deps),
        input: {
          ...request.body,
          replacedToken: readSessionToken(request, 'staff', isProduction),
          maxLifetimeMs: deps.config.sessionLimits.staffMaxMs,
          client: signInClientOf(request),
        },
      });
      setSessionCookie(reply, 'staff', result, isProduction);
      reply.header('cache-control', 'no-store');
      return { ...result.session, recoveryCodes: result.recoveryCodes };
    },
  );

  app.post(
    '/api/auth/sign-in/enrolment',
    {
      config: { skipCsrf: true, ...codeGuessLimits },
      preHandler: checkAddressLimit,
      schema: {
        tags,
        security: openToEveryone,
        summary: 'During a sign-in that requires a second factor: a new authenticator to set up',
        body: EnrolAtSignInInput,
        response: { 200: TotpEnrolment },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return startEnrolmentAtSignIn({ ctx: verbContext(deps), input: request.body });
    },
  );

  app.post(
    '/api/auth/sign-in/passkey-options',
    {
      config: { skipCsrf: true, ...codeGuessLimits },
      preHandler: checkAddressLimit,
      schema: {
        tags,
        security: openToEveryone,
        summary: 'Second step of sign-in with a passkey: the WebAuthn options for this challenge',
        body: SignInChallengeInput,
        response: { 200: PasskeyOptions },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { options: await passkeyOptionsAtSignIn({ ctx: verbContext(deps), input: request.body }) };
    },
  );

  staff.post(
    '/api/auth/second-factors/passkey/options',
    {
      summary: 'Starts adding a passkey: WebAuthn creation options (step-up when you have a factor)',
      response: { 200: PasskeyOptions },
    },
    async (ctx) => ({ options: await startPasskeyRegistration({ ctx }) }),
  );

  staff.post(
    '/api/auth/second-factors/passkey',
    {
      summary: 'Adds the passkey the browser created; the first factor comes with recovery codes',
      body: AddPasskeyInput,
      response: {
        200: z.object({ factor: SecondFactorView, recoveryCodes: z.array(z.string()).optional() }),
      },
    },
    (ctx, request) => addPasskey({ ctx, input: request.body, client: signInClientOf(request) }),
  );

  staff.post(
    '/api/auth/step-up/passkey-options',
    { summary: 'WebAuthn options to prove a passkey for step-up', response: { 200: PasskeyOptions } },
    async (ctx) => ({ options: await passkeyOptionsForStepUp({ ctx }) }),
  );

  staff.get(
    '/api/auth/second-factors',
    {
      summary: 'Your second factors, recovery codes left, and whether one is required',
      response: { 200: SecondFactorOverview },
    },
    (ctx) => getSecondFactorOverview({ ctx }),
  );

  staff.post(
    '/api/auth/second-factors/totp',
    {
      summary: 'Starts adding an authenticator app (step-up when you have one)',
      body: StartTotpInput,
      response: { 200: TotpEnrolment },
    },
    async (ctx, request, reply) => {
      reply.header('cache-control', 'no-store');
      return startTotpEnrolment({ ctx, input: request.body });
    },
  );

  staff.post(
    '/api/auth/second-factors/totp/:factorId/confirm',
    {
      summary: 'Confirms a new authenticator with its first code; the first one comes with recovery codes',
      params: FactorParams,
      body: ConfirmTotpInput,
      response: {
        200: z.object({ factor: SecondFactorView, recoveryCodes: z.array(z.string()).optional() }),
      },
    },
    async (ctx, request, reply) => {
      reply.header('cache-control', 'no-store');
      return confirmTotpEnrolment({
        ctx,
        input: { factorId: request.params.factorId, code: request.body.code },
        client: signInClientOf(request),
      });
    },
  );

  staff.delete(
    '/api/auth/second-factors/:factorId',
    {
      summary: 'Removes one of your second factors (step-up)',
      params: FactorParams,
      response: { 204: noContent },
    },
    (ctx, request) => removeSecondFactor({ ctx, input: request.params, client: signInClientOf(request) }),
  );

  staff.post(
    '/api/auth/recovery-codes',
    {
      summary: 'Replaces your recovery codes with ten new ones, shown once (step-up)',
      response: { 200: RecoveryCodes },
    },
    async (ctx, request, reply) => {
      reply.header('cache-control', 'no-store');
      return regenerateRecoveryCodes({ ctx, client: signInClientOf(request) });
    },
  );

  staff.post(
    '/api/auth/step-up',
    {
      summary: 'Proves your second factor again, for a sensitive change that answered step_up_required',
      body: StepUpInput,
      response: { 204: noContent },
    },
    (ctx, request) => stepUp({ ctx, input: request.body, client: signInClientOf(request) }),
    { config: { rateLimit: codeRateLimit } },
  );

  staff.get(
    '/api/auth/sessions',
    {
      summary: 'Your signed-in sessions: browser, address, signed in, last seen',
      response: { 200: StaffSessionList },
    },
    (ctx) => listOwnSessions({ ctx }),
  );

  staff.delete(
    '/api/auth/sessions/:sessionId',
    { summary: 'Ends one of your sessions', params: SessionParams, response: { 204: noContent } },
    (ctx, request) => endOwnSession({ ctx, input: request.params, client: signInClientOf(request) }),
  );

  staff.get(
    '/api/staff/sign-in-policy',
    {
      summary: 'Whether staff must use a second factor, and how many have none yet',
      response: { 200: SignInPolicy },
    },
    (ctx) => getSignInPolicy({ ctx }),
  );

  staff.put(
    '/api/staff/sign-in-policy',
    {
      summary:
        'Requires a second factor from all staff, or stops requiring it (owners: security:manage; step-up)',
      body: SignInPolicyInput,
      response: { 200: SignInPolicy },
    },
    (ctx, request) => updateSignInPolicy({ ctx, input: request.body, client: signInClientOf(request) }),
    { needs: 'security:manage' },
  );
};
