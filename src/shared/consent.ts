import { z } from 'zod';
import { limits } from './limits';
import { hasPublicHost } from './network-address';

/** The five categories of the cookie-consent record kept in the visitor's local storage (spec 1 §3). */
export const consentCategories = [
  'strictly_necessary',
  'analytics',
  'marketing_and_advertising',
  'social_media_advertising',
  'performance_and_functionality',
] as const;
export const ConsentCategory = z.enum(consentCategories);
export type ConsentCategory = z.infer<typeof ConsentCategory>;

export const consentCategoryLabels: Record<ConsentCategory, string> = {
  strictly_necessary: 'Strictly necessary',
  analytics: 'Analytics',
  marketing_and_advertising: 'Marketing and advertising',
  social_media_advertising: 'Social media advertising',
  performance_and_functionality: 'Performance and functionality',
};

/** Third-party scripts an organisation may add to its portal (spec 1 §3 Scripts). */
export const scriptKinds = ['googleUa', 'gtag', 'gtm', 'intercom', 'hubspot'] as const;
export type ScriptKind = (typeof scriptKinds)[number];

/** Each id has its vendor's own format, so a typo is refused when staff save, not a dead script. */
export const scriptIdFormats: Record<ScriptKind, { pattern: RegExp; example: string; label: string }> = {
  googleUa: { pattern: /^UA-\d{4,10}-\d{1,4}$/, example: 'UA-12345678-1', label: 'Google Analytics (UA) id' },
  gtag: {
    pattern: /^(?:G|AW|DC|GT)-[A-Z0-9]{4,12}$/,
    example: 'G-AB12CD34EF',
    label: 'Google tag (gtag) id',
  },
  gtm: { pattern: /^GTM-[A-Z0-9]{4,10}$/, example: 'GTM-AB12CD3', label: 'Google Tag Manager container id' },
  intercom: { pattern: /^[a-z0-9]{8}$/, example: 'abc12def', label: 'Intercom app id' },
  hubspot: { pattern: /^\d{3,10}$/, example: '1234567', label: 'HubSpot portal id' },
};

export const scriptLabels: Record<ScriptKind, string> = {
  googleUa: 'Google Analytics',
  gtag: 'Google tag',
  gtm: 'Google Tag Manager',
  intercom: 'Intercom chat',
  hubspot: 'HubSpot',
};

export const consentCategoryDescriptions: Record<ConsentCategory, string> = {
  strictly_necessary: 'Needed for the portal to work: your sign-in session and this choice. Always on.',
  analytics: 'Counts visits and how pages are used, so the portal can be improved.',
  marketing_and_advertising: 'Lets the company follow up on your visit and measure its campaigns.',
  social_media_advertising: 'Lets social networks show you advertising related to this visit.',
  performance_and_functionality: 'Extra features such as the support chat.',
};

/** Which consent category must be granted before each script loads. */
export const scriptCategories: Record<ScriptKind, ConsentCategory> = {
  googleUa: 'analytics',
  gtag: 'analytics',
  gtm: 'analytics',
  intercom: 'performance_and_functionality',
  hubspot: 'marketing_and_advertising',
};

export type CspSources = {
  scriptSrc?: string[];
  connectSrc?: string[];
  frameSrc?: string[];
  fontSrc?: string[];
  mediaSrc?: string[];
};

/** The origins each script needs, per CSP directive; the portal's CSP allows only configured ones. */
export const scriptOrigins: Record<ScriptKind, CspSources> = {
  googleUa: {
    scriptSrc: ['https://www.google-analytics.com'],
    connectSrc: ['https://www.google-analytics.com', 'https://*.google-analytics.com'],
  },
  gtag: {
    scriptSrc: ['https://www.googletagmanager.com'],
    connectSrc: [
      'https://www.googletagmanager.com',
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
    ],
  },
  gtm: {
    scriptSrc: ['https://www.googletagmanager.com'],
    connectSrc: ['https://www.googletagmanager.com', 'https://*.google-analytics.com'],
    frameSrc: ['https://www.googletagmanager.com'],
  },
  intercom: {
    scriptSrc: ['https://widget.intercom.io', 'https://js.intercomcdn.com'],
    connectSrc: ['https://*.intercom.io', 'wss://*.intercom.io', 'https://uploads.intercomcdn.com'],
    frameSrc: ['https://intercom-sheets.com', 'https://www.intercom-reporting.com'],
    fontSrc: ['https://js.intercomcdn.com', 'https://fonts.intercomcdn.com'],
    mediaSrc: ['https://js.intercomcdn.com'],
  },
  hubspot: {
    scriptSrc: [
      'https://js.hs-scripts.com',
      'https://js.hs-analytics.net',
      'https://js.hs-banner.com',
      'https://js.hscollectedforms.net',
      'https://js.hsadspixel.net',
      'https://js.usemessages.com',
    ],
    connectSrc: ['https://*.hubspot.com', 'https://forms.hscollectedforms.net', 'https://*.hs-banner.com'],
    frameSrc: ['https://app.hubspot.com'],
  },
};

