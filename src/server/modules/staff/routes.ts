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
import { type AppDeps, verbContext } from '../../context';
import { clearSessionCookie, readSessionToken, setSessionCookie } from '../../plugins/sessions';
import { getOrganisationSettings } from './get-organisation-settings';
import { getStaffSession } from './get-staff-session';
import { signInStaff } from './sign-in-staff';
import { signOutStaff } from './sign-out-staff';
import { updateOrganisationSettings } from './update-organisation-settings';

const oneMinuteMs = 60_000;

function signInEmail(request: FastifyRequest): string {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}

/** Staff sign-in, session and sign-out, and the organisation settings of the staff console. */
export const staffRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { isProduction } = deps.config;
  // The per-route limit keys on address + e-mail; this one bounds one address across e-mails. Nothing
  // counts per e-mail alone: guesses from anywhere would then lock the real user out (decision 124).
  const limitSignInsPerAddress = app.createRateLimit({
    max: limits.signInAttemptsPerAddressPerMinute,
    timeWindow: oneMinuteMs,
    keyGenerator: (request) => `sign-in-address:${request.ip}`,
  });

  app.post(
    '/api/auth/sign-in',
    {
      config: {
        skipCsrf: true,
        startsSession: true,
        rateLimit: {
          max: limits.signInAttemptsPerMinute,
          timeWindow: oneMinuteMs,
          hook: 'preHandler',
          keyGenerator: (request) => `${request.ip}|${signInEmail(request)}`,
        },
      },
      preHandler: async (request, reply) => {
        const limit = await limitSignInsPerAddress(request);
        if (!limit.isAllowed && limit.isExceeded) {
          reply.header('retry-after', limit.ttlInSeconds);
          throw new AppError('rate_limited', messages.rateLimited);
        }
      },
      schema: {
        tags: ['staff'],
        summary: 'Sign in with e-mail and password; sets the session cookie',
        body: SignInInput,
        response: { 200: StaffSession },
      },
    },
    async (request, reply) => {
      const result = await signInStaff({
        ctx: { db: deps.database.db },
        input: {
          ...request.body,
          replacedToken: readSessionToken(request, 'staff', isProduction),
          maxLifetimeMs: deps.config.sessionLimits.staffMaxMs,
        },
      });
      setSessionCookie(reply, 'staff', result, isProduction);
      reply.header('cache-control', 'no-store');
      return result.session;
    },
  );

  app.post(
    '/api/auth/sign-out',
    {
      config: { viewer: 'staff' },
      schema: {
        tags: ['staff'],
        summary: 'Ends the session on every node and clears the cookie',
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await signOutStaff({ ctx: verbContext(deps, request) });
      clearSessionCookie(reply, 'staff', isProduction);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/auth/session',
    {
      config: { viewer: 'staff' },
      schema: {
        tags: ['staff'],
        summary: 'The signed-in staff member, organisation and CSRF token',
        response: { 200: StaffSession },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getStaffSession({ ctx: verbContext(deps, request) });
    },
  );

  app.get(
    '/api/staff/organisation',
    {
      config: { viewer: 'staff' },
      schema: {
        tags: ['staff'],
        summary: 'Organisation name, website and portal customisation',
        response: { 200: OrganisationSettings },
      },
    },
    async (request) => getOrganisationSettings({ ctx: verbContext(deps, request) }),
  );

  app.patch(
    '/api/staff/organisation',
    {
      config: { viewer: 'staff' },
      schema: {
        tags: ['staff'],
        summary: 'Changes the named settings (statuspage:edit)',
        body: OrganisationSettingsPatch,
        response: { 200: OrganisationSettings },
      },
    },
    async (request) => updateOrganisationSettings({ ctx: verbContext(deps, request), input: request.body }),
  );
};
