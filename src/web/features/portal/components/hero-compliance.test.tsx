import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CardView, ItemView } from '../../../../shared/cards';
import { itemViewFixture } from '../../../lib/test-support/card-view-fixture';
import { portalViewFixture, productFixture } from '../lib/portal-view-fixture';
import { HeroCompliance } from './hero-compliance';

const item = (title: string, enabledState: ItemView['enabledState']) =>
  itemViewFixture({ title, enabledState, slug: title.toLowerCase().replaceAll(' ', '-') });

const certifications = (items: ItemView[], isHidden = false): CardView => ({
  kind: 'Certifications',
  title: 'Certifications',
  displayText: null,
  placeholder: null,
  isHidden,
  iconUrl: null,
  items,
});

const render = (card: CardView, products = [productFixture()]) =>
  renderToString(<HeroCompliance view={portalViewFixture({ cards: [card], products })} basePath="/acme" />);
const linksOf = (html: string) =>
  [...html.matchAll(/<a href="([^"]+)"[^>]*>.*?<span[^>]*>([^<]+)/g)].map((m) => [m[1], m[2]]);

describe('HeroCompliance', () => {
  it('shows what is held first, then what is in progress, six at most, each linking to its item', () => {
    const html = render(
      certifications([
        item('ISO 27701', 'WorkInProgress'),
        item('SOC 2', 'Enabled'),
        item('HIPAA', 'NotEnabled'),
        item('ISO 27001', 'Enabled'),
        item('GDPR', 'Enabled'),
        item('PCI DSS', 'Enabled'),
        item('CCPA', 'Enabled'),
        item('FedRAMP', 'WorkInProgress'),
      ]),
    );
    expect(linksOf(html)).toEqual([
      ['/acme/item/soc-2', 'SOC 2'],
      ['/acme/item/iso-27001', 'ISO 27001'],
      ['/acme/item/gdpr', 'GDPR'],
      ['/acme/item/pci-dss', 'PCI DSS'],
      ['/acme/item/ccpa', 'CCPA'],
      ['/acme/item/iso-27701', 'ISO 27701'],
    ]);
    expect(html).toContain('In progress');
    expect(html).not.toContain('HIPAA');
    expect(html).toContain('And 1 more on the Certifications card.');
  });

  it('uses the product path when there are several products', () => {
    const html = render(certifications([item('SOC 2', 'Enabled')]), [
      productFixture(),
      productFixture({ productId: '44444444-4444-4444-8444-444444444444', productSlug: 'hr' }),
    ]);
    expect(linksOf(html)).toEqual([['/acme/product/payroll/soc-2', 'SOC 2']]);
    expect(html).not.toContain('more on the Certifications card');
  });

  it('shows nothing for a hidden card or one with nothing held or in progress', () => {
    expect(render(certifications([item('SOC 2', 'Enabled')], true))).toBe('');
    expect(render(certifications([item('SOC 2', 'NotEnabled')]))).toBe('');
  });
});
