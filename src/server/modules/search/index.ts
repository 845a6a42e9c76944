/** The search module's public surface: other modules and the server's composition roots import only this. */

export { answerQuestion } from './answer-question';
export { createRefreshEmbeddingsHandler, embeddingRefreshQueue, requestEmbeddingRefresh } from './embeddings';
export { findVisibleProduct, kbAccessLevelsFor } from './queries';
export { searchRoutes } from './routes';
export { loadScopeForProduct, searchContent } from './search-content';
export { expandQuery, synonymGroups } from './security-vocabulary';
export { arrayParam, rowsOf, termTsQuery } from './sql-helpers';
export { throwValidationMessage } from './validation-messages';