function scriptId(kind: ScriptKind) {
  const format = scriptIdFormats[kind];
  return z
    .string()
    .trim()
    .max(64)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .refine(
      (value) => value === null || format.pattern.test(value),
      `Not a valid ${format.label} (for example ${format.example})`,
    );
}

/** What staff send: an empty field clears a script; anything else must match the vendor's id format. */
export const ScriptsInput = z.strictObject({
  googleUa: scriptId('googleUa'),
  gtag: scriptId('gtag'),
  gtm: scriptId('gtm'),
  intercom: scriptId('intercom'),
  hubspot: scriptId('hubspot'),
});

function storedScriptId(kind: ScriptKind) {
  const pattern = scriptIdFormats[kind].pattern;
  // A stored id that no longer matches is dropped, never rendered into a script address.
  return z
    .string()
    .nullable()
    .default(null)
    .transform((value) => (value !== null && pattern.test(value) ? value : null))
    .catch(null);
}

/** What the portal reads from storage: lenient, so a bad stored value never breaks a page. */
export const Scripts = z.object({
  googleUa: storedScriptId('googleUa'),
  gtag: storedScriptId('gtag'),
  gtm: storedScriptId('gtm'),
  intercom: storedScriptId('intercom'),
  hubspot: storedScriptId('hubspot'),
});
export type Scripts = z.infer<typeof Scripts>;

/** The scripts as an answer shows them: already read, so no transform (responses are encoded). */
export const ScriptsView = z.object({
  googleUa: z.string().nullable(),
  gtag: z.string().nullable(),
  gtm: z.string().nullable(),
  intercom: z.string().nullable(),
  hubspot: z.string().nullable(),
}) satisfies z.ZodType<Scripts>;

export const cookieBannerTypes = ['hubspot', 'cookiebot', 'dropbox', 'paypal', 'onetrust'] as const;
export const CookieBannerType = z.enum(cookieBannerTypes, {
  error: (issue) =>
    `Unsupported cookie banner type '${String(issue.input)}': use one of ${cookieBannerTypes.join(', ')}`,
});
export type CookieBannerType = z.infer<typeof CookieBannerType>;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The id each consent platform gives an organisation (Cookiebot cbid, OneTrust domain script id, …). */
export const cookieBannerIdFormats: Record<CookieBannerType, { pattern: RegExp; label: string }> = {
  hubspot: { pattern: /^\d{3,10}$/, label: 'HubSpot portal id (digits)' },
  cookiebot: { pattern: uuidPattern, label: 'Cookiebot domain group id (cbid, a UUID)' },
  onetrust: {
    pattern: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:-test)?$/i,
    label: 'OneTrust domain script id (a UUID)',
  },
  dropbox: { pattern: /^[A-Za-z0-9_-]{1,64}$/, label: 'Dropbox consent id (letters, digits, - and _)' },
  paypal: { pattern: /^[A-Za-z0-9_-]{1,64}$/, label: 'PayPal consent id (letters, digits, - and _)' },
};

/**
 * Consent platforms we load from their vendor; Dropbox's and PayPal's banners are in-house ones,
 * loaded from the address the organisation gives (they have no public script).
 */
export type HostedCookieBannerType = 'hubspot' | 'cookiebot' | 'onetrust';
const inHouseCookieBannerTypes: ReadonlySet<CookieBannerType> = new Set(['dropbox', 'paypal']);
export function isInHouseCookieBanner(type: CookieBannerType): type is 'dropbox' | 'paypal' {
  return inHouseCookieBannerTypes.has(type);
}

/** The origins each vendor's consent platform needs; the portal's CSP allows only the configured one. */
export const cookieBannerOrigins: Record<HostedCookieBannerType, CspSources> = {
  // The banner is part of HubSpot's tracking code, so it needs that code's origins.
  hubspot: scriptOrigins.hubspot,
  cookiebot: {
    scriptSrc: ['https://consent.cookiebot.com', 'https://consentcdn.cookiebot.com'],
    connectSrc: ['https://consent.cookiebot.com', 'https://consentcdn.cookiebot.com'],
    frameSrc: ['https://consentcdn.cookiebot.com'],
  },
  onetrust: {
    scriptSrc: ['https://cdn.cookielaw.org'],
    connectSrc: ['https://cdn.cookielaw.org', 'https://geolocation.onetrust.com'],
  },
};

