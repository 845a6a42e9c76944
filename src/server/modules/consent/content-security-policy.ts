import {
  type CookieBanner,
  type CspSources,
  configuredScriptKinds,
  cookieBannerSources,
  type Scripts,
  scriptOrigins,
} from '../../../shared/consent';

/** The default policy of every response; app.ts gives it to helmet. No inline script anywhere. */
export const baseCspDirectives = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  frameAncestors: ["'self'"],
  formAction: ["'self'"],
  baseUri: ["'self'"],
  objectSrc: ["'none'"],
} satisfies Record<string, string[]>;

type Directives = Record<string, string[]>;

function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

export function serializeCsp(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, values]) => `${kebab(name)} ${values.join(' ')}`)
    .join(';');
}

function addSources(directives: Directives, sources: CspSources) {
  for (const [directive, origins] of Object.entries(sources) as [keyof CspSources, string[]][]) {
    // frame-src and media-src fall back to default-src ('self'), so they start from 'self'.
    const current = directives[directive] ?? ["'self'"];
    directives[directive] = [...new Set([...current, ...origins])];
  }
}

/**
 * The portal page's policy: the default one plus exactly the origins of the scripts and the cookie
 * banner this organisation configured. Without either it equals the default policy.
 */
export function portalCspDirectives(scripts: Scripts, cookieBanner: CookieBanner | null = null): Directives {
  const directives: Directives = Object.fromEntries(
    Object.entries(baseCspDirectives).map(([name, values]) => [name, [...values]]),
  );
  for (const kind of configuredScriptKinds(scripts)) addSources(directives, scriptOrigins[kind]);
  if (cookieBanner) addSources(directives, cookieBannerSources(cookieBanner));
  return directives;
}

type PolicyInput = { scripts: Scripts; cookieBanner: CookieBanner | null };

/** The cached page model hands every request the same customisation object: its policy is built once. */
const policyOf = new WeakMap<PolicyInput, string>();

export function portalContentSecurityPolicy(customisation: PolicyInput): string {
  let policy = policyOf.get(customisation);
  if (policy === undefined) {
    policy = serializeCsp(portalCspDirectives(customisation.scripts, customisation.cookieBanner));
    policyOf.set(customisation, policy);
  }
  return policy;
}
