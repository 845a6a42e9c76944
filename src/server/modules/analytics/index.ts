/** The analytics module's public surface: other modules and the server's composition roots import only this. */
export { createPurgeAnalyticsHandler, purgeAnalyticsQueue } from './purge-expired-events';
export { recordPageView } from './record-page-view';
export type { StaffEvent } from './record-staff-events';
export { recordStaffEvents } from './record-staff-events';
export { analyticsRoutes } from './routes';
