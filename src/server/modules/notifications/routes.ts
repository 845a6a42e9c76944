import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AccessWebhookCreated,
  AccessWebhookCreateInput,
  AccessWebhookEditInput,
  AccessWebhookList,
  AccessWebhookParams,
  AccessWebhookView,
  NotificationPreferencesInput,
  NotificationPreferencesView,
} from '../../../shared/notifications';
import type { AppDeps } from '../../context';
import { staffRoutes } from '../../net/staff-routes';
import {
  createAccessWebhook,
  deleteAccessWebhook,
  editAccessWebhook,
  listAccessWebhookViews,
} from './access-webhook-writes';
import { getNotificationPreferences, saveNotificationPreferences } from './preferences';

/** Staff notification preferences (own) and the organisation's access webhooks (issue 20 part 2). */
export const notificationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const staff = staffRoutes(app, { tags: ['notifications (staff)'], deps });

  staff.get(
    '/api/notification-preferences',
    {
      summary: 'How the signed-in staff user hears about new access requests',
      response: { 200: NotificationPreferencesView },
    },
    (ctx) => getNotificationPreferences({ ctx }),
  );

  staff.put(
    '/api/notification-preferences',
    {
      summary: 'Saves how the signed-in staff user hears about new access requests, and for which products',
      body: NotificationPreferencesInput,
      response: { 200: NotificationPreferencesView },
    },
    (ctx, { body }) => saveNotificationPreferences({ ctx, input: body }),
  );

  staff.get(
    '/api/access-webhooks',
    { summary: 'Webhooks for access events', response: { 200: AccessWebhookList } },
    (ctx) => listAccessWebhookViews({ ctx }),
  );

  staff.post(
    '/api/access-webhooks',
    {
      summary: 'Adds a webhook for access events; the answer shows its signing secret once (statuspage:edit)',
      body: AccessWebhookCreateInput,
      response: { 201: AccessWebhookCreated },
    },
    (ctx, { body }) => createAccessWebhook({ ctx, input: body }),
  );

  staff.patch(
    '/api/access-webhooks/:webhookId',
    {
      summary: 'Edits an access webhook: address, events, active (statuspage:edit)',
      params: AccessWebhookParams,
      body: AccessWebhookEditInput,
      response: { 200: AccessWebhookView },
    },
    (ctx, { params, body }) => editAccessWebhook({ ctx, input: { ...body, ...params } }),
  );

  staff.delete(
    '/api/access-webhooks/:webhookId',
    { summary: 'Deletes an access webhook (statuspage:edit)', params: AccessWebhookParams },
    (ctx, { params }) => deleteAccessWebhook({ ctx, input: params }),
  );
};
