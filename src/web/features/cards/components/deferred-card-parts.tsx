import { deferredPart } from '../../../lib/deferred-part';

/**
 * The cards with something to click whose code waits until they come near the viewport or are used
 * (decision 316); the server renders them in full (entry-server registers the components).
 */
/** One name per part: the client's marker and the server's registration (server-card-parts.ts). */
export const cardPartNames = {
  documentsCard: 'documents-card',
  securityGradesList: 'security-grades-list',
  trustedByGrid: 'trusted-by-grid',
  subprocessorsTable: 'subprocessors-table',
  gridCard: 'grid-card',
} as const;

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
// Each card of the grid waits for its own place: the grid runs many screens down on a phone.
export const DeferredGridCard = deferredPart(
  cardPartNames.gridCard,
  () => import('./grid-card').then(({ GridCard }) => GridCard),
  { key: ({ card }) => card.kind, className: 'grid' },
);
