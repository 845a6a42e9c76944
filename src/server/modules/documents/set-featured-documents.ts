import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { cardMessages } from '../../../shared/cards';
import { FeaturedDocumentsInput } from '../../../shared/documents';
import type { Context } from '../../context';
import { items } from '../../db/schema';
import { assertCanEdit, invalid, inWriteTransaction, lockProduct, recordChange } from '../cards';
import { listDocumentsCardItems } from './queries';

const Input = FeaturedDocumentsInput.extend({ productId: z.string().uuid() });

/** The 'Featured documents' column, in order; every other Documents card item is not featured. */
export async function setFeaturedDocuments({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db' | 'viewer' | 'providers'>;
  input: z.input<typeof Input>;
}): Promise<z.infer<typeof FeaturedDocumentsInput>> {
  assertCanEdit(ctx.viewer);
  const { productId, featuredItemUids } = Input.parse(input);
  if (new Set(featuredItemUids).size !== featuredItemUids.length) {
    throw invalid('featuredItemUids', cardMessages.duplicateItems);
  }
  await inWriteTransaction(ctx, async (tx) => {
    await lockProduct(tx, ctx.viewer, productId);
    const cardItemIds = new Set((await listDocumentsCardItems(tx, productId)).map((item) => item.id));
    if (featuredItemUids.some((itemUid) => !cardItemIds.has(itemUid))) {
      throw invalid('featuredItemUids', cardMessages.unknownItems);
    }
    await tx
      .update(items)
      .set({ featuredPosition: null })
      .where(and(eq(items.productId, productId), eq(items.cardKind, 'Documents')));
    for (const [position, itemUid] of featuredItemUids.entries()) {
      await tx
        .update(items)
        .set({ featuredPosition: position })
        .where(and(eq(items.productId, productId), inArray(items.id, [itemUid])));
    }
    await recordChange(tx, ctx.viewer, {
      action: 'documents.featured',
      target: productId,
      data: { featuredItemUids },
    });
  });
  return { featuredItemUids };
}
