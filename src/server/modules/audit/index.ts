/** The audit module's public surface: other modules and the server's composition roots import only this. */
export { auditRoutes } from './routes';
