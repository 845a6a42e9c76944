/**
 * What a route asks of its caller, as its `schema.security` when the viewer plugin does not guard it
 * (`config.viewer` routes get theirs from plugins/openapi.ts). The names are the API document's
 * security schemes; a route that declares none fails the OpenAPI test.
 */
export type SecurityRequirement = Readonly<
  Partial<
    Record<
      | 'staffSession'
      | 'memberSession'
      | 'memberAccessToken'
      | 'csrfToken'
      | 'tprmToken'
      | 'metricsToken'
      | 'backupToken',
      readonly string[]
    >
  >
>;

/** Anyone may call it: no session or token is read. */
export const openToEveryone: readonly SecurityRequirement[] = [];
/** A signed-in member of the portal, with the session's CSRF token. */
export const signedInMember: readonly SecurityRequirement[] = [{ memberSession: [], csrfToken: [] }];
export const tprmBearer: readonly SecurityRequirement[] = [{ tprmToken: [] }];
export const metricsBearer: readonly SecurityRequirement[] = [{ metricsToken: [] }];
export const backupBearer: readonly SecurityRequirement[] = [{ backupToken: [] }];
