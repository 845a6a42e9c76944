import { describe, expect, it } from 'vitest';
import { cardMessages } from '../../../../shared/cards';
import { editingViewFixture } from '../test-support/editing-fixtures';
import { customUrlFor, customUrlSlugProblem, initialCustomUrlSlug } from './custom-url';

describe('custom url', () => {
  it('starts from the saved slug, else one derived from the title', () => {
    expect(initialCustomUrlSlug({ title: 'SOC 2 Type II Report', customUrlSlug: null })).toBe(
      'soc-2-type-ii-report',
    );
    expect(initialCustomUrlSlug({ title: 'SOC 2', customUrlSlug: 'soc2' })).toBe('soc2');
    expect(initialCustomUrlSlug({ title: 'x'.repeat(150), customUrlSlug: null })).toHaveLength(99);
  });

  it('names the rule a slug breaks with the spec message', () => {
    expect(customUrlSlugProblem('soc-2-report')).toBeNull();
    expect(customUrlSlugProblem('SOC 2')).toBe(cardMessages.slugInvalid);
    expect(customUrlSlugProblem('a'.repeat(100))).toBe(cardMessages.slugTooLong);
    expect(customUrlSlugProblem('a'.repeat(99))).toBeNull();
  });

  it('builds the permalink under the organisation, with the product when there are several', () => {
    const view = editingViewFixture();
    expect(customUrlFor(view, 'soc-2')).toBe('https://attest.example/acme/item/soc-2');
    const second = { ...view.product, productId: '44444444-4444-4444-8444-444444444444', productSlug: 'hr' };
    expect(customUrlFor({ ...view, products: [view.product, second] }, 'soc-2')).toBe(
      'https://attest.example/acme/product/payroll/soc-2',
    );
  });
});
