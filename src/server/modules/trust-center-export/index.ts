/** The trust-center-export module's public surface: other modules and the server's composition roots import only this. */
export { trustCenterExportRoutes } from './routes';
