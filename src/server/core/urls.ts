import type { Config } from '../config';

/** The URLs every module builds: portal, console, assets; one place so they cannot drift. */

export function assetUrl(organisationId: string, assetId: string | null, revision: number): string | null {
  return assetId ? `/api/share/${organisationId}/assets/${assetId}?v=${revision}` : null;
}

export function portalUrl(
  publicUrl: string,
  organisation: { slug: string; customDomain: string | null },
): string {
  return organisation.customDomain
    ? `https://${organisation.customDomain}`
    : `${publicUrl}/${organisation.slug}`;
}

export function portalLink(config: Pick<Config, 'publicUrl'>, organisation: { slug: string }): string {
  return new URL(`/${organisation.slug}`, config.publicUrl).toString();
}

export function consoleLink(config: Pick<Config, 'publicUrl'>, path: string): string {
  return new URL(`/console/${path}`, config.publicUrl).toString();
}

/** The review queue opened on one request (its details drawer). */
export function accessRequestLink(config: Pick<Config, 'publicUrl'>, requestId: string): string {
  return consoleLink(config, `access-requests?request=${encodeURIComponent(requestId)}`);
}

/** Path of the organisation's link-preview image; the revision makes a changed portal a new URL. */
export function ogImageUrl(organisationId: string, revision: number): string {
  return `/api/share/${organisationId}/og-image.png?v=${revision}`;
}
