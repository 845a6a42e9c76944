/** The subprocessor-notices module's public surface: the server's composition roots import only this. */
export { subprocessorNoticeRoutes } from './routes';
