import { describe, expect, it } from 'vitest';
import { CardKind, canCardDo } from '../../../../shared/card-kinds';
import { cardViewFixture, itemViewFixture, viewWithCards } from '../../../lib/test-support/card-view-fixture';
import { cardKindsWithoutEditor, findItemAtAddress } from './deep-link';

const policy = itemViewFixture({ title: 'Vendor risk policy' });
const report = itemViewFixture({ title: 'Pen test report', customUrlSlug: 'pentest' });
const view = viewWithCards([cardViewFixture({ kind: 'Reports', items: [policy, report] })]);
const at = (pathname: string, search = '') =>
  findItemAtAddress(view, '/acme', { pathname, search })?.item.title ?? null;

describe('findItemAtAddress', () => {
  it('reads the query first, then a permalink path of this product', () => {
    expect(at('/acme', `?itemUid=${report.itemUid}`)).toBe('Pen test report');
    expect(at('/acme/item/vendor-risk-policy', `?itemUid=${report.itemUid}`)).toBe('Pen test report');
    expect(at('/acme/item/vendor-risk-policy')).toBe('Vendor risk policy');
    expect(at('/acme/item/pentest')).toBe('Pen test report');
    expect(at(`/acme/product/${view.product.productSlug}/pentest`)).toBe('Pen test report');
  });

  it('names nothing for the portal itself, another product, a deeper path or a broken escape', () => {
    expect(at('/acme')).toBeNull();
    expect(at('/acme/product/other-product/pentest')).toBeNull();
    expect(at('/acme/item/pentest/more')).toBeNull();
    expect(at('/acme/item/%E0%A4%A')).toBeNull();
    expect(at('/acme/item/unknown-item')).toBeNull();
  });
});

describe('cardKindsWithoutEditor', () => {
  it("is the kinds shared/card-kinds.ts gives no 'edit' action", () => {
    const expected = CardKind.options.filter((kind) => !canCardDo(kind, 'edit'));
    expect([...cardKindsWithoutEditor].sort()).toEqual([...expected].sort());
  });
});
