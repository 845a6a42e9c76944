import { z } from 'zod';
import { AccessRequestKind } from './access';
import { updateLimits, updateMessages } from './update-texts';

/**
 * Telling the right people (issue 20 part 2): each staff user's notification preference for new access
 * requests.
 *
 * HTTP surface (staff session; writes need the x-csrf-token header):
 *   GET    /api/notification-preferences                          → NotificationPreferencesView (own)
 *   PUT    /api/notification-preferences    NotificationPreferencesInput → NotificationPreferencesView
 * The access events go out through the organisation's webhooks (shared/webhooks.ts).
 */

export const notificationDeliveries = ['each', 'hourly', 'daily', 'none'] as const;
export type NotificationDelivery = (typeof notificationDeliveries)[number];
export const notificationDeliveryLabels: Record<NotificationDelivery, string> = {
  each: 'An e-mail for each request',
  hourly: 'An hourly digest',
  daily: 'A daily digest',
  none: 'No e-mails',
};

export const notificationMessages = {
  deliveryInvalid: 'Choose how you hear about requests: each request, hourly, daily or none',
  productsRequired: 'Choose at least one product, or all products',
  productUnknown: 'A chosen product does not exist in this trust center',
} as const;

export const NotificationPreferencesInput = z
  .object({
    delivery: z.enum(notificationDeliveries, { error: notificationMessages.deliveryInvalid }),
    allProducts: z.boolean({ error: notificationMessages.productsRequired }),
    productIds: z
      .array(z.uuid({ error: notificationMessages.productUnknown }))
      .max(200)
      .default([]),
  })
  .superRefine((input, context) => {
    if (!input.allProducts && input.productIds.length === 0) {
      context.addIssue({
        code: 'custom',
        path: ['productIds'],
        message: notificationMessages.productsRequired,
      });
    }
  });
export type NotificationPreferencesInput = z.input<typeof NotificationPreferencesInput>;

export const NotificationPreferencesView = z.object({
  delivery: z.enum(notificationDeliveries),
  allProducts: z.boolean(),
  productIds: z.array(z.string()),
  /** The organisation's products, for the chooser. */
  products: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type NotificationPreferencesView = z.infer<typeof NotificationPreferencesView>;
