/** Query keys of the access console; a write invalidates every list it can change. */
export const accessKeys = {
  requests: ['access-requests'] as const,
  requestPage: (query: string) => ['access-requests', 'page', query] as const,
  request: (id: string) => ['access-requests', 'detail', id] as const,
  accounts: ['accounts'] as const,
  account: (id: string) => ['accounts', id] as const,
  profiles: ['permission-profiles'] as const,
  settings: ['access-settings'] as const,
  ndaVersions: ['nda-versions'] as const,
  restrictedItems: (organisationSlug: string) => ['restricted-items', organisationSlug] as const,
  // The same key as the settings page's query, so both pages share one cached copy.
  organisationSettings: ['organisation-settings'] as const,
};
