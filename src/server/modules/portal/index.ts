/** The portal module's public surface: other modules and the server's composition roots import only this. */
export { getPortalView } from './get-portal-view';
export { htmlRoutes } from './html-routes';
export { portalRoutes } from './routes';
