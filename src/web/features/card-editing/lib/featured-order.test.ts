import { describe, expect, it } from 'vitest';
import { applyMove, canMove, initialColumns, isSameOrder, moveTo } from './featured-order';

const start = () => initialColumns(['a', 'b', 'c', 'd', 'e'], ['d', 'b', 'unknown']);

describe('featured order', () => {
  it('starts from the saved featured order and the card order for the rest, dropping unknown uids', () => {
    expect(start()).toEqual({ featured: ['d', 'b'], nonFeatured: ['a', 'c', 'e'] });
  });

  it('moves to top, up, down and bottom within a column', () => {
    expect(applyMove(start(), 'e', 'top').nonFeatured).toEqual(['e', 'a', 'c']);
    expect(applyMove(start(), 'c', 'up').nonFeatured).toEqual(['c', 'a', 'e']);
    expect(applyMove(start(), 'd', 'down').featured).toEqual(['b', 'd']);
    expect(applyMove(start(), 'a', 'bottom').nonFeatured).toEqual(['c', 'e', 'a']);
  });

  it('moves to the end of the other column, both ways', () => {
    const featuredA = applyMove(start(), 'a', 'otherColumn');
    expect(featuredA).toEqual({ featured: ['d', 'b', 'a'], nonFeatured: ['c', 'e'] });
    expect(applyMove(featuredA, 'd', 'otherColumn')).toEqual({
      featured: ['b', 'a'],
      nonFeatured: ['c', 'e', 'd'],
    });
  });

  it('ignores moves outside the bounds, returning the same value', () => {
    const columns = start();
    expect(applyMove(columns, 'd', 'up')).toBe(columns);
    expect(applyMove(columns, 'd', 'top')).toBe(columns);
    expect(applyMove(columns, 'e', 'down')).toBe(columns);
    expect(applyMove(columns, 'e', 'bottom')).toBe(columns);
    expect(moveTo(columns, 'a', 'nonFeatured', 3)).toBe(columns);
    expect(moveTo(columns, 'a', 'featured', -1)).toBe(columns);
    expect(moveTo(columns, 'a', 'featured', 3)).toBe(columns);
    expect(moveTo(columns, 'missing', 'featured', 0)).toBe(columns);
    expect(canMove(columns, 'd', 'up')).toBe(false);
    expect(canMove(columns, 'd', 'otherColumn')).toBe(true);
  });

  it('drops into the other column at a position, like a drag between columns', () => {
    expect(moveTo(start(), 'c', 'featured', 1)).toEqual({
      featured: ['d', 'c', 'b'],
      nonFeatured: ['a', 'e'],
    });
    expect(isSameOrder(start(), moveTo(start(), 'c', 'featured', 1))).toBe(false);
    expect(isSameOrder(start(), start())).toBe(true);
  });
});
