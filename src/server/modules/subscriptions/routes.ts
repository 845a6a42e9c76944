import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import type { Translator } from '../../../shared/i18n/translator';
import { updateCategoryKeys } from '../../../shared/i18n/update-category-keys';
import { limits } from '../../../shared/limits';
import { messages } from '../../../shared/messages';
import { Slug } from '../../../shared/portal';
import {
  ConfirmSubscriptionInput,
  ConfirmSubscriptionResult,
  SubscribeInput,
  SubscribeResult,
  SubscriptionChoiceForm,
  subscriptionChoiceMessages,
  subscriptionLimits,
  UnsubscribeResult,
} from '../../../shared/subscriptions';
import { categoryLabels, feedPath, updateCategories } from '../../../shared/updates';
import { type AppDeps, requireViewer, verbContext } from '../../context';
import { acceptFormPosts } from '../../net/form-posts';
import { type ActionPageContent, renderActionPageHtml } from '../../render/action-page';
import { translatorFor } from '../../render/locale';
import {
  channelConfirmPage,
  channelDoneKeys,
  channelManagePage,
  channelRefusalKeys,
  channelRefusalOf,
  channelSubscribePage,
} from './channel-pages';
import {
  ChannelSubscribeForm,
  changeChannel,
  channelOfToken,
  confirmChannel,
  manageToken,
  subscribeChannel,
} from './channels';
import { confirmSubscriptionPage } from './confirm-page';
import { confirmSubscription } from './confirm-subscription';
import { subscribeToUpdates } from './subscribe-to-updates';
import {
  changeSubscription,
  choiceProblemKeys,
  followedProductNames,
  noticeOf,
  type OfferedProduct,
  offeredProducts,
  readChoiceForm,
  readSubscription,
  subscriberLocale,
  subscriptionChoices,
  subscriptionPreferencesPage,
} from './subscription-preferences';
import { confirmationPageLocale, signUnsubscribeToken } from './subscription-tokens';
import { unsubscribeFromUpdates } from './unsubscribe-from-updates';

const oneMinuteMs = 60_000;
const oneHourMs = 60 * oneMinuteMs;
const shareParams = z.object({ org: Slug });
const OptionalToken = z.string().max(limits.queryValueMaxLength).optional();
// Token-authenticated or harmless without a session: no cookie and no CSRF header needed.
const tokenRoute = { viewer: 'portal', skipCsrf: true } as const;

function subscribeEmail(request: FastifyRequest): string {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase().slice(0, limits.emailMaxLength) : '';
}

/** Every feed of the trust center, in Atom and JSON Feed: everything, each offered product, each kind. */
function feedLinks(slug: string, offered: readonly OfferedProduct[], { t }: Translator) {
  const both = (label: string, filter: Parameters<typeof feedPath>[2]) => ({
    label,
    formats: [
      { href: feedPath(slug, 'atom', filter), label: 'Atom' },
      { href: feedPath(slug, 'json', filter), label: 'JSON Feed' },
    ],
  });
  return [
    both(t('subscription.everyUpdate'), {}),
    ...offered.map((product) => both(product.name, { product: product.slug })),
    ...updateCategories.map((category) => both(t(updateCategoryKeys[category]), { category })),
  ];
}

