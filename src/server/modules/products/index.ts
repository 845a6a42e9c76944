/** The products module's public surface: other modules and the server's composition roots import only this. */
export { productRoutes } from './routes';
