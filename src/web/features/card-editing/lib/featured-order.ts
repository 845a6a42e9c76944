/**
 * The pending order of the documents card's re-order dialog (spec 3 §2): two columns, featured and
 * non-featured item uids. Every move returns a new value; a move past either end returns the same
 * value unchanged (ignored), so callers can compare by identity. Only the featured order is stored:
 * non-featured documents always show in the card's order (kind, then title; spec 2 §2), so that
 * column keeps it and offers no moves within it (decision 170).
 */

export type FeaturedColumn = 'featured' | 'nonFeatured';
export type FeaturedColumns = Record<FeaturedColumn, string[]> & {
  /** Every item uid in the card's own order, where a non-featured entry always returns to. */
  cardOrder: readonly string[];
};
export type FeaturedMove = 'top' | 'up' | 'down' | 'bottom' | 'otherColumn';

export const featuredColumnLabels: Record<FeaturedColumn, string> = {
  featured: 'Featured documents',
  nonFeatured: 'Non-featured documents',
};

export const otherColumn = (column: FeaturedColumn): FeaturedColumn =>
  column === 'featured' ? 'nonFeatured' : 'featured';

/** Featured in their saved order (unknown uids dropped), the rest in the card's order (`itemUids`). */
export function initialColumns(
  itemUids: readonly string[],
  featuredItemUids: readonly string[],
): FeaturedColumns {
  const onCard = new Set(itemUids);
  const featured = [...new Set(featuredItemUids)].filter((uid) => onCard.has(uid));
  const isFeatured = new Set(featured);
  return { featured, nonFeatured: itemUids.filter((uid) => !isFeatured.has(uid)), cardOrder: itemUids };
}

export function columnOf(columns: FeaturedColumns, id: string): FeaturedColumn | null {
  if (columns.featured.includes(id)) return 'featured';
  if (columns.nonFeatured.includes(id)) return 'nonFeatured';
  return null;
}

/**
 * Moves an entry to a column at an index (its own column or the other one). Into the non-featured
 * column the index is ignored: the entry takes its place in the card's order.
 */
export function moveTo(
  columns: FeaturedColumns,
  id: string,
  column: FeaturedColumn,
  index: number,
): FeaturedColumns {
  const from = columnOf(columns, id);
  if (!from) return columns;
  if (from === 'nonFeatured' && column === 'nonFeatured') return columns;
  const fromIndex = columns[from].indexOf(id);
  const target = columns[column];
  const maxIndex = from === column ? target.length - 1 : target.length;
  if (index < 0 || index > maxIndex) return columns;
  if (from === column && index === fromIndex) return columns;
  const featured = columns.featured.filter((uid) => uid !== id);
  if (column === 'featured') featured.splice(index, 0, id);
  const isFeatured = new Set(featured);
  return {
    featured,
    nonFeatured: columns.cardOrder.filter((uid) => !isFeatured.has(uid)),
    cardOrder: columns.cardOrder,
  };
}

/** The row menu's moves: top, up, down, bottom within the column, or to the end of the other column. */
export function applyMove(columns: FeaturedColumns, id: string, move: FeaturedMove): FeaturedColumns {
  const column = columnOf(columns, id);
  if (!column) return columns;
  const index = columns[column].indexOf(id);
  const last = columns[column].length - 1;
  switch (move) {
    case 'top':
      return moveTo(columns, id, column, 0);
    case 'up':
      return moveTo(columns, id, column, index - 1);
    case 'down':
      return moveTo(columns, id, column, index + 1);
    case 'bottom':
      return moveTo(columns, id, column, last);
    case 'otherColumn': {
      const target = otherColumn(column);
      return moveTo(columns, id, target, columns[target].length);
    }
  }
}

/** Whether a menu move would change anything (the menu disables the others). */
export function canMove(columns: FeaturedColumns, id: string, move: FeaturedMove): boolean {
  return applyMove(columns, id, move) !== columns;
}

/** The stored part: which documents are featured, in what order. */
export function isSameOrder(a: FeaturedColumns, b: FeaturedColumns): boolean {
  return a.featured.join() === b.featured.join();
}
