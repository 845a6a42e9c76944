import { createHash } from 'node:crypto';
import { type CardKind, canCardDo } from '../../../shared/card-kinds';
import { type CardIcon, cardMessages } from '../../../shared/cards';
import { AppError } from '../../../shared/errors';
import { iconUrl } from './card-views';
import { checkIconImage, iconContentTypes } from './icon-image';
import {
  deleteAsset,
  findOrCreateCardRow,
  findOrganisationRevision,
  insertAsset,
  updateCardRow,
} from './queries';
import {
  assertCanEdit,
  assertPlanFeature,
  invalid,
  inWriteTransaction,
  lockProduct,
  recordChange,
  type WriteContext,
} from './staff-writes';

export const iconMaxBytes = 1024 * 1024;

/**
 * PUT .../cards/:kind/icon — a PNG, JPEG or SVG of at most 1 MB, its type read from the bytes (an SVG
 * is parsed and sanitised; one with script is refused). Needs assets:edit and the replace-icons feature.
 */
export async function setCardIcon({
  ctx,
  input,
}: {
  ctx: WriteContext;
  input: { productId: string; kind: CardKind; contentType: string | undefined; bytes: Buffer };
}): Promise<CardIcon> {
  const { viewer } = ctx;
  assertCanEdit(viewer, 'assets:edit');
  assertPlanFeature(viewer, 'replaceIcons');
  if (!canCardDo(input.kind, 'icon')) throw invalid('kind', cardMessages.actionNotAllowed);
  if (input.bytes.length === 0) throw invalid('body', cardMessages.iconRequired);
  if (input.bytes.length > iconMaxBytes) {
    throw new AppError('payload_too_large', cardMessages.iconTooLarge, { body: cardMessages.iconTooLarge });
  }
  const declared = (input.contentType ?? '').split(';')[0]!.trim().toLowerCase();
  const checked = await checkIconImage(input.bytes);
  if (checked.kind === 'unsafe') throw invalid('body', cardMessages.iconUnsafe);
  if (checked.kind !== 'image' || !(iconContentTypes as string[]).includes(declared)) {
    throw invalid('body', cardMessages.iconType);
  }
  if (checked.contentType !== declared) throw invalid('body', cardMessages.iconType);

  return inWriteTransaction(ctx, async (db) => {
    const product = await lockProduct(db, viewer, input.productId);
    const card = await findOrCreateCardRow(db, product, input.kind);
    const asset = await insertAsset(db, {
      organisationId: product.organisationId,
      contentType: checked.contentType,
      bytes: checked.bytes,
      sha256: createHash('sha256').update(checked.bytes).digest('hex'),
    });
    await updateCardRow(db, card.id, { iconAssetId: asset.id });
    if (card.iconAssetId) await deleteAsset(db, product.organisationId, card.iconAssetId);
    await recordChange(db, viewer, {
      action: 'card.icon_changed',
      target: `card:${product.id}:${input.kind}`,
      data: { assetId: asset.id, contentType: checked.contentType, bytes: checked.bytes.length },
    });
    const revision = await findOrganisationRevision(db, product.organisationId);
    return { iconUrl: iconUrl(product.organisationId, asset.id, revision) };
  });
}
