/** UI and API texts taken from the spec; quoted there, quoted here, used by server and web alike. */
export const messages = {
  companyNotFound: 'Company not found',
  noAccess: "You don't have access to this page",
  genericError: 'Sorry, an error has occurred.',
  selectProduct: 'Select a product...',
  letsGo: "Let's Go",
  builtOn: 'Built on',
  cookieSettings: 'Cookie settings',
  defaultPortalTitle: 'Trust Center',
  welcomeTitle: (organisationName: string, portalTitle: string) =>
    `Welcome to ${organisationName}'s ${portalTitle}`,
  latestTrustUpdates: (organisationName: string) =>
    `Click here to see ${organisationName}'s latest trust updates`,
  recentTrustUpdates: 'Recent trust updates available',
  organisationNotFound: 'Organisation not found',
  productNotFound: 'Product not found',
  invalidCredentials: 'The e-mail address or password is not correct.',
  signInRequired: 'Please sign in to continue.',
  csrfFailed: 'This request could not be verified. Reload the page and try again.',
  forbidden: 'You do not have permission to do this.',
  rateLimited: 'Too many requests. Please wait a moment and try again.',
  internal: 'Sorry, an error has occurred.',
  staffEmailTaken: 'A staff user with this e-mail address already exists.',
  unknownOrganisationSlug: (slug: string) =>
    `No organisation has the slug "${slug}"; pass --organisation-name to create it.`,
  passwordTooShort: (length: number) => `The password needs at least ${length} characters.`,
  invalidEmail: 'Enter a valid e-mail address.',
  invalidWebAddress: 'Enter a web address such as https://example.com.',
} as const;
