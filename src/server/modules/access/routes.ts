import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AcceptNdaInput,
  accessLimits,
  accessMessages,
  ExtendAccessResult,
  InviteColleaguesInput,
  InviteColleaguesResult,
  LoginInput,
  LoginResult,
  LogoutResult,
  NdaStatus,
  RequestAgainInput,
  RequestResult,
  SignInConfirmInput,
} from '../../../shared/access';
import { AppError, isAppError } from '../../../shared/errors';
import { limits } from '../../../shared/limits';
import { messages } from '../../../shared/messages';
import { Slug } from '../../../shared/portal';
import { type AppDeps, requireViewer, verbContext } from '../../context';
import { contentDisposition } from '../../core';
import { htmlPage, mediaAnswer, redirectAnswer } from '../../net/answers';
import { signedInMember } from '../../net/api-security';
import { acceptFormPosts } from '../../net/form-posts';
import { clearSessionCookie, readSessionToken, setSessionCookie } from '../../plugins/sessions';
import type { Viewer } from '../../policy/viewer';
import { type ActionPageContent, renderActionPageHtml } from '../../render/action-page';
import { portalName } from '../mail';
import { signInWithByoid } from './byoid';
import { confirmSignIn } from './confirm-sign-in';
import { extendAccess, isMoreTimeTokenUsable, requestMoreTimeByLink } from './extend-access';
import { inviteColleagues } from './invite-colleagues';
import { logInMember } from './log-in-member';
import type { NewMemberSession } from './member-sessions';
import { requireMemberViewer } from './member-viewer';
import { acceptNda, getNdaStatus } from './nda';
import { byoidWelcomePage, moreTimeConfirmPage, moreTimePage, refusalPage, signInConfirmPage } from './pages';
import { requestAccess } from './request-access';
import { requestAccessAgain } from './request-again';
import { isSignInTokenUsable } from './sign-in-links';
import { signOutMember } from './sign-out-member';
import { renderSignedNda } from './signed-nda-pdf';

const oneMinuteMs = 60_000;
const oneHourMs = 60 * oneMinuteMs;
const shareParams = z.object({ org: Slug });
const accountParams = z.object({ accountId: z.string().uuid() });
const Token = z.string().min(1).max(limits.queryValueMaxLength);
// Sign-in and requests act on no session's authority: no CSRF header is needed (or possible) there.
const publicWrite = { viewer: 'portal', skipCsrf: true } as const;
const sessionStart = { ...publicWrite, startsSession: true } as const;
const html = 'text/html; charset=utf-8';

function bodyEmail(request: FastifyRequest): string {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase().slice(0, limits.emailMaxLength) : '';
}

function userAgent(request: FastifyRequest): string | null {
  const value = request.headers['user-agent'];
  return typeof value === 'string' ? value : null;
}

/**
 * Visitor side of access (spec 3 §4, §7): work-e-mail login by one-time link, access requests,
 * extend access, invite colleagues, logout, clickwrap NDA and bring-your-own-identity sign-in.
 */
