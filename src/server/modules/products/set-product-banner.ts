import { createHash } from 'node:crypto';
import { bannerMaxBytes, type ProductView, productMessages } from '../../../shared/console-admin';
import { AppError } from '../../../shared/errors';
import {
  assertCanEdit,
  checkIconImage,
  deleteAsset,
  iconContentTypes,
  insertAsset,
  inWriteTransaction,
  lockProduct,
  recordChange,
  type WriteContext,
} from '../cards';
import { toProductView, updateProductRow } from './queries';

const invalidBanner = (message: string) => new AppError('validation_failed', message, { body: message });

/**
 * PUT /api/products/:id/banner: a PNG, JPEG or SVG of at most 2 MB, stored as an asset (the same
 * checks as card icons: the type is read from the bytes, an SVG with script is refused). assets:edit.
 */
export async function setProductBanner({
  ctx,
  input,
}: {
  ctx: WriteContext;
  input: { productId: string; contentType: string | undefined; bytes: Buffer };
}): Promise<ProductView> {
  assertCanEdit(ctx.viewer, 'assets:edit');
  if (input.bytes.length === 0) throw invalidBanner(productMessages.bannerType);
  if (input.bytes.length > bannerMaxBytes) {
    throw new AppError('payload_too_large', productMessages.bannerTooLarge, {
      body: productMessages.bannerTooLarge,
    });
  }
  const declared = (input.contentType ?? '').split(';')[0]!.trim().toLowerCase();
  const checked = await checkIconImage(input.bytes);
  if (checked.kind === 'unsafe') throw invalidBanner(productMessages.bannerUnsafe);
  if (
    checked.kind !== 'image' ||
    !(iconContentTypes as string[]).includes(declared) ||
    checked.contentType !== declared
  ) {
    throw invalidBanner(productMessages.bannerType);
  }
  return inWriteTransaction(ctx, async (db) => {
    const product = await lockProduct(db, ctx.viewer, input.productId);
    const asset = await insertAsset(db, {
      organisationId: product.organisationId,
      contentType: checked.contentType,
      bytes: checked.bytes,
      sha256: createHash('sha256').update(checked.bytes).digest('hex'),
    });
    // The banner URL carries the product's revision: a new one makes browsers fetch the new image.
    const updated = await updateProductRow(db, product.id, {
      bannerAssetId: asset.id,
      revision: product.revision + 1,
    });
    if (product.bannerAssetId) await deleteAsset(db, product.organisationId, product.bannerAssetId);
    await recordChange(db, ctx.viewer, {
      action: 'product.banner_changed',
      target: `product:${product.id}`,
      data: {
        before: { assetId: product.bannerAssetId },
        after: { assetId: asset.id, contentType: checked.contentType },
      },
    });
    return toProductView(updated);
  });
}

/** DELETE /api/products/:id/banner: the product falls back to the organisation's banner. */
export async function removeProductBanner({
  ctx,
  input,
}: {
  ctx: WriteContext;
  input: { productId: string };
}): Promise<ProductView> {
  assertCanEdit(ctx.viewer, 'assets:edit');
  return inWriteTransaction(ctx, async (db) => {
    const product = await lockProduct(db, ctx.viewer, input.productId);
    const updated = await updateProductRow(db, product.id, {
      bannerAssetId: null,
      revision: product.revision + 1,
    });
    if (product.bannerAssetId) await deleteAsset(db, product.organisationId, product.bannerAssetId);
    await recordChange(db, ctx.viewer, {
      action: 'product.banner_removed',
      target: `product:${product.id}`,
      data: { before: { assetId: product.bannerAssetId }, after: { assetId: null } },
    });
    return toProductView(updated);
  });
}
