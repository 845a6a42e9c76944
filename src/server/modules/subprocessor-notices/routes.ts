import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import { limits } from '../../../shared/limits';
import { messages } from '../../../shared/messages';
import { Slug } from '../../../shared/portal';
import {
  AnswerObjectionInput,
  NoticeSettings,
  NoticeSettingsInput,
  NoticesOverview,
  NoticeView,
  noticeMessages,
  ObjectionView,
  PublishNoticeInput,
} from '../../../shared/subprocessor-notices';
import { type AppDeps, requireViewer, verbContext } from '../../context';
import { contentDisposition } from '../../core';
import { mediaAnswer } from '../../net/answers';
import { acceptFormPosts } from '../../net/form-posts';
import { staffRoutes } from '../../net/staff-routes';
import { renderActionPageHtml } from '../../render/action-page';
import { getNoticesOverview, noticePath, publishNotice, saveNoticeSettings } from './notices';
import { type ObjectionDone, objectionPageContent } from './objection-page';
import {
  answerObjection,
  exportNotice,
  readObjectionPage,
  recordObjection,
  requestObjectionLink,
} from './objections';

const NoticeParams = z.object({ noticeId: z.string().uuid() });
const ObjectionParams = NoticeParams.extend({ objectionId: z.string().uuid() });
const pageParams = z.object({ org: Slug, noticeId: z.string().uuid() });
const Token = z.string().max(limits.queryValueMaxLength).optional();
// The posts prove who objects by the page's token or ask for a mail: neither needs a cookie or CSRF header.
const tokenRoute = { viewer: 'portal', skipCsrf: true } as const;
const oneMinuteMs = 60_000;

// A refused post comes back to the page as a key, never as text in the address: nobody can make
// this page say their own words.
const refusals = {
  chooseChange: noticeMessages.chooseChange,
  signIn: noticeMessages.signInToObject,
  reasonTooLong: noticeMessages.reasonTooLong,
  emailInvalid: messages.invalidEmail,
  closed: 'The objection window has closed.',
  failed: 'That did not work. Reload the page and try again.',
} as const;
const refusalKeys = Object.keys(refusals) as [keyof typeof refusals, ...Array<keyof typeof refusals>];
function refusalKey(message: string): keyof typeof refusals {
  if (message.startsWith('The objection window closed')) return 'closed';
  if ([messages.emailRequired, messages.emailTooLong].some((text) => text === message)) return 'emailInvalid';
  const found = refusalKeys.find((key) => refusals[key] === message);
  return found ?? 'failed';
}

