import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import { limits } from '../../../shared/limits';
import { messages } from '../../../shared/messages';
import {
  OrganisationSettings,
  OrganisationSettingsPatch,
  SignInInput,
  StaffSession,
} from '../../../shared/staff';
import { SignInAnswer } from '../../../shared/staff-security';
import { type AppDeps, verbContext } from '../../context';
import { openToEveryone } from '../../net/api-security';
import { staffRoutes as registerStaffRoutes } from '../../net/staff-routes';
import { clearSessionCookie, readSessionToken, setSessionCookie } from '../../plugins/sessions';
import { getOrganisationSettings } from './get-organisation-settings';
import { getStaffSession } from './get-staff-session';
import { signInClientOf, staffSecurityRoutes } from './security-routes';
import { recordSignInLock, signInStaff } from './sign-in-staff';
import { signOutStaff } from './sign-out-staff';
import { staffSsoRoutes } from './sso-routes';
import { updateOrganisationSettings } from './update-organisation-settings';

const oneMinuteMs = 60_000;
const tags = ['staff'];

function signInEmail(request: FastifyRequest): string {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}

/** Staff sign-in, session and sign-out, and the organisation settings of the staff console. */
export const staffRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { isProduction } = deps.config;
  // The helper is imported under another name: this plugin is called staffRoutes too.
  const staff = registerStaffRoutes(app, { tags, deps, writes: 'statuspage:edit' });
  // The per-route limit keys on address + e-mail; this one bounds one address across e-mails. Nothing
  // counts per e-mail alone: guesses from anywhere would then lock the real user out (decision 124).
  const limitSignInsPerAddress = app.createRateLimit({
    max: limits.signInAttemptsPerAddressPerMinute,
    timeWindow: oneMinuteMs,
    keyGenerator: (request) => `sign-in-address:${request.ip}`,
  });

  const limitSignInsPerAddressAndEmail = app.createRateLimit({
    max: limits.signInAttemptsPerMinute,
    timeWindow: oneMinuteMs,
    keyGenerator: (request) => `sign-in:${request.ip}|${signInEmail(request)}`,
  });

  app.post(
    '/api/auth/sign-in',
    {
      config: { skipCsrf: true, startsSession: true },
      // Both limits here rather than in the route's config, so a refusal also goes on the record.
      preHandler: async (request, reply) => {
        for (const [limit, scope] of [
          [limitSignInsPerAddressAndEmail, 'address_and_email'],
          [limitSignInsPerAddress, 'address'],
        ] as const) {
          const state = await limit(request);
          if (state.isAllowed || !state.isExceeded) continue;
          await recordSignInLock(verbContext(deps), {
            email: signInEmail(request),
            scope,
            client: signInClientOf(request),
          });
          reply.header('retry-after', state.ttlInSeconds);
          throw new AppError('rate_limited', messages.rateLimited);
        }
      },
      schema: {
        tags: ['staff'],
        security: openToEveryone,
        summary: 'Sign in with e-mail and password; sets the session cookie, or asks for the second factor',
        body: SignInInput,
        response: { 200: SignInAnswer },
      },
    },
    async (request, reply) => {
      const result = await signInStaff({
        ctx: verbContext(deps),
        input: {
          ...request.body,
          replacedToken: readSessionToken(request, 'staff', isProduction),
          maxLifetimeMs: deps.config.sessionLimits.staffMaxMs,
          client: signInClientOf(request),
        },
      });
      reply.header('cache-control', 'no-store');
      if (result.kind === 'second_factor') return result.answer;
      setSessionCookie(reply, 'staff', result, isProduction);
      return result.session;
    },
  );
  await staffSecurityRoutes(app, deps);
  await staffSsoRoutes(app, deps);

  staff.post(
    '/api/auth/sign-out',
    {
      summary: 'Ends the session on every node and clears the cookie',
      response: { 204: z.null() },
    },
    async (ctx, _request, reply) => {
      await signOutStaff({ ctx });
      clearSessionCookie(reply, 'staff', isProduction);
    },
    { needs: 'console:read' },
  );

  staff.get(
    '/api/auth/session',
    {
      summary: 'The signed-in staff member, organisation and CSRF token',
      response: { 200: StaffSession },
    },
    async (ctx, _request, reply) => {
      reply.header('cache-control', 'no-store');
      return getStaffSession({ ctx });
    },
  );

  staff.get(
    '/api/staff/organisation',
    {
      summary: 'Organisation name, website and portal customisation',
      response: { 200: OrganisationSettings },
    },
    async (ctx) => getOrganisationSettings({ ctx }),
  );

  staff.patch(
    '/api/staff/organisation',
    {
      summary: 'Changes the named settings (statuspage:edit)',
      body: OrganisationSettingsPatch,
      response: { 200: OrganisationSettings },
    },
    async (ctx, request) => updateOrganisationSettings({ ctx, input: request.body }),
  );
};
