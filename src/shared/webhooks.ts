import { z } from 'zod';
import { AccessRequestKind } from './access';
import { limits } from './limits';
import { updateMessages } from './update-texts';
import { UpdateCategory } from './updates';

/**
 * The organisation's outgoing webhooks (issue 31 §4): one list, each webhook subscribed to event types —
 * a public update published (in chosen categories) and the access events.
 *
 * HTTP surface (staff session; writes need the x-csrf-token header and statuspage:edit, reading the console):
 *   GET    /api/webhooks                                       → WebhookList
 *   POST   /api/webhooks                    WebhookCreateInput → WebhookCreated (201; secret shown once)
 *   PATCH  /api/webhooks/:webhookId         WebhookEditInput   → WebhookView
 *   DELETE /api/webhooks/:webhookId                            → 204
 *
 * Payloads are signed: x-attest-signature: sha256=<hex of HMAC-SHA256(secret, `${x-attest-timestamp}.${body}`)>,
 * x-attest-timestamp: unix seconds; x-attest-event names the event, x-attest-delivery the delivery.
 */

export const webhookLimits = { maxPerOrganisation: 20 } as const;

export const webhookMessages = {
  urlInvalid: 'Enter an http(s) address such as https://example.com/hooks/attest',
  urlNotAllowed: 'This address is not allowed for webhooks (private or local network)',
  eventsRequired: 'Select at least one event',
  eventInvalid: 'Unknown event',
  categoriesRequired: 'Select at least one category for published updates',
  notFound: 'Webhook not found',
  limit: `At most ${webhookLimits.maxPerOrganisation} webhooks per organisation`,
} as const;

export const updateEvents = ['update.published'] as const;
export const accessEvents = [
  'access.request.created',
  'access.request.approved',
  'access.request.declined',
  'access.expired',
  'access.revoked',
  'access.extended',
] as const;
export const webhookEvents = [...updateEvents, ...accessEvents] as const;
export type WebhookEvent = (typeof webhookEvents)[number];
export type AccessEvent = (typeof accessEvents)[number];

export const webhookEventLabels: Record<WebhookEvent, string> = {
  'update.published': 'Update published',
  'access.request.created': 'Request created',
  'access.request.approved': 'Request approved',
  'access.request.declined': 'Request declined',
  'access.expired': 'Access expired',
  'access.revoked': 'Access revoked',
  'access.extended': 'Access extended',
};

/** How the console groups the choices. */
export const webhookEventGroups = [
  { label: 'Trust updates', events: updateEvents },
  { label: 'Access', events: accessEvents },
] as const;

export const WebhookEventName = z.enum(webhookEvents, { error: webhookMessages.eventInvalid });

export const WebhookUrl = z
  .string()
  .trim()
  .max(limits.urlMaxLength, webhookMessages.urlInvalid)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (
        (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === ''
      );
    } catch {
      return false;
    }
  }, webhookMessages.urlInvalid);

/** Categories matter only with `update.published`, and then at least one is needed. */
export function categoriesProblem(events: readonly string[], categories: readonly string[]): string | null {
  return events.includes('update.published') && categories.length === 0
    ? webhookMessages.categoriesRequired
    : null;
}

export const WebhookCreateInput = z
  .object({
    url: WebhookUrl,
    events: z.array(WebhookEventName).min(1, webhookMessages.eventsRequired),
    categories: z.array(UpdateCategory).default([]),
    isActive: z.boolean().default(true),
  })
  .superRefine((input, context) => {
    const problem = categoriesProblem(input.events, input.categories);
    if (problem) context.addIssue({ code: 'custom', path: ['categories'], message: problem });
  });
export type WebhookCreateInput = z.input<typeof WebhookCreateInput>;

/** A partial change; the server checks the categories rule on the webhook as it will be. */
export const WebhookEditInput = z
  .object({
    url: WebhookUrl.optional(),
    events: z.array(WebhookEventName).min(1, webhookMessages.eventsRequired).optional(),
    categories: z.array(UpdateCategory).optional(),
    isActive: z.boolean().optional(),
  })
  .refine(
    (input) => Object.values(input).some((value) => value !== undefined),
    updateMessages.editNeedsAField,
  );
export type WebhookEditInput = z.input<typeof WebhookEditInput>;

export const WebhookView = z.object({
  id: z.string().uuid(),
  url: z.string(),
  events: z.array(WebhookEventName),
  /** The update categories `update.published` is sent for; empty without that event. */
  categories: z.array(UpdateCategory),
  isActive: z.boolean(),
  /** Deliveries that failed for good (after every retry) since the last success. */
  failureCount: z.number().int(),
  lastDeliveredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookView = z.infer<typeof WebhookView>;
export const WebhookList = z.object({ webhooks: z.array(WebhookView) });
export type WebhookList = z.infer<typeof WebhookList>;
/** The signing secret is shown once, at creation. */
export const WebhookCreated = z.object({ webhook: WebhookView, secret: z.string() });
export type WebhookCreated = z.infer<typeof WebhookCreated>;
export const WebhookParams = z.object({ webhookId: z.string().uuid() });

/** The body sent when a public update is published. */
export const UpdatePublishedPayload = z.object({
  event: z.literal('update.published'),
  deliveryId: z.string(),
  organisation: z.object({ slug: z.string(), name: z.string() }),
  topic: z.object({ id: z.string().uuid(), subject: z.string(), category: UpdateCategory }),
  update: z.object({ id: z.string().uuid(), createdAt: z.string(), html: z.string(), url: z.string() }),
});
export type UpdatePublishedPayload = z.infer<typeof UpdatePublishedPayload>;

/**
 * The body sent for an access event. Who and what was asked for and decided, never content: no
 * document, item text or NDA body.
 */
export const AccessEventPayload = z.object({
  event: z.enum(accessEvents),
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

export type WebhookPayload = UpdatePublishedPayload | AccessEventPayload;
