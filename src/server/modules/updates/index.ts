/** The updates module's public surface: other modules and the server's composition roots import only this. */
export { getNotificationBar } from './get-notification-bar';
export { registerUpdateJobHandlers } from './handlers';
export { listVisitorUpdates } from './list-visitor-updates';
export { publishSubprocessorsUpdate } from './publish-subprocessors-update';
export { createUpdatePublishedReader } from './read-update-published';
export { updateRoutes } from './routes';