/** Subprocessor change notices: the console's drafting, publishing and answering; the customers' page. */
export const subprocessorNoticeRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  // The notice's page posts plain HTML forms.
  acceptFormPosts(app);
  const staff = staffRoutes(app, {
    tags: ['subprocessor notices'],
    deps,
    reads: 'console:read',
    writes: 'statuspage:edit',
  });

  staff.get(
    '/api/subprocessor-notices',
    {
      summary:
        'The notice period, what publishing now would announce for a product, and every notice with its objections',
      querystring: z.object({ productId: z.string().uuid() }),
      response: { 200: NoticesOverview },
    },
    (ctx, { query }) => getNoticesOverview(ctx, query),
  );

  staff.post(
    '/api/subprocessor-notices',
    {
      summary:
        'Publishes the pending changes of a product as a notice with its effective date (statuspage:edit)',
      body: PublishNoticeInput,
      response: { 201: NoticeView },
    },
    (ctx, { body }) => publishNotice(ctx, body),
  );

  staff.put(
    '/api/subprocessor-notices/settings',
    {
      summary: 'Sets the default notice period in days (statuspage:edit)',
      body: NoticeSettingsInput,
      response: { 200: NoticeSettings },
    },
    (ctx, { body }) => saveNoticeSettings(ctx, body),
  );

  staff.post(
    '/api/subprocessor-notices/:noticeId/objections/:objectionId/answer',
    {
      summary: 'Answers an objection; the person gets the answer by e-mail (statuspage:edit)',
      params: ObjectionParams,
      body: AnswerObjectionInput,
      response: { 200: ObjectionView },
    },
    (ctx, { params, body }) => answerObjection(ctx, { ...params, body }),
  );

  for (const format of ['csv', 'json'] as const) {
    staff.get(
      `/api/subprocessor-notices/:noticeId/export.${format}`,
      {
        summary: `The notice and its objections as ${format.toUpperCase()}, as evidence`,
        params: NoticeParams,
        response: {
          200: mediaAnswer(
            `The ${format.toUpperCase()} file (UTF-8)`,
            [format === 'csv' ? 'text/csv' : 'application/json'],
            {
              isText: true,
            },
          ),
        },
      },
      async (ctx, { params }, reply) => {
        const body = await exportNotice(ctx, { noticeId: params.noticeId, format });
        return reply
          .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8')
          .header(
            'content-disposition',
            contentDisposition('attachment', `subprocessor-notice-${params.noticeId}.${format}`),
          )
          .header('cache-control', 'no-store')
          .send(body);
      },
    );
  }

  app.get(
    '/:org/subprocessor-notices/:noticeId',
    {
      config: { viewer: 'portal' },
      schema: {
        hide: true,
        params: pageParams,
        querystring: z.object({
          // Staff previews (as the public, an account or a profile) read these: the page shows what they would see.
          preview: z.enum(['public']).optional(),
          accountId: z.string().uuid().optional(),
          permissionProfileId: z.string().uuid().optional(),
          token: Token,
          done: z.enum(['objected', 'linkSent']).optional(),
          error: z.enum(refusalKeys).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { org, noticeId } = request.params;
      const { organisation } = requireViewer(request);
      const page = await readObjectionPage(verbContext(deps, request), {
        noticeId,
        token: request.query.token,
      });
      reply.header('cache-control', 'private, no-store').header('referrer-policy', 'no-referrer');
      const content = objectionPageContent({
        organisationName: organisation.name,
        page,
        actionPath: `${noticePath(org, noticeId)}/object`,
        linkPath: `${noticePath(org, noticeId)}/link`,
        portalPath: `/${org}`,
        signInPath: `/${org}?loginRequest=true`,
        done: request.query.done as ObjectionDone | undefined,
        error: request.query.error ? refusals[request.query.error] : undefined,
      });
      return reply
        .type('text/html; charset=utf-8')
        .send(await renderActionPageHtml(organisation, content, { isWatching: deps.config.watchWebBuild }));
    },
  );

  /** Back to the page with what happened; a refused post keeps its sentence, a token keeps the form. */
  const backToPage = (org: string, noticeId: string, outcome: Record<string, string | undefined>) => {
    const query = new URLSearchParams(
      Object.entries(outcome).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
    return `${noticePath(org, noticeId)}?${query}`;
  };

  app.post(
    '/:org/subprocessor-notices/:noticeId/object',
    {
      config: {
        ...tokenRoute,
        rateLimit: { max: 30, timeWindow: oneMinuteMs, keyGenerator: (request) => `objection:${request.ip}` },
      },
      schema: { hide: true, params: pageParams, body: z.record(z.string(), z.string().max(5000)) },
    },
    async (request, reply) => {
      const { org, noticeId } = request.params;
      const token = request.body.token;
      try {
        await recordObjection(verbContext(deps, request), { noticeId, form: request.body });
        return reply.redirect(backToPage(org, noticeId, { token, done: 'objected' }), 303);
      } catch (error) {
        if (!(error instanceof AppError) || error.status >= 500 || error.code === 'not_found') throw error;
        return reply.redirect(backToPage(org, noticeId, { token, error: refusalKey(error.message) }), 303);
      }
    },
  );

  app.post(
    '/:org/subprocessor-notices/:noticeId/link',
    {
      config: {
        ...tokenRoute,
        rateLimit: {
          max: 10,
          timeWindow: oneMinuteMs,
          keyGenerator: (request) => `objection-link:${request.ip}`,
        },
      },
      schema: {
        hide: true,
        params: pageParams,
        body: z.object({ email: z.string().max(limits.emailMaxLength) }),
      },
    },
    async (request, reply) => {
      const { org, noticeId } = request.params;
      try {
        await requestObjectionLink(verbContext(deps, request), { noticeId, email: request.body.email });
        return reply.redirect(backToPage(org, noticeId, { done: 'linkSent' }), 303);
      } catch (error) {
        if (!(error instanceof AppError) || error.status >= 500 || error.code === 'not_found') throw error;
        return reply.redirect(backToPage(org, noticeId, { error: refusalKey(error.message) }), 303);
      }
    },
  );
};
