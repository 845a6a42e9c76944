import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ChannelList, ChannelParams } from '../../../shared/channels';
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
import { contentDisposition } from '../../core';
import { mediaAnswer } from '../../net/answers';
import { staffRoutes } from '../../net/staff-routes';
import { listChannels, removeChannel, resumeChannel } from './staff-channels';
import {
  blockSubscription,
  deleteSubscriber,
  exportSubscribers,
  listBlocks,
  listSubscribers,
  unblockSubscription,
} from './staff-subscribers';

const tags = ['subscriptions'];

/** Staff views of subscribers and blocks (console). */
export const subscriptionStaffRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const staff = staffRoutes(app, { tags, deps, writes: 'statuspage:edit' });
  staff.get(
    '/api/subscribers',
    {
      summary: 'Subscribers by status, with counts per status',
      querystring: SubscriberListQuery,
      response: { 200: SubscriberListResponse },
    },
    (ctx, request) => listSubscribers({ ctx, input: request.query }),
  );

  staff.get(
    '/api/subscribers/channels',
    { summary: 'Chat channels that receive the updates, with their health', response: { 200: ChannelList } },
    (ctx) => listChannels({ ctx }),
  );

  staff.post(
    '/api/subscribers/channels/:channelId/resume',
    {
      summary: 'A channel paused after repeated failures receives again (statuspage:edit)',
      params: ChannelParams,
    },
    (ctx, { params }) => resumeChannel({ ctx, input: params }),
  );

  staff.delete(
    '/api/subscribers/channels/:channelId',
    {
      summary: 'Removes a chat channel; nothing more is posted to it (statuspage:edit)',
      params: ChannelParams,
    },
    (ctx, { params }) => removeChannel({ ctx, input: params }),
  );

  staff.get(
    '/api/subscribers/export.csv',
    {
      summary: 'Every subscriber with what they follow, paused or not, and their dates, as CSV',
      response: { 200: mediaAnswer('The CSV file (UTF-8)', ['text/csv'], { isText: true }) },
    },
    async (ctx, _request, reply) => {
      const csv = await exportSubscribers({ ctx });
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', `subscribers-${day}.csv`))
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  staff.delete(
    '/api/subscribers/:subscriberId',
    { summary: 'Deletes a subscriber', params: SubscriberParams },
    async (ctx, request) => {
      await deleteSubscriber({ ctx, input: request.params });
    },
  );

  staff.get(
    '/api/subscription-blocks',
    { summary: 'Blocked addresses and domains', response: { 200: SubscriptionBlockList } },
    (ctx) => listBlocks({ ctx }),
  );

  staff.post(
    '/api/subscription-blocks',
    {
      summary: 'Blocks an address or a domain from subscription and update mail',
      body: BlockInput,
      response: { 201: SubscriptionBlockView },
    },
    (ctx, request) => blockSubscription({ ctx, input: request.body }),
  );

  staff.delete(
    '/api/subscription-blocks/:blockId',
    { summary: 'Lifts a block', params: BlockParams },
    async (ctx, request) => {
      await unblockSubscription({ ctx, input: request.params });
    },
  );
};
