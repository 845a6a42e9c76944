import { AppError } from '../../../shared/errors';
import type { Context } from '../../context';
import { findOrganisationAsset, listBannerRevisions } from './queries';

/** Image types we serve as themselves; anything else is sent as a download, never rendered. */
const imageContentTypes = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/svg+xml',
  'image/x-icon',
  'image/vnd.microsoft.icon',
]);

export type AssetFile = {
  bytes: Buffer;
  contentType: string;
  isImage: boolean;
  etag: string;
  /** True when the requested ?v= is a revision a current page links with, so the URL may be cached for good. */
  isCurrentVersion: boolean;
};

/** One stored asset (logo, favicon, banner) of the viewer's organisation. */
export async function getAsset({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db' | 'viewer'>;
  input: { assetId: string; version: string | undefined };
}): Promise<AssetFile> {
  const organisation = ctx.viewer.organisation;
  const asset = await findOrganisationAsset(ctx.db, organisation.id, input.assetId);
  if (!asset) throw new AppError('not_found', 'Asset not found');
  let isCurrentVersion = input.version === String(organisation.revision);
  if (!isCurrentVersion && input.version !== undefined) {
    const bannerRevisions = await listBannerRevisions(ctx.db, organisation.id, asset.id);
    isCurrentVersion = bannerRevisions.some((revision) => String(revision) === input.version);
  }
  const contentType = asset.contentType.toLowerCase().split(';')[0]!.trim();
  const isImage = imageContentTypes.has(contentType);
  return {
    bytes: asset.bytes,
    contentType: isImage ? contentType : 'application/octet-stream',
    isImage,
    etag: `"${asset.sha256}"`,
    isCurrentVersion,
  };
}
