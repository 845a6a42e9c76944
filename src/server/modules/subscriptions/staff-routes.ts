import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BlockInput,
  BlockParams,
  SubscriberListQuery,
  SubscriberListResponse,
  SubscriberParams,
  SubscriptionBlockList,
  SubscriptionBlockView,
} from '../../../shared/updates';
import type { AppDeps } from '../../context';
import { requireViewer } from '../../plugins/viewer';
import {
  blockSubscription,
  deleteSubscriber,
  listBlocks,
  listSubscribers,
  unblockSubscription,
} from './staff-subscribers';

const staffRoute = { viewer: 'staff' as const };
const tags = ['subscriptions'];

/** Staff views of subscribers and blocks (console). */
export const subscriptionStaffRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const context = (request: FastifyRequest) => ({ db: deps.database.db, viewer: requireViewer(request) });

  app.get(
    '/api/subscribers',
    {
      config: staffRoute,
      schema: {
        tags,
        summary: 'Subscribers by status, with counts per status',
        querystring: SubscriberListQuery,
        response: { 200: SubscriberListResponse },
      },
    },
    (request) => listSubscribers({ ctx: context(request), input: request.query }),
  );

  app.delete(
    '/api/subscribers/:subscriberId',
    { config: staffRoute, schema: { tags, summary: 'Deletes a subscriber', params: SubscriberParams } },
    async (request, reply) => {
      await deleteSubscriber({ ctx: context(request), input: request.params });
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/subscription-blocks',
    {
      config: staffRoute,
      schema: { tags, summary: 'Blocked addresses and domains', response: { 200: SubscriptionBlockList } },
    },
    (request) => listBlocks({ ctx: context(request) }),
  );

  app.post(
    '/api/subscription-blocks',
    {
      config: staffRoute,
      schema: {
        tags,
        summary: 'Blocks an address or a domain from subscription and update mail',
        body: BlockInput,
        response: { 201: SubscriptionBlockView },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await blockSubscription({ ctx: context(request), input: request.body })),
  );

  app.delete(
    '/api/subscription-blocks/:blockId',
    { config: staffRoute, schema: { tags, summary: 'Lifts a block', params: BlockParams } },
    async (request, reply) => {
      await unblockSubscription({ ctx: context(request), input: request.params });
      return reply.status(204).send();
    },
  );
};
