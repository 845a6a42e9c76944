/** The notifications module's public surface: other modules and the server's composition roots import only this. */
export { queueAccessEvent } from './access-events';
export { announceExpiriesQueue, createAnnounceExpiriesHandler } from './announce-expiries';
export { notifyStaffOfRequest } from './notify-staff-of-request';
export { notificationRoutes } from './routes';
export { createStaffDigestHandler, staffDigestQueue } from './staff-digest';
