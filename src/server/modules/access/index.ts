/** The access module's public surface: other modules and the server's composition roots import only this. */
export { findDomainRule, findOrCreateAccessSettings, listDomainRules } from './access-settings-store';
export { loadTokenSecret, signExtensionToken } from './access-tokens';
export { isJwksAddressRefused } from './byoid-keys';
export { emailDomain, isFreeMailDomain } from './email-domains';
export { mailStaff, requestDeclinedMail } from './mails';
export { isAccountAuthorised } from './member-status';
export { memberSummaryOf } from './member-summary';
export { requireMemberViewer } from './member-viewer';
export { createPurgeCredentialsHandler, purgeCredentialsQueue } from './purge-expired-credentials';
export { findAccountByDomain, findAccountById, findMemberByEmail, findMemberById } from './queries';
export { isUniqueViolation, requestAccess } from './request-access';
export { accessRoutes } from './routes';
export { mailSignInLink } from './sign-in-links';
