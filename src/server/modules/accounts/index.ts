/** The accounts module's public surface: other modules and the server's composition roots import only this. */
export { createExpiryRemindersHandler, expiryRemindersQueue } from './expiry-reminders';
export { accountRoutes } from './routes';
