import fastifyStatic from '@fastify/static';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { type FastifyPluginAsyncZod, hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, isAppError } from '../../../shared/errors';
import type { MessageKey, Translator } from '../../../shared/i18n/translator';
import { type FoundItem, findItemBySlug, findItemByUid } from '../../../shared/item-links';
import { limits } from '../../../shared/limits';
import { messages } from '../../../shared/messages';
import type { ErrorPageData, PortalPageData } from '../../../shared/page';
import { PortalQuery, Slug } from '../../../shared/portal';
import { type AppDeps, requireViewer, verbContext } from '../../context';
import { isOwnHost, markIfStale, resolveOrganisation } from '../../plugins/viewer';
import type { Viewer, ViewerOrganisation } from '../../policy/viewer';
import { packageJson } from '../../project-root';
import { type ActionPageContent, renderActionPageHtml } from '../../render/action-page';
import { noAccessPage, renderErrorPageHtml } from '../../render/error-pages';
import { chooseLocale, keepAskedLocale, translatorFor } from '../../render/locale';
import { portalLanguages, renderPortalDocument } from '../../render/portal-document';
import { renderAboutDocument, renderConsoleDocument } from '../../render/static-documents';
import { clientAssetsDirectory, loadWebBuild } from '../../render/web-build';
import { recordPageView } from '../analytics';
import { portalContentSecurityPolicy } from '../consent';
import { portalName } from '../mail';
import { getNotificationBar } from '../updates';
import { findHomeDestination } from './find-home-destination';
import { getShapedPortalView } from './get-portal-view';
import { personalPageKey, personalParts, preparePersonalPage } from './personal-page';
import { prepareBody } from './prepared-body';
import { sendPreparedBody, sendSplicedBody } from './send-body';

/**
 * A page without any per-person part: a Public-mode viewer without a session (no CSRF token, no
 * member summary). A member's page is shared with their own parts spliced in; staff pages are drawn per request.
 */
function isSharedPage(viewer: Viewer): boolean {
  return viewer.mode === 'public' && viewer.session === null && viewer.member === null;
}

/** The portal's query parameters (spec 1 §2) plus ?preview=public, which the viewer plugin reads. */
const PortalPageQuery = PortalQuery.extend({ preview: z.enum(['public']).optional() });
const orgParams = z.object({ org: Slug });
const itemSlug = z.string().min(1).max(limits.queryValueMaxLength);
const html = 'text/html; charset=utf-8';

const notFoundPage: ErrorPageData = {
  status: 404,
  title: 'Page not found',
  message: 'There is nothing at this address. Check the link, or start again from the home page.',
  detail: null,
};
const badRequestPage: ErrorPageData = {
  status: 400,
  title: 'This link is not valid',
  message: 'Part of the address is malformed or too long. Check the link and try again.',
  detail: null,
};

