import { describe, expect, it } from 'vitest';
import { applyMove, canMove, initialColumns, isSameOrder, moveTo } from './featured-order';

const start = () => initialColumns(['a', 'b', 'c', 'd', 'e'], ['d', 'b', 'unknown']);

describe('featured order', () => {
  it('starts from the saved featured order and the card order for the rest, dropping unknown uids', () => {
    expect(start()).toMatchObject({ featured: ['d', 'b'], nonFeatured: ['a', 'c', 'e'] });
  });

  it('moves to top, up, down and bottom within the featured column', () => {
    const featured = initialColumns(['a', 'b', 'c', 'd'], ['a', 'b', 'c']);
    expect(applyMove(featured, 'c', 'top').featured).toEqual(['c', 'a', 'b']);
    expect(applyMove(featured, 'c', 'up').featured).toEqual(['a', 'c', 'b']);
    expect(applyMove(featured, 'a', 'down').featured).toEqual(['b', 'a', 'c']);
    expect(applyMove(featured, 'a', 'bottom').featured).toEqual(['b', 'c', 'a']);
  });

  // Only the featured order is stored; a move within the other column would be reported saved and lost.
  it('offers no moves within the non-featured column, which keeps the card order', () => {
    const columns = start();
    for (const move of ['top', 'up', 'down', 'bottom'] as const) {
      expect(applyMove(columns, 'e', move)).toBe(columns);
      expect(canMove(columns, 'c', move)).toBe(false);
    }
    expect(moveTo(columns, 'e', 'nonFeatured', 0)).toBe(columns);
  });

  it('returns an entry to its place in the card order, wherever it is dropped', () => {
    const back = moveTo(start(), 'b', 'nonFeatured', 3);
    expect(back).toMatchObject({ featured: ['d'], nonFeatured: ['a', 'b', 'c', 'e'] });
  });

  it('changes the saved order only when the featured list changes', () => {
    const columns = start();
    expect(isSameOrder(columns, applyMove(columns, 'e', 'top'))).toBe(true);
    expect(isSameOrder(columns, applyMove(columns, 'e', 'otherColumn'))).toBe(false);
  });

  it('moves to the end of the other column, both ways', () => {
    const featuredA = applyMove(start(), 'a', 'otherColumn');
    expect(featuredA).toMatchObject({ featured: ['d', 'b', 'a'], nonFeatured: ['c', 'e'] });
    expect(applyMove(featuredA, 'd', 'otherColumn')).toMatchObject({
      featured: ['b', 'a'],
      nonFeatured: ['c', 'd', 'e'],
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
    expect(moveTo(start(), 'c', 'featured', 1)).toMatchObject({
      featured: ['d', 'c', 'b'],
      nonFeatured: ['a', 'e'],
    });
    expect(isSameOrder(start(), moveTo(start(), 'c', 'featured', 1))).toBe(false);
    expect(isSameOrder(start(), start())).toBe(true);
  });
});
