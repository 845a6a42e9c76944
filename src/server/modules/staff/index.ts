/** The staff module's public surface: other modules and the server's composition roots import only this. */
export { hashPassword, newTemporaryPassword } from './passwords';
export { findStaffUserByEmail, insertStaffUser } from './queries';
export { staffRoutes } from './routes';
export { signInClientOf } from './security-routes';
export type { SignInClient } from './sign-in-staff';
export { findSsoSettings } from './sso-queries';
export { endSessionOfStaff, listSessionsOfStaff } from './staff-sessions';
