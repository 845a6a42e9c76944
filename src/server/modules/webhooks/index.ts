/** The webhooks module's public surface: other modules and the server's composition roots import only this. */
export { createWebhookDeliveryHandler, previousReleaseQueues, type ReadUpdatePublished } from './deliver';
export {
  queueWebhookDeliveries,
  type WebhookDelivery,
  webhookDeliveryQueue,
  webhookMaxAttempts,
} from './queue-deliveries';
export { webhookRoutes } from './routes';
