/** One name per part: the client's marker and the server's registration (server-card-parts.ts). */
export const cardPartNames = {
  documentsCard: 'documents-card',
  securityGradesList: 'security-grades-list',
  trustedByGrid: 'trusted-by-grid',
  subprocessorsTable: 'subprocessors-table',
  gridCard: 'grid-card',
} as const;
