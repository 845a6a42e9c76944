/** Business constants and limits (spec 1 §9 and our own, each named once). */
export const limits = {
  searchTermMaxLength: 512,
  slugMaxLength: 63,
  queryValueMaxLength: 2048,
  emailMaxLength: 254,
  passwordMinLength: 12,
  passwordMaxLength: 256,
  portalTitleMaxLength: 60,
  organisationNameMaxLength: 100,
  staffNameMaxLength: 100,
  personNameMaxLength: 50,
  companyNameMinLength: 2,
  companyNameMaxLength: 100,
  urlMaxLength: 2048,
  productListMaxHeightPx: 300,
  multiProductTooltipDelayMs: 500,
  bannerMaxHeightPx: 350,
  notificationWindowHours: 24,
  topicHighlightOffsetPx: 200,
  copiedIndicatorMs: 3000,
  /** Sign-in attempts per minute for one e-mail from one address, and for any e-mails from one address. */
  signInAttemptsPerMinute: 10,
  signInAttemptsPerAddressPerMinute: 30,
  ogImageWidth: 1200,
  ogImageHeight: 630,
} as const;

export const dateFormat = 'MMMM d, yyyy';
