/** The integrations module's public surface: other modules and the server's composition roots import only this. */
export { integrationRoutes } from './routes';
