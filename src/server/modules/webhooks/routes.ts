import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  WebhookCreated,
  WebhookCreateInput,
  WebhookEditInput,
  WebhookList,
  WebhookParams,
  WebhookView,
} from '../../../shared/webhooks';
import type { AppDeps } from '../../context';
import { staffRoutes } from '../../net/staff-routes';
import { createWebhook, deleteWebhook, editWebhook, listWebhookViews } from './writes';

/** The organisation's outgoing webhooks: one list, each subscribed to event types (issue 31 §4). */
export const webhookRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const staff = staffRoutes(app, {
    tags: ['webhooks'],
    deps,
    writes: 'organisation:manage',
    reads: 'organisation:manage',
  });

  staff.get(
    '/api/webhooks',
    { summary: 'Webhooks of the organisation, with their events', response: { 200: WebhookList } },
    (ctx) => listWebhookViews({ ctx }),
  );

  staff.post(
    '/api/webhooks',
    {
      summary: 'Adds a webhook for chosen events; the answer shows its signing secret once (statuspage:edit)',
      body: WebhookCreateInput,
      response: { 201: WebhookCreated },
    },
    (ctx, { body }) => createWebhook({ ctx, input: body }),
  );

  staff.patch(
    '/api/webhooks/:webhookId',
    {
      summary: 'Edits a webhook: address, events, categories, active (statuspage:edit)',
      params: WebhookParams,
      body: WebhookEditInput,
      response: { 200: WebhookView },
    },
    (ctx, { params, body }) => editWebhook({ ctx, input: { ...body, ...params } }),
  );

  staff.delete(
    '/api/webhooks/:webhookId',
    { summary: 'Deletes a webhook (statuspage:edit)', params: WebhookParams },
    (ctx, { params }) => deleteWebhook({ ctx, input: params }),
  );
};
