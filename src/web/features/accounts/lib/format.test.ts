import { describe, expect, it } from 'vitest';
import { expiryOf, sourceLabel } from './format';

const now = new Date('2026-11-26T12:00:00Z');

describe('expiryOf', () => {
  it('gives an approved account its end date, past or future', () => {
    expect(expiryOf('2027-02-23T12:00:00Z', 'approved', now).label).toBe('Expires February 23, 2027');
    expect(expiryOf('2026-01-02T12:00:00Z', 'approved', now)).toMatchObject({
      label: 'Expired January 2, 2026',
      isExpired: true,
    });
    expect(expiryOf(null, 'approved', now).label).toBe('No expiry');
  });

  it('says No access for an account that is not approved, even when a revoked approval left its end date', () => {
    for (const status of ['declined', 'pending', 'other'] as const) {
      expect(expiryOf('2027-02-23T12:00:00Z', status, now)).toEqual({
        label: 'No access',
        phrase: 'no access',
        isExpired: false,
      });
      expect(expiryOf(null, status, now).label).toBe('No access');
    }
  });
});

describe('sourceLabel', () => {
  it('reads the source a page sent as words', () => {
    expect(sourceLabel('request_access_button')).toBe('Request access button');
    expect(sourceLabel('locked-item')).toBe('Locked item');
    expect(sourceLabel(null)).toBe('—');
    expect(sourceLabel('  ')).toBe('—');
  });
});
