import { AppError } from '../../../shared/errors';
import type { Context } from '../../context';
import type { OgImageLogo } from './og-image-svg';
import { findOrganisationAsset } from './queries';
import { logoForImage } from './render-og-image';

// Twice the 40 px the mail layout shows it at, for high-density screens.
const mailLogoHeight = 80;
const cache = new Map<string, Promise<OgImageLogo | null>>();
const cacheLimit = 200;

/**
 * The organisation's logo for mail: PNG and JPEG as they are, an SVG drawn to PNG, since Gmail and
 * Outlook show no SVG images. Kept per organisation and revision (a new logo bumps the revision).
 */
export async function renderMailLogo({ ctx }: { ctx: Pick<Context, 'db' | 'viewer'> }): Promise<OgImageLogo> {
  const organisation = ctx.viewer.organisation;
  const key = `${organisation.id}:${organisation.revision}`;
  let logo = cache.get(key);
  if (!logo) {
    logo = (async () => {
      if (!organisation.logoAssetId) return null;
      const asset = await findOrganisationAsset(ctx.db, organisation.id, organisation.logoAssetId);
      return logoForImage(asset, mailLogoHeight);
    })();
    logo.catch(() => cache.delete(key));
    cache.set(key, logo);
    if (cache.size > cacheLimit) cache.delete(cache.keys().next().value!);
  }
  const image = await logo;
  if (!image) throw new AppError('not_found', 'This organisation has no logo that mail can show.');
  return image;
}
