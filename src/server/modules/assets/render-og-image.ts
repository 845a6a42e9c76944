import type { Context } from '../../context';
import { portalUrl } from '../../core';
import { composeOgImageSvg, isSelfContainedSvg, type OgImageLogo } from './og-image-svg';
import { findOrganisationAsset } from './queries';

// Per organisation and revision: a changed portal bumps the revision, so entries never go stale.
const cache = new Map<string, Promise<Buffer>>();
const cacheLimit = 200;

function remember(key: string, image: Promise<Buffer>) {
  cache.set(key, image);
  image.catch(() => cache.delete(key));
  if (cache.size > cacheLimit) cache.delete(cache.keys().next().value!);
}

const fonts = { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' };

/** PNG and JPEG logos go in as they are; an SVG logo is drawn to PNG here, with system fonts for its text. */
export async function logoForImage(
  asset: { contentType: string; bytes: Buffer } | null,
  height = 176,
): Promise<OgImageLogo | null> {
  if (!asset) return null;
  const contentType = asset.contentType.toLowerCase();
  if (contentType === 'image/png' || contentType === 'image/jpeg') return { contentType, bytes: asset.bytes };
  if (contentType !== 'image/svg+xml') return null;
  const svg = asset.bytes.toString('utf8');
  if (!isSelfContainedSvg(svg)) return null;
  const { Resvg } = await import('@resvg/resvg-js');
  try {
    const png = new Resvg(svg, { fitTo: { mode: 'height', value: height }, font: fonts }).render().asPng();
    return { contentType: 'image/png', bytes: png };
  } catch {
    return null;
  }
}

function displayAddress(address: string): string {
  const url = new URL(address);
  return `${url.host}${url.pathname}`.replace(/\/$/, '');
}

/** The organisation's 1200x630 PNG for link previews, drawn from an SVG with resvg. */
export function renderOgImage({ ctx }: { ctx: Pick<Context, 'db' | 'viewer' | 'config'> }): Promise<Buffer> {
  const organisation = ctx.viewer.organisation;
  const key = `${organisation.id}:${organisation.revision}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const image = (async () => {
    const { Resvg } = await import('@resvg/resvg-js');
    const logo = organisation.logoAssetId
      ? await findOrganisationAsset(ctx.db, organisation.id, organisation.logoAssetId)
      : null;
    const svg = composeOgImageSvg({
      organisationName: organisation.name,
      portalTitle: organisation.customisation.portalTitle,
      accentColor: organisation.customisation.accentColor,
      address: displayAddress(portalUrl(ctx.config.publicUrl, organisation)),
      logo: await logoForImage(logo),
    });
    const resvg = new Resvg(svg, {
      fitTo: { mode: 'original' },
      font: fonts,
    });
    return resvg.render().asPng();
  })();
  remember(key, image);
  return image;
}
