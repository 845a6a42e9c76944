/** The subscriptions module's public surface: other modules and the server's composition roots import only this. */

export { channelDeliveryQueue, createChannelDeliveryHandler, queueChannelUpdate } from './channels';
export { createPurgePendingHandler, purgePendingQueue } from './purge-pending-subscribers';
export { reachedByChoice } from './queries';
export { subscriptionRoutes } from './routes';
export { subscriptionStaffRoutes } from './staff-routes';
export { followedLabelIn, followedProductNames, offeredProducts } from './subscription-preferences';
export { unsubscribeLinks } from './subscription-tokens';
