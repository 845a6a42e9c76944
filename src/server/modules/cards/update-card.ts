import { type CardKind, canCardDo } from '../../../shared/card-kinds';
import {
  CardPatch,
  type CardView,
  cardMessages,
  type ItemPatch,
  ItemTitle,
  itemTypeError,
} from '../../../shared/cards';
import type { items } from '../../db/schema';
import type { Viewer } from '../../policy/viewer';
import { recordStaffEvents } from '../analytics';
import { itemAccessEvents } from './item-access-events';
import { findOrCreateCardRow, type ItemRow, listItemRows, updateCardRow, updateItemRow } from './queries';
import {
  assertCanEdit,
  assertPlanFeature,
  invalid,
  inWriteTransaction,
  lockProduct,
  mainCardView,
  recordChange,
  type WriteContext,
} from './staff-writes';

type ItemValues = Partial<typeof items.$inferInsert>;

/** Never on these cards; elsewhere custom items always, built-in ones with the renaming feature. */
const cardsWithFixedItemTitles = new Set<CardKind>(['Certifications', 'SecurityGrades']);

function assertCardAllows(kind: CardKind, action: Parameters<typeof canCardDo>[1], field: string) {
  if (!canCardDo(kind, action)) throw invalid(field, cardMessages.actionNotAllowed);
}

/** Checks one item of the drawer's save and returns the values to write; throws before anything is written. */
function itemValuesOf(
  viewer: Viewer,
  kind: CardKind,
  row: ItemRow,
  patch: ItemPatch,
  field: string,
): ItemValues {
  const values: ItemValues = {};
  if (patch.title !== undefined && patch.title !== row.title) {
    const isCustom = row.catalogueKey === null;
    const mayRename =
      !cardsWithFixedItemTitles.has(kind) && (isCustom || viewer.organisation.planFeatures.cardTitleRenaming);
    if (!mayRename) throw invalid(`${field}.title`, cardMessages.itemRenameNotAllowed);
    values.title = patch.title;
  } else if (row.title.trim() === '') {
    // A new custom item starts untitled; its first save must name it.
    const title = ItemTitle.safeParse(patch.title ?? '');
    if (!title.success) throw invalid(`${field}.title`, cardMessages.itemTitleLength);
  }
  if (patch.hidden === true && !row.isHidden) assertPlanFeature(viewer, 'restrictedFiles');
  // A type sent for a custom report must be one of the card's ('Select an item type…'); the editor asks
  // for one before saving an added or changed report. Other writes (API, seeded, imported) keep theirs.
  if (patch.type !== undefined) {
    const typeError = itemTypeError(kind, patch.type, row.catalogueKey === null);
    if (typeError) throw invalid(`${field}.type`, typeError);
  }
  if (patch.enabledState !== undefined) values.enabledState = patch.enabledState;
  if (patch.explanation !== undefined) values.explanation = patch.explanation;
  if (patch.href !== undefined) values.href = patch.href === '' ? null : patch.href;
  if (patch.listEntries !== undefined) values.listEntries = patch.listEntries;
  if (patch.type !== undefined) values.itemType = patch.type;
  if (patch.maturity !== undefined) values.maturity = patch.maturity;
  if (patch.recurrence !== undefined) values.recurrence = patch.recurrence;
  if (patch.auditor !== undefined) values.auditor = patch.auditor;
  if (patch.expiry !== undefined) values.expiresOn = patch.expiry;
  if (patch.publicAccess !== undefined) values.isPublic = patch.publicAccess;
  if (patch.hidden !== undefined) values.isHidden = patch.hidden;
  return values;
}

/**
 * PATCH .../cards/:kind — hide or show, card title, display text, placeholder and the drawer's save
 * of its items. Every part is checked before anything is written, so a bad item rejects the whole save.
 */
export async function updateCard({
  ctx,
  input,
}: {
  ctx: WriteContext;
  input: { productId: string; kind: CardKind; patch: CardPatch };
}): Promise<CardView> {
  const { viewer } = ctx;
  assertCanEdit(viewer);
  const { kind } = input;
  const patch = CardPatch.parse(input.patch);
  const cardValues: Parameters<typeof updateCardRow>[2] = {};
  if (patch.hidden !== undefined) {
    assertCardAllows(kind, 'hide', 'hidden');
    cardValues.isHidden = patch.hidden;
  }
  if (patch.title !== undefined) {
    assertCardAllows(kind, 'edit', 'title');
    assertPlanFeature(viewer, 'cardTitleRenaming');
    cardValues.title = patch.title;
  }
  if (patch.displayText !== undefined) {
    assertCardAllows(kind, 'displayText', 'displayText');
    cardValues.displayText = patch.displayText === '' ? null : patch.displayText;
  }
  if (patch.placeholder !== undefined) {
    assertCardAllows(kind, 'placeholder', 'placeholder');
    cardValues.placeholder = patch.placeholder === '' ? null : patch.placeholder;
  }
  if (patch.items !== undefined) assertCardAllows(kind, 'edit', 'items');

  return inWriteTransaction(ctx, async (db) => {
    const product = await lockProduct(db, viewer, input.productId);
    const card = await findOrCreateCardRow(db, product, kind);
    const itemUpdates: { id: string; row: ItemRow; values: ItemValues }[] = [];
    if (patch.items?.length) {
      const rows = new Map(
        (await listItemRows(db, product.id, { cardKind: kind })).map((row) => [row.id, row]),
      );
      const seen = new Set<string>();
      for (const [index, itemPatch] of patch.items.entries()) {
        const field = `items.${index}`;
        const row = rows.get(itemPatch.itemUid);
        if (!row) throw invalid(`${field}.itemUid`, cardMessages.unknownItems);
        if (seen.has(row.id)) throw invalid(`${field}.itemUid`, cardMessages.duplicateItems);
        seen.add(row.id);
        itemUpdates.push({ id: row.id, row, values: itemValuesOf(viewer, kind, row, itemPatch, field) });
      }
    }
    const modifiedAt = new Date();
    for (const update of itemUpdates) {
      await updateItemRow(db, update.id, {
        ...update.values,
        modifiedAt,
        modifiedByStaffUserId: viewer.staff?.id ?? null,
      });
    }
    if (Object.keys(cardValues).length > 0) await updateCardRow(db, card.id, cardValues);
    await recordChange(db, viewer, {
      action: 'card.updated',
      target: `card:${product.id}:${kind}`,
      data: {
        card: cardValues,
        items: itemUpdates.map((update) => ({ itemUid: update.id, fields: Object.keys(update.values) })),
      },
    });
    await recordStaffEvents(
      db,
      viewer,
      itemUpdates.flatMap((update) => itemAccessEvents(update.row, update.values)),
    );
    return mainCardView(db, viewer, product.id, kind);
  });
}
