/** The documents module's public surface: other modules and the server's composition roots import only this. */
export { buildDocumentsView } from './build-documents-view';
export { detectAllowedType } from './detect-file-type';
export {
  createExtractTextBackfillHandler,
  createExtractTextHandler,
  enqueueTextExtraction,
  extractTextBackfillQueue,
  extractTextNow,
  extractTextQueue,
} from './extract-document-text';
export { documentRoutes } from './routes';
export { renderTextPdf } from './text-pdf';
export { uploadTooLarge, validFileName } from './upload-document';
