/** The health module's public surface: other modules and the server's composition roots import only this. */
export { healthRoutes } from './routes';