/** Subscribe (double opt-in), confirm and unsubscribe, for visitors and for mail clients (RFC 8058). */
export const subscriptionRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  // HTML forms and RFC 8058 one-click posts arrive form-encoded; only these routes accept that.
  acceptFormPosts(app);
  const limitSubscribesPerAddress = app.createRateLimit({
    max: subscriptionLimits.subscribeRequestsPerAddressPerHour,
    timeWindow: oneHourMs,
    keyGenerator: (request) =>
      `subscribe:${(request.params as { org?: string }).org}:${subscribeEmail(request)}`,
  });

  app.post(
    '/api/statuspage/share/:org/subscribe',
    {
      config: {
        ...tokenRoute,
        rateLimit: {
          max: subscriptionLimits.subscribeRequestsPerIpPerMinute,
          timeWindow: oneMinuteMs,
          keyGenerator: (request) => `subscribe:${request.ip}`,
        },
      },
      preHandler: async (request, reply) => {
        const limit = await limitSubscribesPerAddress(request);
        if (!limit.isAllowed && limit.isExceeded) {
          reply.header('retry-after', limit.ttlInSeconds);
          throw new AppError('rate_limited', messages.rateLimited);
        }
      },
      schema: {
        tags: ['subscriptions'],
        summary:
          'Subscribe to updates: sends a confirmation mail (double opt-in); same answer for every address',
        params: shareParams,
        body: SubscribeInput,
        response: { 202: SubscribeResult },
      },
    },
    async (request, reply) => {
      const result = await subscribeToUpdates({ ctx: verbContext(deps, request), input: request.body });
      return reply.status(202).send(result);
    },
  );

  app.post(
    '/api/statuspage/share/:org/subscribe/confirm',
    {
      config: tokenRoute,
      schema: {
        tags: ['subscriptions'],
        summary: 'Confirms a subscription with the token from the confirmation mail',
        params: shareParams,
        body: ConfirmSubscriptionInput,
        response: { 200: ConfirmSubscriptionResult },
      },
    },
    async (request) => confirmSubscription({ ctx: verbContext(deps, request), input: request.body }),
  );

  app.post(
    '/api/statuspage/share/:org/unsubscribe',
    {
      config: tokenRoute,
      schema: {
        tags: ['subscriptions'],
        summary: 'Unsubscribes with a token: JSON { token }, or RFC 8058 one-click with ?token=',
        params: shareParams,
        querystring: z.object({ token: OptionalToken }),
        body: z
          .object({ token: OptionalToken, 'List-Unsubscribe': z.literal('One-Click').optional() })
          .optional(),
        response: { 200: UnsubscribeResult },
      },
    },
    async (request) => {
      const token = request.body?.token ?? request.query.token;
      if (!token) throw new AppError('token_invalid', messages.tokenInvalid);
      return unsubscribeFromUpdates({ ctx: verbContext(deps, request), input: { token } });
    },
  );

  app.get(
    '/:org/subscribe/confirm',
    {
      config: tokenRoute,
      schema: {
        hide: true,
        params: shareParams,
        querystring: z.object({
          token: OptionalToken,
          error: z.enum(['chooseOne', 'chooseProduct']).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { org } = request.params;
      const { token } = request.query;
      if (!token) return reply.redirect(`/${org}?subscribeStatus=TokenInvalid`, 303);
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      const { organisation } = requireViewer(request);
      const translator = translatorFor(await confirmationPageLocale(deps.database.db, organisation, token));
      const offered = await offeredProducts(deps.database.db, organisation.id);
      const page = confirmSubscriptionPage({
        organisationName: organisation.name,
        actionPath: `/${org}/subscribe/confirm`,
        token,
        portalPath: `/${org}`,
        choices: subscriptionChoices(null, null, offered, translator),
        ...(request.query.error ? { error: translator.t(choiceProblemKeys[request.query.error]) } : {}),
        translator,
      });
      return reply
        .type('text/html; charset=utf-8')
        .send(await renderActionPageHtml(organisation, page, { isWatching: deps.config.watchWebBuild }));
    },
  );

  app.post(
    '/:org/subscribe/confirm',
    {
      config: tokenRoute,
      schema: {
        hide: true,
        params: shareParams,
        body: z.object({ token: OptionalToken }).catchall(z.string().max(10)).optional(),
      },
    },
    async (request, reply) => {
      const { org } = request.params;
      const token = request.body?.token;
      // The page ticks everything; a person who unticks every kind or product is asked again.
      const sawBoxes = token !== undefined && request.body?.choices === '1';
      const offered = sawBoxes
        ? await offeredProducts(deps.database.db, requireViewer(request).organisation.id)
        : [];
      const choice = sawBoxes ? readChoiceForm(request.body ?? {}, offered) : null;
      if (token && choice && 'error' in choice) {
        const again = new URLSearchParams({ token, error: choice.error });
        return reply.redirect(`/${org}/subscribe/confirm?${again}`, 303);
      }
      const { status } = token
        ? await confirmSubscription({
            ctx: verbContext(deps, request),
            input: { token, ...(choice && !('error' in choice) ? { choice } : {}) },
          })
        : { status: 'TokenInvalid' as const };
      return reply.redirect(`/${org}?subscribeStatus=${status}`, 303);
    },
  );

  // The preference page every update mail links to (issue 34 §1): GET shows, only POST changes.
  app.get(
    '/:org/subscription',
    {
      config: tokenRoute,
      schema: {
        hide: true,
        params: shareParams,
        querystring: z.object({
          token: OptionalToken,
          done: z.string().max(20).optional(),
          error: z.enum(['chooseOne', 'chooseProduct', 'linkInvalid']).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { org } = request.params;
      const { token = '', done, error } = request.query;
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      const ctx = verbContext(deps, request);
      const { organisation } = requireViewer(request);
      const offered = await offeredProducts(ctx.db, organisation.id);
      const found = token ? await readSubscription(ctx, token) : null;
      // The page speaks the language the person subscribed in, whatever the browser asks for.
      const translator = translatorFor(subscriberLocale(found?.subscriber, organisation.customisation));
      const notice = noticeOf(done, translator);
      const page = subscriptionPreferencesPage({
        organisationName: organisation.name,
        actionPath: `/${org}/subscription`,
        portalPath: `/${org}`,
        token,
        found,
        offered,
        feeds: feedLinks(organisation.slug, offered, translator),
        ...(notice ? { notice } : {}),
        ...(error ? { error: translator.t(choiceProblemKeys[error]) } : {}),
        translator,
      });
      return reply
        .type('text/html; charset=utf-8')
        .send(await renderActionPageHtml(organisation, page, { isWatching: deps.config.watchWebBuild }));
    },
  );

  // The account menu's "Update e-mails": a signed-in member's address is proven, so the page opens for it.
  app.get(
    '/:org/subscription/mine',
    { config: { viewer: 'portal' }, schema: { hide: true, params: shareParams } },
    async (request, reply) => {
      const { org } = request.params;
      const { member, session, organisation } = requireViewer(request);
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      if (!member || !session) return reply.redirect(`/${org}?loginRequest=true`, 303);
      const token = await signUnsubscribeToken(deps.database.db, organisation, member.email);
      return reply.redirect(`/${org}/subscription?${new URLSearchParams({ token })}`, 303);
    },
  );

  app.post(
    '/:org/subscription',
    {
      config: {
        ...tokenRoute,
        rateLimit: {
          max: 30,
          timeWindow: oneMinuteMs,
          keyGenerator: (request) => `preferences:${request.ip}`,
        },
      },
      schema: { hide: true, params: shareParams, body: SubscriptionChoiceForm },
    },
    async (request, reply) => {
      const change = await changeSubscription(verbContext(deps, request), request.body);
      const next = new URLSearchParams({ token: request.body.token });
      if ('done' in change) next.set('done', change.done);
      else next.set('error', change.error);
      return reply.redirect(`/${request.params.org}/subscription?${next}`, 303);
    },
  );
  // Chat channels (issue 34 §2): the visitor's form, the confirmation posted to the channel, its manage link.
  const channelQuery = z.object({
    token: OptionalToken,
    done: z.enum(channelDoneKeys).optional(),
    error: z.enum(channelRefusalKeys).optional(),
  });
  const sendPage = async (reply: FastifyReply, request: FastifyRequest, page: ActionPageContent) => {
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    return reply.type('text/html; charset=utf-8').send(
      await renderActionPageHtml(requireViewer(request).organisation, page, {
        isWatching: deps.config.watchWebBuild,
      }),
    );
  };

  app.get(
    '/:org/subscribe/channel',
    { config: tokenRoute, schema: { hide: true, params: shareParams, querystring: channelQuery } },
    async (request, reply) => {
      const { org } = request.params;
      const { organisation } = requireViewer(request);
      const offered = await offeredProducts(deps.database.db, organisation.id);
      return sendPage(
        reply,
        request,
        channelSubscribePage({
          organisationName: organisation.name,
          portalPath: `/${org}`,
          actionPath: `/${org}/subscribe/channel`,
          choices: subscriptionChoices(null, null, offered),
          done: request.query.done,
          error: request.query.error,
        }),
      );
    },
  );

  app.post(
    '/:org/subscribe/channel',
    {
      config: {
        ...tokenRoute,
        rateLimit: { max: 10, timeWindow: oneMinuteMs, keyGenerator: (request) => `channel:${request.ip}` },
      },
      schema: { hide: true, params: shareParams, body: z.record(z.string(), z.string().max(4096)) },
    },
    async (request, reply) => {
      const { org } = request.params;
      const back = (outcome: Record<string, string>) =>
        reply.redirect(`/${org}/subscribe/channel?${new URLSearchParams(outcome)}`, 303);
      const offered = await offeredProducts(deps.database.db, requireViewer(request).organisation.id);
      const form = ChannelSubscribeForm.safeParse(request.body);
      if (!form.success) return back({ error: channelRefusalOf(form.error.issues[0]?.message ?? '') });
      const choice = readChoiceForm(request.body, offered);
      if ('error' in choice) return back({ error: choice.error });
      try {
        await subscribeChannel(verbContext(deps, request), {
          kind: form.data.kind,
          url: form.data.url,
          ...choice,
        });
      } catch (error) {
        if (!(error instanceof AppError) || error.status >= 500) throw error;
        return back({ error: channelRefusalOf(error.message) });
      }
      return back({ done: 'sent' });
    },
  );

  app.get(
    '/:org/subscription/channel/confirm',
    { config: tokenRoute, schema: { hide: true, params: shareParams, querystring: channelQuery } },
    async (request, reply) => {
      const { org } = request.params;
      const { organisation } = requireViewer(request);
      const token = request.query.token ?? null;
      const channel = token
        ? await channelOfToken(deps.database.db, organisation.id, 'confirm', token)
        : null;
      return sendPage(
        reply,
        request,
        channelConfirmPage({
          organisationName: organisation.name,
          portalPath: `/${org}`,
          actionPath: `/${org}/subscription/channel/confirm`,
          token: channel ? token : null,
          urlHint: channel?.urlHint ?? null,
          error: request.query.error,
        }),
      );
    },
  );

  app.post(
    '/:org/subscription/channel/confirm',
    {
      config: tokenRoute,
      schema: { hide: true, params: shareParams, body: z.object({ token: OptionalToken }) },
    },
    async (request, reply) => {
      const { org } = request.params;
      const token = request.body.token ?? '';
      const ctx = verbContext(deps, request);
      const channel = await confirmChannel(ctx, token);
      if (!channel) return reply.redirect(`/${org}/subscription/channel/confirm?error=linkInvalid`, 303);
      const manage = await manageToken(ctx.db, channel);
      return reply.redirect(
        `/${org}/subscription/channel?${new URLSearchParams({ token: manage, done: 'confirmed' })}`,
        303,
      );
    },
  );

  app.get(
    '/:org/subscription/channel',
    { config: tokenRoute, schema: { hide: true, params: shareParams, querystring: channelQuery } },
    async (request, reply) => {
      const { org } = request.params;
      const { organisation } = requireViewer(request);
      const db = deps.database.db;
      const token = request.query.token ?? '';
      const channel = token ? await channelOfToken(db, organisation.id, 'manage', token) : null;
      const offered = await offeredProducts(db, organisation.id);
      return sendPage(
        reply,
        request,
        channelManagePage({
          organisationName: organisation.name,
          portalPath: `/${org}`,
          actionPath: `/${org}/subscription/channel`,
          token,
          channel: channel
            ? { ...channel, productNames: followedProductNames(channel.products, offered) }
            : null,
          choices: subscriptionChoices(channel?.categories ?? null, channel?.products ?? null, offered),
          done: request.query.done,
          error: request.query.error,
        }),
      );
    },
  );

  app.post(
    '/:org/subscription/channel',
    {
      config: {
        ...tokenRoute,
        rateLimit: {
          max: 30,
          timeWindow: oneMinuteMs,
          keyGenerator: (request) => `channel-manage:${request.ip}`,
        },
      },
      schema: { hide: true, params: shareParams, body: z.record(z.string(), z.string().max(4096)) },
    },
    async (request, reply) => {
      const { org } = request.params;
      const token = request.body.token ?? '';
      const intent = request.body.intent === 'stop' ? 'stop' : 'save';
      const back = (outcome: Record<string, string>) =>
        reply.redirect(`/${org}/subscription/channel?${new URLSearchParams({ token, ...outcome })}`, 303);
      const offered = await offeredProducts(deps.database.db, requireViewer(request).organisation.id);
      const choice = intent === 'save' ? readChoiceForm(request.body, offered) : null;
      if (choice && 'error' in choice) return back({ error: choice.error });
      const outcome = await changeChannel(verbContext(deps, request), { token, intent, choice });
      return back(outcome === 'linkInvalid' ? { error: outcome } : { done: outcome });
    },
  );
};
