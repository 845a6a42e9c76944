/** The knowledge-base module's public surface: other modules and the server's composition roots import only this. */
export { createKbEntry } from './create-kb-entry';
export { knowledgeBaseRoutes } from './routes';
