/** The questionnaires module's public surface: other modules and the server's composition roots import only this. */
export { createDraftQuestionnaireHandler, draftQuestionnaireQueue } from './draft-job';
export { questionnaireRoutes } from './routes';
