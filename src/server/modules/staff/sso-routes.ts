import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limits } from '../../../shared/limits';
import { SsoSettingsInput, SsoSettingsView, SsoStartAnswer, SsoStartInput } from '../../../shared/sso';
import { type AppDeps, verbContext } from '../../context';
import { redirectAnswer } from '../../net/answers';
import { openToEveryone } from '../../net/api-security';
import { staffRoutes } from '../../net/staff-routes';
import { readSessionToken, setSessionCookie } from '../../plugins/sessions';
import { signInClientOf } from './security-routes';
import { finishSsoSignIn, getSsoSettings, SsoSignInError, startSsoSignIn, updateSsoSettings } from './sso';

const tags = ['staff-sso'];

/** Binds a sign-in's answer to the browser that started it (Lax: sent on the provider's redirect back). */
const attemptCookie = (isProduction: boolean) => (isProduction ? '__Host-attest_sso' : 'attest_sso');
const attemptCookieOptions = (isProduction: boolean) => ({
  path: '/',
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: isProduction,
  maxAge: 10 * 60,
});
const oneMinuteMs = 60_000;

/** Single sign-on (OpenID Connect): the owners' settings, and the two legs of a sign-in. */
export const staffSsoRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { isProduction } = deps.config;
  const staff = staffRoutes(app, { tags, deps, writes: 'security:manage', reads: 'security:manage' });

  staff.get(
    '/api/staff/sso',
    {
      summary: 'The organisation’s single sign-on (the client secret is never shown)',
      response: { 200: SsoSettingsView },
    },
    (ctx) => getSsoSettings({ ctx }),
  );

  staff.put(
    '/api/staff/sso',
    {
      summary:
        'Sets the identity provider, once its discovery answers; requiring SSO ends other sessions (step-up)',
      body: SsoSettingsInput,
      response: { 200: SsoSettingsView },
    },
    (ctx, request) => updateSsoSettings({ ctx, input: request.body, client: signInClientOf(request) }),
  );

  app.post(
    '/api/auth/sso/start',
    {
      config: {
        skipCsrf: true,
        startsSession: true,
        rateLimit: { max: limits.signInAttemptsPerMinute, timeWindow: oneMinuteMs },
      },
      schema: {
        tags,
        security: openToEveryone,
        summary:
          'Where to send the browser to sign in with the identity provider of this e-mail’s organisation',
        body: SsoStartInput,
        response: { 200: SsoStartAnswer },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { redirectUrl, browserBinding } = await startSsoSignIn({
        ctx: verbContext(deps),
        input: request.body,
      });
      reply.setCookie(attemptCookie(isProduction), browserBinding, attemptCookieOptions(isProduction));
      return { redirectUrl };
    },
  );

  // The provider sends the browser here (a GET, as OpenID Connect has it); the state is used up first.
  app.get(
    '/api/auth/sso/callback',
    {
      // Starts a session; being a GET, the same-site check does not apply (the provider links here).
      config: {
        startsSession: true,
        rateLimit: { max: limits.signInAttemptsPerMinute, timeWindow: oneMinuteMs },
      },
      schema: {
        tags,
        security: openToEveryone,
        summary:
          'The identity provider’s answer: signs in and goes to the console, or back to sign-in with the reason',
        querystring: z.object({}).passthrough(),
        response: {
          303: redirectAnswer('Location is the console, or its sign-in page with ?ssoError=reason'),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      reply.clearCookie(attemptCookie(isProduction), attemptCookieOptions(isProduction));
      try {
        const started = await finishSsoSignIn({
          ctx: verbContext(deps),
          input: {
            callbackUrl: new URL(request.url, deps.config.publicUrl),
            browserBinding: request.cookies[attemptCookie(isProduction)] ?? null,
            replacedToken: readSessionToken(request, 'staff', isProduction),
            client: signInClientOf(request),
          },
        });
        setSessionCookie(reply, 'staff', started, isProduction);
        return reply.redirect('/console', 303);
      } catch (error) {
        if (!(error instanceof SsoSignInError)) throw error;
        request.log.info({ failure: error.failure, detail: error.message }, 'single sign-on refused');
        return reply.redirect(`/console?ssoError=${error.failure}`, 303);
      }
    },
  );
};