export const accessRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { isProduction } = deps.config;
  const db = deps.database.db;
  // The sign-in and welcome pages post plain HTML forms; only these routes accept that encoding.
  acceptFormPosts(app);

  const perAddressLimit = (name: string, max: number) => {
    const limit = app.createRateLimit({
      max,
      timeWindow: oneHourMs,
      keyGenerator: (request) => `${name}:${(request.params as { org?: string }).org}:${bodyEmail(request)}`,
    });
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const result = await limit(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', result.ttlInSeconds);
        throw new AppError('rate_limited', messages.rateLimited);
      }
    };
  };
  const limitInvitesPerMember = app.createRateLimit({
    max: accessLimits.invitePerMemberPerHour,
    timeWindow: oneHourMs,
    keyGenerator: (request) => `invite:${readSessionToken(request, 'member', isProduction) ?? request.ip}`,
  });

  const pageOptions = { isWatching: deps.config.watchWebBuild };
  const refuse = async (reply: FastifyReply, viewer: Viewer, message: string) =>
    reply
      .status(400)
      .header('cache-control', 'no-store')
      .type(html)
      .send(
        await renderActionPageHtml(
          viewer.organisation,
          refusalPage({
            portalName: portalName(viewer.organisation),
            message,
            portalPath: `/${viewer.organisation.slug}`,
          }),
          pageOptions,
        ),
      );
  const refusalPageAnswer = htmlPage('The page that says why the link or token cannot be used');
  const sessionStartedAnswer = redirectAnswer(
    'Signed in: the member session cookie is set and Location is the portal',
  );
  const startSession = (reply: FastifyReply, viewer: Viewer, session: NewMemberSession) => {
    setSessionCookie(reply, 'member', session, isProduction);
    return reply.header('cache-control', 'no-store').redirect(`/${viewer.organisation.slug}`, 303);
  };

  app.post(
    '/api/statuspage/share/:org/login',
    {
      config: {
        ...publicWrite,
        rateLimit: {
          max: accessLimits.loginPerIpPerMinute,
          timeWindow: oneMinuteMs,
          keyGenerator: (request) => `login:${request.ip}`,
        },
      },
      preHandler: perAddressLimit('login', accessLimits.loginPerAddressPerHour),
      schema: {
        tags: ['access'],
        summary: 'Work-e-mail login: mails a one-time sign-in link to an authorised member, or names why not',
        params: shareParams,
        body: LoginInput,
        response: { 200: LoginResult },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return logInMember({ ctx: verbContext(deps, request), input: request.body });
    },
  );

  app.post(
    '/api/statuspage/share/:org/request',
    {
      config: {
        ...publicWrite,
        rateLimit: {
          max: accessLimits.requestPerIpPerMinute,
          timeWindow: oneMinuteMs,
          keyGenerator: (request) => `request:${request.ip}`,
        },
      },
      preHandler: perAddressLimit('request', accessLimits.requestPerAddressPerHour),
      schema: {
        tags: ['access'],
        summary:
          "Access request (spec 3 §3 payload), validated with the organisation's field settings; answers the outcome",
        params: shareParams,
        body: z.record(z.string(), z.unknown()),
        response: { 200: RequestResult },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return requestAccess({
        ctx: verbContext(deps, request),
        input: { body: request.body, ipAddress: request.ip, userAgent: userAgent(request) },
      });
    },
  );

  app.post(
    '/api/statuspage/share/:org/request-again',
    {
      config: {
        ...publicWrite,
        rateLimit: {
          max: accessLimits.requestPerIpPerMinute,
          timeWindow: oneMinuteMs,
          keyGenerator: (request) => `request-again:${request.ip}`,
        },
      },
      preHandler: perAddressLimit('request-again', accessLimits.requestPerAddressPerHour),
      schema: {
        tags: ['access'],
        summary:
          "'Request access again' after access expired, without a session: queues a renewal of the member's account",
        params: shareParams,
        body: RequestAgainInput,
        response: { 200: ExtendAccessResult },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return requestAccessAgain({
        ctx: verbContext(deps, request),
        input: { body: request.body, ipAddress: request.ip, userAgent: userAgent(request) },
      });
    },
  );

  app.get(
    '/api/statuspage/share/:org/sign-in',
    {
      config: { viewer: 'portal' },
      schema: {
        tags: ['access'],
        summary: 'The page a sign-in link opens: a button that posts the token (opening it changes nothing)',
        params: shareParams,
        querystring: z.object({ token: Token.optional() }),
        response: { 200: htmlPage('The page with the sign-in button'), 400: refusalPageAnswer },
      },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const { token } = request.query;
      if (!token || !(await isSignInTokenUsable(db, viewer.organisation.id, token))) {
        return refuse(reply, viewer, accessMessages.signInLinkInvalid);
      }
      return reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .type(html)
        .send(
          await renderActionPageHtml(
            viewer.organisation,
            signInConfirmPage({
              portalName: portalName(viewer.organisation),
              actionPath: `/api/statuspage/share/${viewer.organisation.slug}/sign-in`,
              token,
              portalPath: `/${viewer.organisation.slug}`,
            }),
            pageOptions,
          ),
        );
    },
  );

  app.post(
    '/api/statuspage/share/:org/sign-in',
    {
      config: sessionStart,
      schema: {
        tags: ['access'],
        summary: 'Uses a one-time sign-in token (form or JSON): sets the member session, 303 to the portal',
        params: shareParams,
        body: SignInConfirmInput,
        response: { 303: sessionStartedAnswer, 400: refusalPageAnswer },
      },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      try {
        const session = await confirmSignIn({
          ctx: verbContext(deps, request),
          input: {
            token: request.body.token,
            replacedToken: readSessionToken(request, 'member', isProduction),
          },
        });
        return startSession(reply, viewer, session);
      } catch (error) {
        if (isAppError(error) && error.code === 'token_invalid') return refuse(reply, viewer, error.message);
        throw error;
      }
    },
  );

  const moreTimeLimit = {
    viewer: 'portal' as const,
    rateLimit: {
      max: accessLimits.extensionLinkPerIpPerMinute,
      timeWindow: oneMinuteMs,
      keyGenerator: (request: FastifyRequest) => `more-time:${request.ip}`,
    },
  };
  const moreTimePath = (viewer: Viewer) =>
    `/api/statuspage/share/${viewer.organisation.slug}/request-more-time`;
  const sendMoreTimePage = async (
    reply: FastifyReply,
    viewer: Viewer,
    status: number,
    page: ActionPageContent,
  ) =>
    reply
      .status(status)
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .type(html)
      .send(await renderActionPageHtml(viewer.organisation, page, pageOptions));
  const moreTimeTexts = (viewer: Viewer) => ({
    organisationName: viewer.organisation.name,
    portalName: portalName(viewer.organisation),
    portalPath: `/${viewer.organisation.slug}`,
  });

  app.get(
    '/api/statuspage/share/:org/request-more-time',
    {
      config: moreTimeLimit,
      schema: {
        tags: ['access'],
        summary:
          "The expiry reminder's link: a page with a button that asks for more time (opening it changes nothing)",
        params: shareParams,
        querystring: z.object({ token: Token.optional() }),
        response: {
          200: htmlPage('The page with the button that asks for more time'),
          400: htmlPage('The page that says the link cannot be used'),
        },
      },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const { token } = request.query;
      const isUsable = token ? await isMoreTimeTokenUsable(db, viewer.organisation.id, token) : false;
      const texts = moreTimeTexts(viewer);
      return isUsable
        ? sendMoreTimePage(
            reply,
            viewer,
            200,
            moreTimeConfirmPage({ ...texts, actionPath: moreTimePath(viewer), token: token! }),
          )
        : sendMoreTimePage(reply, viewer, 400, moreTimePage({ ...texts, answer: null }));
    },
  );

  app.post(
    '/api/statuspage/share/:org/request-more-time',
    {
      config: moreTimeLimit,
      schema: {
        tags: ['access'],
        summary:
          "The expiry reminder page's button: asks staff for more time (once) and shows the answer as a page",
        params: shareParams,
        // A missing or broken token gets the page that says so, not a JSON error.
        body: z.object({ token: z.string().max(limits.queryValueMaxLength).optional() }),
        response: {
          200: htmlPage('The page that says more time was asked for'),
          400: htmlPage('The page that says the link cannot be used'),
          409: htmlPage('The page that says why more time cannot be asked for now'),
        },
      },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const { token } = request.body;
      const answer = token
        ? await requestMoreTimeByLink({
            ctx: verbContext(deps),
            input: { organisation: viewer.organisation, token },
          })
        : null;
      const status = !answer ? 400 : answer.code === 'error' ? 409 : 200;
      return sendMoreTimePage(reply, viewer, status, moreTimePage({ ...moreTimeTexts(viewer), answer }));
    },
  );

  app.get(
    '/:org/byoid',
    {
      config: { viewer: 'portal' },
      schema: {
        hide: true,
        params: shareParams,
        querystring: z.object({ byoidJwt: Token.optional() }),
      },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const token = request.query.byoidJwt;
      if (!token) return reply.redirect(`/${viewer.organisation.slug}`, 303);
      return reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .type(html)
        .send(
          await renderActionPageHtml(
            viewer.organisation,
            byoidWelcomePage({
              portalName: portalName(viewer.organisation),
              actionPath: `/api/statuspage/share/${viewer.organisation.slug}/byoid`,
              token,
              portalPath: `/${viewer.organisation.slug}`,
            }),
            pageOptions,
          ),
        );
    },
  );

  app.post(
    '/api/statuspage/share/:org/byoid',
    {
      config: {
        ...sessionStart,
        rateLimit: {
          max: accessLimits.loginPerIpPerMinute,
          timeWindow: oneMinuteMs,
          keyGenerator: (request) => `byoid:${request.ip}`,
        },
      },
      schema: {
        tags: ['access'],
        summary:
          "Signs in with a token from the organisation's identity provider (form or JSON), 303 to the portal",
        params: shareParams,
        body: z.object({ byoidJwt: Token }),
        response: { 303: sessionStartedAnswer, 400: refusalPageAnswer },
      },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      try {
        const session = await signInWithByoid({
          ctx: verbContext(deps, request),
          input: {
            token: request.body.byoidJwt,
            replacedToken: readSessionToken(request, 'member', isProduction),
          },
        });
        return startSession(reply, viewer, session);
      } catch (error) {
        if (isAppError(error) && error.code === 'token_invalid') return refuse(reply, viewer, error.message);
        throw error;
      }
    },
  );

  app.post(
    '/api/statuspage/share/:accountId/external/extend-access',
    {
      schema: {
        tags: ['access'],
        security: signedInMember,
        summary: "Asks staff to extend the signed-in member's account access",
        params: accountParams,
        response: { 200: ExtendAccessResult },
      },
    },
    async (request) => {
      const viewer = await requireMemberViewer(request, { db, config: deps.config });
      return extendAccess({
        ctx: { ...verbContext(deps), viewer },
        input: { accountId: request.params.accountId },
      });
    },
  );

  app.post(
    '/api/statuspage/share/:accountId/external/invite-colleague',
    {
      preHandler: async (request, reply) => {
        const result = await limitInvitesPerMember(request);
        if (!result.isAllowed && result.isExceeded) {
          reply.header('retry-after', result.ttlInSeconds);
          throw new AppError('rate_limited', messages.rateLimited);
        }
      },
      schema: {
        tags: ['access'],
        security: signedInMember,
        summary: 'Invites colleagues to the signed-in member’s account: one mail each with an invite link',
        params: accountParams,
        body: InviteColleaguesInput,
        response: { 200: InviteColleaguesResult },
      },
    },
    async (request) => {
      const viewer = await requireMemberViewer(request, { db, config: deps.config });
      return inviteColleagues({
        ctx: { ...verbContext(deps), viewer },
        input: { accountId: request.params.accountId, body: request.body },
      });
    },
  );

  app.post(
    '/api/statuspage/share/auth/logout',
    {
      schema: {
        tags: ['access'],
        security: signedInMember,
        summary: "Ends the member's session and clears the cookie; answers the portal page to return to",
        response: { 200: LogoutResult },
      },
    },
    async (request, reply) => {
      const viewer = await requireMemberViewer(request, { db, config: deps.config });
      const result = await signOutMember({ ctx: { ...verbContext(deps), viewer } });
      clearSessionCookie(reply, 'member', isProduction);
      reply.header('cache-control', 'no-store');
      return result;
    },
  );

  app.get(
    '/api/statuspage/share/:org/nda',
    {
      config: { viewer: 'portal' },
      schema: {
        tags: ['access'],
        summary: "The viewer's NDA status: provider, whether accepted, and the text to accept",
        params: shareParams,
        response: { 200: NdaStatus },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return getNdaStatus({ ctx: verbContext(deps, request) });
    },
  );

  app.post(
    '/api/statuspage/share/:org/nda/accept',
    {
      config: { viewer: 'portal' },
      schema: {
        tags: ['access'],
        summary: 'Accepts the current NDA version (clickwrap); records the evidence',
        params: shareParams,
        body: AcceptNdaInput,
        response: { 200: NdaStatus },
      },
    },
    async (request) =>
      acceptNda({
        ctx: verbContext(deps, request),
        input: { body: request.body, ipAddress: request.ip, userAgent: userAgent(request) },
      }),
  );

  app.post(
    '/api/statuspage/share/:org/download-signed-clickwrap-nda',
    {
      config: { viewer: 'portal' },
      schema: {
        tags: ['access'],
        summary: "The member's signed NDA as a PDF with the evidence of acceptance",
        params: shareParams,
        response: { 200: mediaAnswer('The signed NDA', ['application/pdf']) },
      },
    },
    async (request, reply) => {
      const { bytes, fileName } = await renderSignedNda({ ctx: verbContext(deps, request) });
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', contentDisposition('attachment', fileName))
        .type('application/pdf')
        .send(bytes);
    },
  );
};
