import { describe, expect, it } from 'vitest';
import { canMoveItem } from './card-kinds';

describe('canMoveItem', () => {
  it('moves only between cards that accept items, so the move can be undone', () => {
    expect(canMoveItem('DataSecurity', 'BusinessContinuity')).toBe(true);
    expect(canMoveItem('BusinessContinuity', 'DataSecurity')).toBe(true);
    expect(canMoveItem('RiskProfile', 'DataSecurity')).toBe(false);
    expect(canMoveItem('Certifications', 'Legal')).toBe(false);
    expect(canMoveItem('DataSecurity', 'Certifications')).toBe(false);
    expect(canMoveItem('DataSecurity', 'DataSecurity')).toBe(false);
  });

  it('lets an item that already left its catalogue card go back home', () => {
    expect(canMoveItem('DataSecurity', 'RiskProfile', 'RiskProfile')).toBe(true);
    expect(canMoveItem('DataSecurity', 'Certifications', 'RiskProfile')).toBe(false);
  });
});
