import { deferredPart } from '../../../lib/deferred-part';

/**
 * The cards with something to click whose code waits until they come near the viewport or are used
 * (decision 316); the server renders them in full (entry-server registers the components).
 */
export const DeferredDocumentsCard = deferredPart('documents-card', () =>
  import('./documents-card/documents-card').then(({ DocumentsCard }) => DocumentsCard),
);
export const DeferredSecurityGradesList = deferredPart('security-grades-list', () =>
  import('./security-grades-card/security-grades-list').then(({ SecurityGradesList }) => SecurityGradesList),
);
export const DeferredTrustedByGrid = deferredPart('trusted-by-grid', () =>
  import('./trusted-by-card/trusted-by-grid').then(({ TrustedByGrid }) => TrustedByGrid),
);
export const DeferredSubprocessorsTable = deferredPart('subprocessors-table', () =>
  import('./subprocessors-card/subprocessors-table').then(({ SubprocessorsTable }) => SubprocessorsTable),
);
