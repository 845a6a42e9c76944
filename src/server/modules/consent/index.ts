/** The consent module's public surface: other modules and the server's composition roots import only this. */
export { baseCspDirectives, portalContentSecurityPolicy } from './content-security-policy';