function errorPageFor(error: FastifyError, isProduction: boolean): ErrorPageData {
  if (hasZodFastifySchemaValidationErrors(error)) {
    // A malformed organisation or item in the path is simply not a page; malformed query values are a 400.
    return error.validationContext === 'params' ? notFoundPage : badRequestPage;
  }
  if (isAppError(error)) {
    if (error.code === 'forbidden') return noAccessPage;
    if (error.status === 404) {
      return {
        ...notFoundPage,
        title: error.code === 'not_found' ? notFoundPage.title : error.message,
        message:
          error.code === 'organisation_not_found'
            ? 'There is no trust center at this address. Check the link, or ask the company for theirs.'
            : notFoundPage.message,
      };
    }
    if (error.status < 500) {
      const isPreview = Boolean(error.fields?.accountId ?? error.fields?.permissionProfileId);
      const message = isPreview
        ? 'Choose the account or permission profile again from the preview menu in the staff console.'
        : 'Check the link, or go back to the page you came from.';
      return { status: error.status, title: error.message, message, detail: null };
    }
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return { ...badRequestPage, status };
  return {
    status: 500,
    title: 'Something went wrong',
    message: messages.genericError,
    detail: isProduction ? null : (error.stack ?? String(error)),
  };
}

/** The organisation's error pages in the visitor's language: the problems a visitor meets by link. */
const localisedErrors: Array<{ page: ErrorPageData; title: MessageKey; message: MessageKey }> = [
  { page: notFoundPage, title: 'errors.notFoundTitle', message: 'errors.notFoundText' },
  { page: badRequestPage, title: 'errors.badLinkTitle', message: 'errors.badLinkText' },
  { page: noAccessPage, title: 'errors.noAccessTitle', message: 'errors.noAccessText' },
];

/** A 4xx page of an organisation's portal: its brand, the problem, and the way back to its portal. */
function organisationErrorPage(
  organisation: ViewerOrganisation,
  page: ErrorPageData,
  { t, locale }: Translator,
): ActionPageContent {
  const known = localisedErrors.find(
    (candidate) => candidate.page.title === page.title && candidate.page.message === page.message,
  );
  const title = known ? t(known.title) : page.title;
  return {
    title,
    heading: title,
    text: known ? t(known.message) : page.message,
    form: null,
    back: {
      href: `/${organisation.slug}`,
      label: t('errors.backTo', { portalTitle: portalName(organisation) }),
    },
    locale,
  };
}

/**
 * HTML pages: the portal (server-rendered, hydrated), /about, the console's shell and the built
 * client assets. Failures here answer with HTML pages; API routes keep their JSON errors.
 */
/**
 * Our own top-level paths (decision 16), never organisation slugs: one that is not served here (say
 * /metrics without METRICS_TOKEN) is a plain 404, not a redirect to the default route.
 */
const ownTopLevelPaths = new Set([
  'about',
  'console',
  'api',
  'assets',
  'dev',
  'item',
  'product',
  'healthz',
  'readyz',
  'metrics',
]);

export const htmlRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { config } = deps;
  const buildOptions = { isWatching: config.watchWebBuild };

  await app.register(fastifyStatic, {
    root: clientAssetsDirectory,
    prefix: '/assets/',
    decorateReply: false,
    immutable: true,
    maxAge: '365d',
    index: false,
    // The build writes .br and .gz beside each text asset; they are sent as they are, by Accept-Encoding
    // (with Vary: Accept-Encoding, which @fastify/static adds itself since version 10).
    preCompressed: true,
  });

  /**
   * The organisation of a portal page refused before the viewer was built (a malformed query fails
   * validation first), so its error page is branded too; none when the address names no organisation.
   */
  async function pageOrganisationOf(request: FastifyRequest): Promise<ViewerOrganisation | null> {
    if (request.routeOptions.config.viewer !== 'portal') return null;
    try {
      return await resolveOrganisation(deps.database.db, config, request, deps.providers.cache);
    } catch {
      return null;
    }
  }

  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    // An address naming no organisation goes to the default route (spec 1 §2), which finds one.
    const orgSlug = (request.params as { org?: unknown } | undefined)?.org;
    if (
      isAppError(error) &&
      error.code === 'organisation_not_found' &&
      typeof orgSlug === 'string' &&
      !ownTopLevelPaths.has(orgSlug)
    ) {
      return reply.header('cache-control', 'no-store').redirect('/', 302);
    }
    const page = errorPageFor(error, config.isProduction);
    if (page.status >= 500) request.log.error({ err: error }, 'page failed');
    const organisation =
      request.pageOrganisation ?? (page.status < 500 ? await pageOrganisationOf(request) : null);
    return reply
      .status(page.status)
      .header('content-type', html)
      .header('cache-control', 'no-store')
      .send(
        organisation && page.status < 500
          ? await renderActionPageHtml(
              organisation,
              organisationErrorPage(
                organisation,
                page,
                translatorFor(chooseLocale(request, organisation.customisation)),
              ),
              buildOptions,
            )
          : await renderErrorPageHtml(page, buildOptions),
      );
  });

  /**
   * The item a permalink or ?itemUid= names, looked up only among the cards of the view the policy
   * gate built for this viewer: an item the viewer may not see is simply not there. A permalink to
   * such an item is a 404; an unknown ?itemUid= just leaves the page as it is.
   */
  function resolveItem(
    cards: PortalPageData['view']['cards'],
    input: { itemSlug?: string; itemUid?: string },
  ): FoundItem | null {
    if (input.itemSlug !== undefined) {
      const found = findItemBySlug(cards, input.itemSlug);
      if (!found) throw new AppError('not_found', notFoundPage.title);
      return found;
    }
    return input.itemUid ? findItemByUid(cards, input.itemUid) : null;
  }

  async function sendPortalPage(
    request: FastifyRequest,
    reply: FastifyReply,
    input: {
      basePath: string;
      productSlug?: string;
      productId?: string;
      itemSlug?: string;
      itemUid?: string;
    },
  ) {
    const viewer: Viewer = requireViewer(request);
    // A preview address is a staff view: the viewer plugin gives anyone else Public mode, the page says no.
    const query = request.query as { accountId?: string; permissionProfileId?: string; preview?: string };
    const isPreviewAsked = Boolean(query.accountId || query.permissionProfileId || query.preview);
    if (isPreviewAsked && viewer.mode !== 'preview') throw new AppError('forbidden', messages.noAccess);
    const ctx = verbContext(deps, request);
    // The notification bar is part of the first paint: no layout shift when it arrives later.
    const [build, { view, shapeKey }, notification] = await Promise.all([
      loadWebBuild(buildOptions),
      getShapedPortalView({ ctx, input: { productSlug: input.productSlug, productId: input.productId } }),
      getNotificationBar({ ctx, input: { product: input.productSlug } }),
    ]);
    const item = resolveItem(view.cards, input);
    const locale = chooseLocale(request, view.customisation);
    keepAskedLocale(request, reply, locale);
    // Queued, never awaited: the page does not wait for the analytics write (none while the database is away).
    if (!request.staleSince) {
      recordPageView(deps.database.db, {
        viewer,
        path: request.url.split('?')[0] ?? request.url,
        userAgent: request.headers['user-agent'],
        onError: (error) => app.log.warn({ err: error }, 'page views not recorded'),
      });
    }
    const data: PortalPageData = {
      view,
      basePath: input.basePath,
      csrfToken: viewer.session?.csrfToken ?? null,
      recentUpdate: notification.latest
        ? {
            topicId: notification.latest.topicId,
            subject: notification.latest.subject,
            createdAt: notification.latest.createdAt,
          }
        : null,
      languages: portalLanguages(view, locale, item, input.basePath),
      ...(item ? { openItemUid: item.item.itemUid } : {}),
    };
    reply
      .header('content-type', html)
      .header('cache-control', viewer.session ? 'private, no-store' : 'no-cache')
      // The language comes from ?lang=, the kept choice (a cookie) or Accept-Language.
      .header('vary', 'Cookie, Accept-Language')
      // Exactly the origins of this organisation's configured scripts, on top of the default policy.
      .header('content-security-policy', portalContentSecurityPolicy(view.customisation));
    markIfStale(request, reply);
    const renderData = (pageData: PortalPageData) =>
      renderPortalDocument(build, pageData, { revision: viewer.organisation.revision, item });
    // Every anonymous visitor gets the same page for what it resolved to: rendered and compressed once
    // per revision. Keyed by the resolved product and item, so made-up query values cannot fill the cache.
    const { id, revision } = viewer.organisation;
    const key = `page:${build.entries.portal.script}:${input.basePath}:${view.product.productId}:${item?.item.itemUid ?? ''}:${locale}`;
    if (isSharedPage(viewer)) {
      const body = await deps.providers.cache.body(id, revision, key, async () =>
        prepareBody(html, renderData(data)),
      );
      return sendPreparedBody(request, reply, body);
    }
    const member = view.viewer.member;
    if (shapeKey === null || member === null) return reply.send(renderData(data));
    // A member's page is shared by their access shape with their own parts spliced in per request.
    const personalKey = `${key}:member:${shapeKey}:${personalPageKey(member)}:${data.csrfToken !== null}:${data.recentUpdate?.topicId ?? ''}`;
    const template = await deps.providers.cache.body(id, revision, personalKey, async () =>
      preparePersonalPage(build, data, member, renderData),
    );
    if (template.kind === 'unshareable') return reply.send(renderData(data));
    return sendSplicedBody(
      request,
      reply,
      template.body,
      personalParts(build, template, member, data.csrfToken, locale),
    );
  }

  const portalRoute = { config: { viewer: 'portal' as const } };
  const hidden = { hide: true };

  app.get(
    '/:org',
    { ...portalRoute, schema: { ...hidden, params: orgParams, querystring: PortalPageQuery } },
    (request, reply) =>
      sendPortalPage(request, reply, {
        basePath: `/${request.params.org}`,
        productSlug: request.query.product,
        productId: request.query.productId,
        itemUid: request.query.itemUid,
      }),
  );

  // Item permalinks (spec 2 §2): the portal with that item's card open, and the item in the head.
  app.get(
    '/:org/item/:slug',
    {
      ...portalRoute,
      schema: { ...hidden, params: orgParams.extend({ slug: itemSlug }), querystring: PortalPageQuery },
    },
    (request, reply) =>
      sendPortalPage(request, reply, {
        basePath: `/${request.params.org}`,
        productSlug: request.query.product,
        productId: request.query.productId,
        itemSlug: request.params.slug,
      }),
  );

  app.get(
    '/:org/product/:productSlug/:slug',
    {
      ...portalRoute,
      schema: {
        ...hidden,
        params: orgParams.extend({ productSlug: Slug, slug: itemSlug }),
        querystring: PortalPageQuery,
      },
    },
    (request, reply) =>
      sendPortalPage(request, reply, {
        basePath: `/${request.params.org}`,
        productSlug: request.params.productSlug,
        itemSlug: request.params.slug,
      }),
  );

  // On an organisation's own domain the Host names the organisation and paths have no slug.
  app.get(
    '/item/:slug',
    {
      ...portalRoute,
      schema: { ...hidden, params: z.object({ slug: itemSlug }), querystring: PortalPageQuery },
    },
    (request, reply) =>
      sendPortalPage(request, reply, {
        basePath: '',
        productSlug: request.query.product,
        productId: request.query.productId,
        itemSlug: request.params.slug,
      }),
  );

  app.get(
    '/product/:productSlug/:slug',
    {
      ...portalRoute,
      schema: {
        ...hidden,
        params: z.object({ productSlug: Slug, slug: itemSlug }),
        querystring: PortalPageQuery,
      },
    },
    (request, reply) =>
      sendPortalPage(request, reply, {
        basePath: '',
        productSlug: request.params.productSlug,
        itemSlug: request.params.slug,
      }),
  );

  app.get(
    '/',
    {
      ...portalRoute,
      schema: { ...hidden, querystring: PortalPageQuery },
      // Runs before the viewer is built: on our own host '/' is no organisation's page, it redirects.
      onRequest: async (request, reply) => {
        if (!isOwnHost(config, request.headers.host)) return;
        const destination = await findHomeDestination({ ctx: verbContext(deps) });
        const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
        return reply.redirect(
          destination.startsWith('/console') ? destination : `${destination}${query}`,
          302,
        );
      },
    },
    (request, reply) =>
      sendPortalPage(request, reply, {
        basePath: '',
        productSlug: request.query.product,
        productId: request.query.productId,
        itemUid: request.query.itemUid,
      }),
  );

  app.get('/about', { schema: hidden }, async (_request, reply) => {
    const build = await loadWebBuild(buildOptions);
    return reply
      .header('content-type', html)
      .header('cache-control', 'public, max-age=3600')
      .send(renderAboutDocument(build, { licence: packageJson.license, version: packageJson.version }));
  });

  const sendConsole = async (_request: FastifyRequest, reply: FastifyReply) => {
    const build = await loadWebBuild(buildOptions);
    return reply
      .header('content-type', html)
      .header('cache-control', 'no-cache')
      .send(renderConsoleDocument(build));
  };
  app.get('/console', { schema: hidden }, sendConsole);
  app.get('/console/*', { schema: hidden }, sendConsole);

  // Any other page address: an HTML 404. API and asset paths keep the JSON 404 of the API.
  app.get('/*', { schema: hidden }, async (request, reply) => {
    if (/^\/(api|assets)(\/|$)/.test(request.url)) return reply.callNotFound();
    return reply
      .status(404)
      .header('content-type', html)
      .header('cache-control', 'no-store')
      .send(await renderErrorPageHtml(notFoundPage, buildOptions));
  });
};
