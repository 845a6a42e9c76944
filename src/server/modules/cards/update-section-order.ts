import { defaultSectionOrder } from '../../../shared/card-kinds';
import { cardMessages, SectionOrder, type SectionOrder as SectionOrderType } from '../../../shared/cards';
import { updateProductSectionOrder } from './queries';
import {
  assertCanEdit,
  assertPlanFeature,
  invalid,
  inWriteTransaction,
  lockProduct,
  recordChange,
  type WriteContext,
} from './staff-writes';

/** PATCH /api/trust-center/products/:productId — the product's section order (plan feature). */
export async function updateSectionOrder({
  ctx,
  input,
}: {
  ctx: WriteContext;
  input: { productId: string; sections: SectionOrderType['sections'] };
}): Promise<SectionOrderType> {
  assertCanEdit(ctx.viewer);
  assertPlanFeature(ctx.viewer, 'sectionCustomization');
  const { sections } = SectionOrder.parse({ sections: input.sections });
  const isComplete =
    sections.length === defaultSectionOrder.length && new Set(sections).size === defaultSectionOrder.length;
  if (!isComplete) throw invalid('sections', cardMessages.unknownSections);
  return inWriteTransaction(ctx, async (db) => {
    const product = await lockProduct(db, ctx.viewer, input.productId);
    await updateProductSectionOrder(db, product.id, sections);
    await recordChange(db, ctx.viewer, {
      action: 'product.sections_reordered',
      target: `product:${product.id}`,
      data: { from: product.sectionOrder, to: sections },
    });
    return { sections };
  });
}
