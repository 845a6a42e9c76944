import { and, eq } from 'drizzle-orm';
import type { ItemView } from '../../../shared/cards';
import { commentMessages } from '../../../shared/comments';
import { AppError } from '../../../shared/errors';
import type { Context } from '../../context';
import { items, products } from '../../db/schema';
import { canSeeProduct } from '../../policy';
import type { Viewer, ViewerMember } from '../../policy/viewer';
import { listCardViews } from '../cards';

export type CommentingMember = Viewer & { member: ViewerMember };

/** Spec 2 §6 / §8: comments need comments enabled, a signed-in member and the AccountExternal mode. */
export function assertCanComment(viewer: Viewer): asserts viewer is CommentingMember {
  if (!viewer.organisation.customisation.commentsEnabled) {
    throw new AppError('forbidden', commentMessages.commentsDisabled);
  }
  if (viewer.mode !== 'account_external' || !viewer.member) {
    throw new AppError('unauthenticated', commentMessages.memberRequired);
  }
}

export type ReadableItem = { item: ItemView; productId: string };

/**
 * The item as the gate shows it to this viewer, when its content is readable (canSeeItem and
 * canReadItemContent through the card views); otherwise the same 404 whether it exists or not.
 */
export async function findReadableItem(
  ctx: Pick<Context, 'db' | 'viewer'>,
  itemUid: string,
  productId?: string,
): Promise<ReadableItem> {
  const notFound = () => new AppError('not_found', commentMessages.itemNotFound);
  const [row] = await ctx.db
    .select({ productId: items.productId, isShown: products.isShown })
    .from(items)
    .innerJoin(products, eq(products.id, items.productId))
    .where(and(eq(items.id, itemUid), eq(items.organisationId, ctx.viewer.organisation.id)))
    .limit(1);
  if (!row || (productId && productId !== row.productId)) throw notFound();
  if (!canSeeProduct(ctx.viewer, { isShown: row.isShown })) throw notFound();
  const cards = await listCardViews({ ctx, input: { productId: row.productId } });
  const item = cards.flatMap((card) => card.items).find((candidate) => candidate.itemUid === itemUid);
  if (!item || item.isLocked) throw notFound();
  return { item, productId: row.productId };
}
