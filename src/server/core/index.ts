/** The core module's public surface: other modules and the server's composition roots import only this. */
export { insertAuditEntry } from './audit-entry';
export { contentDisposition } from './content-disposition';
export { CsvFormatError, parseCsv, restoreFormula, toCsv } from './csv';
export { installSigningKey, openSealedSecret, sealSecret } from './install-secret';
export {
  findOrganisationByDomain,
  findOrganisationById,
  findOrganisationBySlug,
  findOrganisationRevisionBySlug,
  findOrganisationRowById,
  findOrganisationRowBySlug,
  listOrganisationSlugs,
  listProductLinks,
  listProducts,
  updateOrganisationRow,
} from './organisations';
export { assertPreviewTargets, findPreviewNames } from './preview-targets';
export { publishOrganisationChanged } from './publish-organisation-changed';
export type { TokenCheck, TokenKind, VerifiedToken } from './signed-tokens';
export {
  anyAudience,
  loadTokenKey,
  neverExpires,
  signToken,
  validOrNull,
  verifyToken,
} from './signed-tokens';
export type { StaffContext } from './staff-access';
export { dayMs, notFound, requireAccessEditor, requireConsole, writeAudit } from './staff-access';
export { requireRecentSecondFactor } from './step-up';
export { accessRequestLink, assetUrl, consoleLink, ogImageUrl, portalLink, portalUrl } from './urls';
