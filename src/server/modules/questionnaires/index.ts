/** The questionnaires module's public surface: other modules and the server's composition roots import only this. */
export { questionnaireRoutes } from './routes';
