import { type CardKind, cardKinds, defaultSectionOrder, type SectionKind } from './card-kinds';
import type { EnabledState } from './cards';
import { cardItemPriority } from './item-catalogue';

/**
 * Pure ordering of cards, items and sections (spec 2 §4, spec 3 §3). Server and web share it, so a
 * pending re-order in the editor sorts exactly as the saved page will. Every comparator ends on a
 * unique key, so each is a total order and the result does not depend on the input order.
 */

export type OrderableCard = { kind: CardKind; position: number | null };

const sectionIndex = (kind: CardKind) => {
  const section = cardKinds[kind].section;
  return section === null ? defaultSectionOrder.length : defaultSectionOrder.indexOf(section);
};

/** Custom position first (cards without one after those with one), then the default order numbers. */
export function compareCards(a: OrderableCard, b: OrderableCard): number {
  const byPosition = (a.position ?? Number.POSITIVE_INFINITY) - (b.position ?? Number.POSITIVE_INFINITY);
  if (byPosition !== 0 && !Number.isNaN(byPosition)) return byPosition;
  // Cards outside the grid have no order number; they follow the grid cards, by their section.
  const orderA = cardKinds[a.kind].order ?? 1000 + sectionIndex(a.kind);
  const orderB = cardKinds[b.kind].order ?? 1000 + sectionIndex(b.kind);
  if (orderA !== orderB) return orderA - orderB;
  return a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0;
}

export function orderCards<T extends OrderableCard>(cards: readonly T[]): T[] {
  return [...cards].sort(compareCards);
}

export type OrderableItem = {
  itemUid: string;
  title: string;
  enabledState: EnabledState;
  position: number | null;
  catalogueKey: string | null;
};

const enabledRank: Record<EnabledState, number> = { Enabled: 0, WorkInProgress: 1, NotEnabled: 2 };

function priorityOf(cardKind: CardKind, item: OrderableItem): number {
  const keys = cardItemPriority[cardKind];
  const index = keys && item.catalogueKey ? keys.indexOf(item.catalogueKey) : -1;
  return index === -1 ? Number.POSITIVE_INFINITY : index;
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Enabled flag, then custom order, then the card's own priority, then title (spec 2 §4). */
export function compareItems(cardKind: CardKind, a: OrderableItem, b: OrderableItem): number {
  const byState = enabledRank[a.enabledState] - enabledRank[b.enabledState];
  if (byState !== 0) return byState;
  const positionA = a.position ?? Number.POSITIVE_INFINITY;
  const positionB = b.position ?? Number.POSITIVE_INFINITY;
  if (positionA !== positionB) return positionA < positionB ? -1 : 1;
  const priorityA = priorityOf(cardKind, a);
  const priorityB = priorityOf(cardKind, b);
  if (priorityA !== priorityB) return priorityA < priorityB ? -1 : 1;
  const byTitle = compareText(a.title.toLocaleLowerCase('en'), b.title.toLocaleLowerCase('en'));
  if (byTitle !== 0) return byTitle;
  return compareText(a.title, b.title) || compareText(a.itemUid, b.itemUid);
}

export function orderItems<T extends OrderableItem>(cardKind: CardKind, items: readonly T[]): T[] {
  return [...items].sort((a, b) => compareItems(cardKind, a, b));
}

/** The product's saved section order, with unknown entries dropped and missing ones appended. */
export function orderSections(saved: readonly string[] | null | undefined): SectionKind[] {
  const known = new Set<string>(defaultSectionOrder);
  const result: SectionKind[] = [];
  for (const section of saved ?? []) {
    if (known.has(section) && !result.includes(section as SectionKind)) result.push(section as SectionKind);
  }
  for (const section of defaultSectionOrder) if (!result.includes(section)) result.push(section);
  return result;
}

/** Moves one entry of a pending order; moves outside the list are ignored (spec 3 §5). */
export function moveInOrder<T>(list: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= list.length || to < 0 || to >= list.length || from === to) return [...list];
  const result = [...list];
  const [moved] = result.splice(from, 1);
  result.splice(to, 0, moved as T);
  return result;
}
