import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotificationPreferencesInput, NotificationPreferencesView } from '../../../shared/notifications';
import type { AppDeps } from '../../context';
import { staffRoutes } from '../../net/staff-routes';
import { getNotificationPreferences, saveNotificationPreferences } from './preferences';

/** Staff notification preferences (own) (issue 20 part 2). */
export const notificationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const staff = staffRoutes(app, { tags: ['notifications (staff)'], deps, writes: 'console:read' });

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
};
