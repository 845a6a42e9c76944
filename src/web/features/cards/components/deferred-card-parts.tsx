import { deferredPart } from '../../../lib/deferred-part';
import { cardPartNames } from './card-part-names';

/**
 * The cards with something to click whose code waits until they come near the viewport or are used
 * (decision 316); the server renders them in full (entry-server registers the components).
 */
export const DeferredDocumentsCard = deferredPart(cardPartNames.documentsCard, () =>
  import('./documents-card/documents-card').then(({ DocumentsCard }) => DocumentsCard),
);
export const DeferredSecurityGradesList = deferredPart(cardPartNames.securityGradesList, () =>
  import('./security-grades-card/security-grades-list').then(({ SecurityGradesList }) => SecurityGradesList),
);
export const DeferredTrustedByGrid = deferredPart(cardPartNames.trustedByGrid, () =>
  import('./trusted-by-card/trusted-by-grid').then(({ TrustedByGrid }) => TrustedByGrid),
);
export const DeferredSubprocessorsTable = deferredPart(cardPartNames.subprocessorsTable, () =>
  import('./subprocessors-card/subprocessors-table').then(({ SubprocessorsTable }) => SubprocessorsTable),
);
