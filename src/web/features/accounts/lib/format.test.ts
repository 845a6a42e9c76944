import { describe, expect, it } from 'vitest';
import { sourceLabel } from './format';

describe('sourceLabel', () => {
  it('reads the source a page sent as words', () => {
    expect(sourceLabel('request_access_button')).toBe('Request access button');
    expect(sourceLabel('locked-item')).toBe('Locked item');
    expect(sourceLabel(null)).toBe('—');
    expect(sourceLabel('  ')).toBe('—');
  });
});