export const cookieBannerMessages = {
  scriptUrlRequired: "Enter the https address of your organisation's consent script",
  scriptUrlInvalid: 'The consent script must be an https address on a public host',
} as const;

function isPublicHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && !url.username && !url.password && hasPublicHost(url);
  } catch {
    return false;
  }
}

export const CookieBannerInput = z
  .strictObject({
    type: CookieBannerType,
    id: z.string().trim().min(1, 'Enter the id of the cookie banner').max(64),
    showDeclaration: z.boolean().default(true),
    /** In-house banners only (Dropbox, PayPal): where their consent script lives. */
    scriptUrl: z
      .string()
      .trim()
      .max(limits.urlMaxLength)
      .nullable()
      .default(null)
      .transform((value) => (value ? value : null)),
  })
  .superRefine((banner, context) => {
    const format = cookieBannerIdFormats[banner.type];
    if (!format.pattern.test(banner.id)) {
      context.addIssue({ code: 'custom', path: ['id'], message: `Not a valid ${format.label}` });
    }
    if (!isInHouseCookieBanner(banner.type)) return;
    if (banner.scriptUrl === null) {
      context.addIssue({
        code: 'custom',
        path: ['scriptUrl'],
        message: cookieBannerMessages.scriptUrlRequired,
      });
    } else if (!isPublicHttpsUrl(banner.scriptUrl)) {
      context.addIssue({
        code: 'custom',
        path: ['scriptUrl'],
        message: cookieBannerMessages.scriptUrlInvalid,
      });
    }
  })
  // A vendor-hosted banner never takes an address of its own.
  .transform((banner) => (isInHouseCookieBanner(banner.type) ? banner : { ...banner, scriptUrl: null }));

export const CookieBanner = z.object({
  type: CookieBannerType,
  id: z.string(),
  showDeclaration: z.boolean().default(true),
  scriptUrl: z.string().nullable().default(null),
});
export type CookieBanner = z.infer<typeof CookieBanner>;

/** A stored banner of a type this version does not support reads as none: the page still renders. */
export const StoredCookieBanner = CookieBanner.refine(
  (banner) =>
    cookieBannerIdFormats[banner.type].pattern.test(banner.id) &&
    (!isInHouseCookieBanner(banner.type) ||
      (banner.scriptUrl !== null && isPublicHttpsUrl(banner.scriptUrl))),
)
  .nullable()
  .default(null)
  .catch(null);

/** The script a configured banner loads: its address and the attributes its vendor reads. */
export function cookieBannerScript(banner: CookieBanner): {
  src: string;
  id?: string;
  attributes: Record<string, string>;
} {
  switch (banner.type) {
    case 'cookiebot':
      return {
        src: 'https://consent.cookiebot.com/uc.js',
        id: 'Cookiebot',
        attributes: { 'data-cbid': banner.id },
      };
    case 'onetrust':
      return {
        src: 'https://cdn.cookielaw.org/scripttemplates/otSDKStub.js',
        attributes: { 'data-domain-script': banner.id, charset: 'UTF-8' },
      };
    case 'hubspot':
      return {
        src: `https://js.hs-scripts.com/${encodeURIComponent(banner.id)}.js`,
        id: 'hs-script-loader',
        attributes: {},
      };
    case 'dropbox':
    case 'paypal':
      return { src: banner.scriptUrl ?? '', attributes: { 'data-tenant-name': banner.id } };
  }
}

/** What the portal's CSP must allow for a banner: the vendor's origins, or the in-house script's. */
export function cookieBannerSources(banner: CookieBanner): CspSources {
  if (!isInHouseCookieBanner(banner.type)) return cookieBannerOrigins[banner.type];
  const origin = banner.scriptUrl ? new URL(banner.scriptUrl).origin : null;
  return origin ? { scriptSrc: [origin], connectSrc: [origin] } : {};
}

export function configuredScriptKinds(scripts: Scripts): ScriptKind[] {
  return scriptKinds.filter((kind) => scripts[kind] !== null);
}

/** The visitor's choice, per organisation, in local storage. Strictly necessary is always on. */
export const ConsentRecord = z.object({
  version: z.literal(1),
  decidedAt: z.string(),
  categories: z.object({
    strictly_necessary: z.literal(true),
    analytics: z.boolean(),
    marketing_and_advertising: z.boolean(),
    social_media_advertising: z.boolean(),
    performance_and_functionality: z.boolean(),
  }),
});
export type ConsentRecord = z.infer<typeof ConsentRecord>;

export function consentStorageKey(organisationId: string): string {
  return `attest.cookie-consent.${organisationId}`;
}

/** The window event the footer's 'Cookie settings' link sends; the consent feature opens its dialog. */
export const openCookieSettingsEvent = 'attest:open-cookie-settings';
