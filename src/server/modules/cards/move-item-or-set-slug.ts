import { canMoveItem, cardKinds } from '../../../shared/card-kinds';
import { cardMessages, ItemMoveOrSlug, type MovedItemView } from '../../../shared/cards';
import { AppError } from '../../../shared/errors';
import { catalogueHomeOf } from '../../../shared/item-catalogue';
import type { Database } from '../../db/client';
import { toItemView } from './card-views';
import { findItemBySlug, findItemRow, loadItemSlugs, updateItemRow } from './queries';
import {
  assertCanEdit,
  invalid,
  inWriteTransaction,
  lockProduct,
  recordChange,
  type WriteContext,
} from './staff-writes';

const uniqueViolation = '23505';

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } })?.cause;
  return (error as { code?: string })?.code === uniqueViolation || cause?.code === uniqueViolation;
}

async function itemWithSlug(db: Database, productId: string, slugs: Map<string, string>, slug: string) {
  for (const [itemId, itemSlug] of slugs) {
    if (itemSlug === slug) return findItemRow(db, productId, itemId);
  }
  return null;
}

/**
 * PATCH .../items/:itemUid — move the item to another card (never to the cards of spec 2 §6 or its
 * own, nor away from them: `canMoveItem`) and/or give it a custom URL slug, unique across the
 * organisation's items.
 */
export async function moveItemOrSetSlug({
  ctx,
  input,
}: {
  ctx: WriteContext;
  input: { productId: string; itemUid: string; change: ItemMoveOrSlug };
}): Promise<MovedItemView> {
  const { viewer } = ctx;
  assertCanEdit(viewer);
  const change = ItemMoveOrSlug.parse(input.change);
  try {
    return await inWriteTransaction(ctx, async (db) => {
      const product = await lockProduct(db, viewer, input.productId);
      const item = await findItemRow(db, product.id, input.itemUid);
      if (!item) throw new AppError('not_found', cardMessages.itemNotFound);
      const values: Parameters<typeof updateItemRow>[2] = {};
      const destination = change.destinationCardId;
      if (destination !== undefined) {
        const home = catalogueHomeOf(item.catalogueKey);
        if (!canMoveItem(item.cardKind, destination, home)) {
          const isRefusedHere = cardKinds[destination].isMoveDestination && destination !== item.cardKind;
          throw invalid(
            'destinationCardId',
            isRefusedHere ? cardMessages.itemNotMovable : cardMessages.cardNotMovable,
          );
        }
        // The item joins the end of its new card's custom order.
        values.cardKind = destination;
        values.position = null;
      }
      const slug = change.customUrlSlug;
      const slugs = await loadItemSlugs(db, product.id);
      if (slug !== undefined && slug !== item.customUrlSlug) {
        // Another item's title slug counts too: taking it would re-target links already shared.
        const holder =
          (await findItemBySlug(db, viewer.organisation.id, slug)) ??
          (await itemWithSlug(db, product.id, slugs, slug));
        if (holder && holder.id !== item.id) {
          throw new AppError('conflict', cardMessages.slugInUse(holder.title), {
            customUrlSlug: cardMessages.slugInUse(holder.title),
          });
        }
        values.customUrlSlug = slug;
      }
      if (Object.keys(values).length === 0) {
        return { ...toItemView(item, true, slugs.get(item.id) ?? item.id), cardKind: item.cardKind };
      }
      const modifiedAt = new Date();
      await updateItemRow(db, item.id, {
        ...values,
        modifiedAt,
        modifiedByStaffUserId: viewer.staff?.id ?? null,
      });
      await recordChange(db, viewer, {
        action: destination !== undefined ? 'item.moved' : 'item.custom_url_set',
        target: `item:${item.id}`,
        data: {
          productId: product.id,
          ...(destination !== undefined ? { from: item.cardKind, to: destination } : {}),
          ...(values.customUrlSlug !== undefined ? { customUrlSlug: values.customUrlSlug } : {}),
        },
      });
      const updated = { ...item, ...values, modifiedAt, modifiedByName: viewer.staff?.name ?? null };
      const slugAfter = (await loadItemSlugs(db, product.id)).get(item.id) ?? item.id;
      return { ...toItemView(updated as typeof item, true, slugAfter), cardKind: updated.cardKind };
    });
  } catch (error) {
    // Two editors taking one slug at once: the unique index decides, the loser gets the same 409.
    if (isUniqueViolation(error) && change.customUrlSlug) {
      const holder = await findItemBySlug(ctx.db, viewer.organisation.id, change.customUrlSlug);
      const message = cardMessages.slugInUse(holder?.title ?? change.customUrlSlug);
      throw new AppError('conflict', message, { customUrlSlug: message });
    }
    throw error;
  }
}
