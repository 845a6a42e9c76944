import { type CardKind, canCardDo } from '../../../shared/card-kinds';
import { type CardIcon, cardMessages } from '../../../shared/cards';
import { deleteAsset, findOrCreateCardRow, updateCardRow } from './queries';
import {
  assertCanEdit,
  assertPlanFeature,
  invalid,
  inWriteTransaction,
  lockProduct,
  recordChange,
  type WriteContext,
} from './staff-writes';

/** DELETE .../cards/:kind/icon — back to the default icon; the custom image is removed. */
export async function resetCardIcon({
  ctx,
  input,
}: {
  ctx: WriteContext;
  input: { productId: string; kind: CardKind };
}): Promise<CardIcon> {
  const { viewer } = ctx;
  assertCanEdit(viewer, 'assets:edit');
  assertPlanFeature(viewer, 'replaceIcons');
  if (!canCardDo(input.kind, 'icon')) throw invalid('kind', cardMessages.actionNotAllowed);
  return inWriteTransaction(ctx, async (db) => {
    const product = await lockProduct(db, viewer, input.productId);
    const card = await findOrCreateCardRow(db, product, input.kind);
    if (card.iconAssetId) {
      await updateCardRow(db, card.id, { iconAssetId: null });
      await deleteAsset(db, product.organisationId, card.iconAssetId);
      await recordChange(db, viewer, {
        action: 'card.icon_reset',
        target: `card:${product.id}:${input.kind}`,
        data: { assetId: card.iconAssetId },
      });
    }
    return { iconUrl: null };
  });
}
