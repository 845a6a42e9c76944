/** The staff-users module's public surface: other modules and the server's composition roots import only this. */
export { staffUserRoutes } from './routes';
