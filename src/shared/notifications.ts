import { z } from 'zod';
import { AccessRequestKind } from './access';
import { updateLimits, updateMessages } from './update-texts';
import { WebhookUrl } from './updates';

/**
 * Telling the right people (issue 20 part 2): each staff user's notification preference for new access
 * requests, and the organisation's outgoing webhooks for access events.
 *
 * HTTP surface (staff session; writes need the x-csrf-token header):
 *   GET    /api/notification-preferences                          → NotificationPreferencesView (own)
 *   PUT    /api/notification-preferences    NotificationPreferencesInput → NotificationPreferencesView
 *   GET    /api/access-webhooks                                   → AccessWebhookList
 *   POST   /api/access-webhooks             AccessWebhookCreateInput → AccessWebhookCreated (201; secret once)
 *   PATCH  /api/access-webhooks/:webhookId  AccessWebhookEditInput   → AccessWebhookView
 *   DELETE /api/access-webhooks/:webhookId                        → 204
 * Webhook writes need statuspage:edit (they send who asked for access elsewhere); reading needs the console.
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
  webhookEventsRequired: 'Select at least one event',
  webhookEventInvalid: 'Unknown event',
  webhookNotFound: 'Webhook not found',
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

export const accessEvents = [
  'access.request.created',
  'access.request.approved',
  'access.request.declined',
  'access.expired',
  'access.revoked',
  'access.extended',
] as const;
export type AccessEvent = (typeof accessEvents)[number];
export const accessEventLabels: Record<AccessEvent, string> = {
  'access.request.created': 'Request created',
  'access.request.approved': 'Request approved',
  'access.request.declined': 'Request declined',
  'access.expired': 'Access expired',
  'access.revoked': 'Access revoked',
  'access.extended': 'Access extended',
};
const AccessEventName = z.enum(accessEvents, { error: notificationMessages.webhookEventInvalid });

export const AccessWebhookCreateInput = z.object({
  url: WebhookUrl,
  events: z.array(AccessEventName).min(1, notificationMessages.webhookEventsRequired),
  isActive: z.boolean().default(true),
});
export type AccessWebhookCreateInput = z.input<typeof AccessWebhookCreateInput>;

export const AccessWebhookEditInput = z
  .object({
    url: WebhookUrl.optional(),
    events: z.array(AccessEventName).min(1, notificationMessages.webhookEventsRequired).optional(),
    isActive: z.boolean().optional(),
  })
  .refine(
    (input) => Object.values(input).some((value) => value !== undefined),
    updateMessages.editNeedsAField,
  );
export type AccessWebhookEditInput = z.input<typeof AccessWebhookEditInput>;

export const AccessWebhookView = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(AccessEventName),
  isActive: z.boolean(),
  /** Deliveries that failed for good (after every retry) since the last success. */
  failureCount: z.number().int(),
  lastDeliveredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AccessWebhookView = z.infer<typeof AccessWebhookView>;
export const AccessWebhookList = z.object({ webhooks: z.array(AccessWebhookView) });
export type AccessWebhookList = z.infer<typeof AccessWebhookList>;
export const AccessWebhookCreated = z.object({ webhook: AccessWebhookView, secret: z.string() });
export type AccessWebhookCreated = z.infer<typeof AccessWebhookCreated>;
export const AccessWebhookParams = z.object({ webhookId: z.uuid() });
export const accessWebhookMaxPerOrganisation = updateLimits.webhookMaxPerOrganisation;

/**
 * The JSON body an access webhook receives. Who and what was asked for and decided, never content:
 * no document, item text or NDA body.
 */
export const AccessEventPayload = z.object({
  event: AccessEventName,
  deliveryId: z.string(),
  occurredAt: z.string(),
  organisation: z.object({ slug: z.string(), name: z.string() }),
  request: z
    .object({
      id: z.string(),
      kind: AccessRequestKind,
      status: z.string(),
      email: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      companyName: z.string(),
      productIds: z.array(z.string()),
      createdAt: z.string(),
      decidedAt: z.string().nullable(),
    })
    .nullable(),
  account: z
    .object({
      id: z.string(),
      name: z.string(),
      domain: z.string().nullable(),
      status: z.string(),
      accessExpiresAt: z.string().nullable(),
    })
    .nullable(),
});
export type AccessEventPayload = z.infer<typeof AccessEventPayload>;
