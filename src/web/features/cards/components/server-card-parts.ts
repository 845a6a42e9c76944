import { cardPartNames } from './card-part-names';
import { DocumentsCard } from './documents-card/documents-card';
import { GridCard } from './grid-card';
import { SecurityGradesList } from './security-grades-card/security-grades-list';
import { SubprocessorsTable } from './subprocessors-card/subprocessors-table';
import { TrustedByGrid } from './trusted-by-card/trusted-by-grid';

/**
 * The components behind deferred-card-parts.tsx by part name, for the server renderer (and tests that
 * render as it does) only: the client imports none of them at once.
 */
export const serverCardParts = {
  [cardPartNames.documentsCard]: DocumentsCard,
  [cardPartNames.securityGradesList]: SecurityGradesList,
  [cardPartNames.trustedByGrid]: TrustedByGrid,
  [cardPartNames.subprocessorsTable]: SubprocessorsTable,
  [cardPartNames.gridCard]: GridCard,
};
