/** The assets module's public surface: other modules and the server's composition roots import only this. */
export { isSelfContainedSvg } from './og-image-svg';
export { assetRoutes } from './routes';
