import { describe, expect, it } from 'vitest';
import { assignItemSlugs, deriveItemSlug, findItemBySlug, itemSlug } from '../../../../shared/item-links';
import {
  cardViewFixture,
  itemViewFixture,
  productFixture,
  viewWithCards,
} from '../../../lib/test-support/card-view-fixture';
import { findDeepLinkedItem } from './deep-link';
import { addressWithoutItem, itemPermalinkHref, requestAccessHref } from './item-permalink';

describe('item slugs', () => {
  it('derives a slug from the title: lower-case, other characters to single hyphens, trimmed', () => {
    expect(deriveItemSlug('SOC 2 Type II Report')).toBe('soc-2-type-ii-report');
    expect(deriveItemSlug('  Data Processing Agreement (DPA)  ')).toBe('data-processing-agreement-dpa');
    expect(deriveItemSlug('Encryption — at rest & in transit!')).toBe('encryption-at-rest-in-transit');
    expect(deriveItemSlug('ISO/IEC 27001:2022')).toBe('iso-iec-27001-2022');
    expect(deriveItemSlug('Überprüfung')).toBe('berpr-fung');
    expect(deriveItemSlug('!!!')).toBe('');
  });

  it('uses the slug the server assigned', () => {
    expect(itemSlug(itemViewFixture({ title: 'SOC 2 Report' }))).toBe('soc-2-report');
    expect(itemSlug(itemViewFixture({ title: 'SOC 2 Report', slug: 'soc-2-report-2' }))).toBe(
      'soc-2-report-2',
    );
  });

  it('finds an item by its slug only', () => {
    const byTitle = itemViewFixture({ title: 'MSA', slug: 'msa-2' });
    const byCustomSlug = itemViewFixture({ title: 'Master Services Agreement', customUrlSlug: 'msa' });
    const cards = [
      cardViewFixture({ kind: 'DataSecurity', items: [byTitle] }),
      cardViewFixture({ kind: 'Legal', items: [byCustomSlug] }),
    ];
    expect(findItemBySlug(cards, 'msa')?.item).toBe(byCustomSlug);
    expect(findItemBySlug(cards, 'MSA-2')?.item).toBe(byTitle);
    expect(findItemBySlug(cards, 'master-services-agreement')).toBeNull();
    expect(findItemBySlug(cards, 'nothing')).toBeNull();
  });
});

describe('assignItemSlugs', () => {
  const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));
  const source = (id: string, title: string, minute: number, customUrlSlug: string | null = null) => ({
    id,
    title,
    customUrlSlug,
    createdAt: at(minute),
  });

  it('keeps the plain slug for the older namesake and numbers the later ones', () => {
    const slugs = assignItemSlugs([
      source('b', 'CCPA', 2),
      source('a', 'CCPA', 1),
      source('c', 'ccpa!', 3),
      source('d', 'CCPA 2', 0),
    ]);
    expect(Object.fromEntries(slugs)).toEqual({ a: 'ccpa', b: 'ccpa-3', c: 'ccpa-4', d: 'ccpa-2' });
  });

  it('never lets a title slug take a custom slug, and falls back to the id when untitled', () => {
    const slugs = assignItemSlugs([
      source('a', 'MSA', 0),
      source('b', 'Agreement', 1, 'msa'),
      source('c', '!!', 2),
    ]);
    expect(Object.fromEntries(slugs)).toEqual({ a: 'msa-2', b: 'msa', c: 'c' });
  });
});

describe('permalinks', () => {
  const item = itemViewFixture({ title: 'SOC 2 Report' });
  it('links /{org}/item/{slug} for one product', () => {
    expect(itemPermalinkHref(viewWithCards([]), '/acme', item)).toBe('/acme/item/soc-2-report');
    expect(itemPermalinkHref(viewWithCards([]), '', item)).toBe('/item/soc-2-report');
  });

  it('links /{org}/product/{product slug, spaces as +}/{slug} when there are several products', () => {
    const products = [
      productFixture,
      { ...productFixture, productId: crypto.randomUUID(), productSlug: 'hr' },
    ];
    const view = viewWithCards([], { products });
    expect(itemPermalinkHref(view, '/acme', item)).toBe('/acme/product/payroll/soc-2-report');
    const spaced = { ...view, product: { ...view.product, productSlug: 'pay roll' } };
    expect(itemPermalinkHref(spaced, '/acme', item)).toBe('/acme/product/pay+roll/soc-2-report');
  });

  it('asks for access to a locked item on the portal itself, keeping a non-default product', () => {
    const view = viewWithCards([]);
    expect(requestAccessHref(view, '/acme', item)).toBe(`/acme?requestAccess=true&itemUid=${item.itemUid}`);
    const other = { ...view, product: { ...view.product, isDefault: false, productSlug: 'hr' } };
    expect(requestAccessHref(other, '', item)).toBe(
      `/?product=hr&requestAccess=true&itemUid=${item.itemUid}`,
    );
  });

  it('takes the item out of the address when it closes, and keeps everything else', () => {
    const view = viewWithCards([]);
    expect(addressWithoutItem(view, '/acme', { pathname: '/acme/item/soc-2', search: '' })).toBe('/acme');
    expect(
      addressWithoutItem(view, '/acme', { pathname: '/acme', search: '?itemUid=x&preview=public' }),
    ).toBe('/acme?preview=public');
    expect(addressWithoutItem(view, '', { pathname: '/item/soc-2', search: '' })).toBe('/');
    const other = { ...view, product: { ...view.product, isDefault: false, productSlug: 'hr' } };
    expect(addressWithoutItem(other, '/acme', { pathname: '/acme/product/hr/soc-2', search: '' })).toBe(
      '/acme?product=hr',
    );
  });
});

describe('findDeepLinkedItem', () => {
  const item = itemViewFixture({ title: 'Pen Test', customUrlSlug: 'pentest' });
  const cards = [cardViewFixture({ kind: 'Reports', items: [item] })];
  it('follows the item the server resolved, else ?itemUid=, else ?itemName=', () => {
    expect(findDeepLinkedItem(cards, item.itemUid, '')?.item).toBe(item);
    expect(findDeepLinkedItem(cards, undefined, `?itemUid=${item.itemUid}`)?.card.kind).toBe('Reports');
    expect(findDeepLinkedItem(cards, undefined, '?itemName=pentest')?.item).toBe(item);
    expect(findDeepLinkedItem(cards, undefined, '?itemName=Pen%20Test')).toBeNull();
  });

  it('opens nothing for an item that is not among the viewer’s cards', () => {
    expect(findDeepLinkedItem(cards, undefined, `?itemUid=${crypto.randomUUID()}`)).toBeNull();
    expect(findDeepLinkedItem(cards, undefined, '')).toBeNull();
  });
});
