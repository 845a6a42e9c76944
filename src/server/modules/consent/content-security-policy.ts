import { type CspSources, configuredScriptKinds, type Scripts, scriptOrigins } from '../../../shared/consent';

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

/**
 * The portal page's policy: the default one plus exactly the origins of the scripts this
 * organisation configured. Without scripts it equals the default policy.
 */
export function portalCspDirectives(scripts: Scripts): Directives {
  const directives: Directives = Object.fromEntries(
    Object.entries(baseCspDirectives).map(([name, values]) => [name, [...values]]),
  );
  for (const kind of configuredScriptKinds(scripts)) {
    for (const [directive, origins] of Object.entries(scriptOrigins[kind]) as [
      keyof CspSources,
      string[],
    ][]) {
      // frame-src and media-src fall back to default-src ('self'), so they start from 'self'.
      const current = directives[directive] ?? ["'self'"];
      directives[directive] = [...new Set([...current, ...origins])];
    }
  }
  return directives;
}

export function portalContentSecurityPolicy(scripts: Scripts): string {
  return serializeCsp(portalCspDirectives(scripts));
}
