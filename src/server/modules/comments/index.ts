/** The comments module's public surface: other modules and the server's composition roots import only this. */
export { commentRoutes } from './routes';
