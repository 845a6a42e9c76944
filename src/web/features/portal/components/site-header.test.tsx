import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { portalViewFixture, productFixture } from '../lib/portal-view-fixture';
import { SiteHeader } from './site-header';

const render = (view = portalViewFixture()) => renderToString(<SiteHeader view={view} basePath="/acme" />);

describe('SiteHeader', () => {
  it("links the logo to the organisation's website and shows the portal title", () => {
    const html = render();
    expect(html).toMatch(
      /<a href="https:\/\/acme.example"[^>]*data-testid="organisation-logo-link"><img src="\/api\/share\/[^"]+" alt="Acme Cloud"/,
    );
    expect(html).toContain('>Trust Center</p>');
  });

  it('hides the portal title when showPortalTitle is off, and shows the name when there is no logo', () => {
    const view = portalViewFixture();
    const html = render({
      ...view,
      organisation: { ...view.organisation, logoUrl: null, websiteUrl: null },
      customisation: { ...view.customisation, showPortalTitle: false },
    });
    expect(html).not.toContain('Trust Center');
    expect(html).toContain('Acme Cloud</span>');
    expect(html).not.toContain('<a ');
  });

  it('offers the product menu only when there is something to switch to', () => {
    expect(render()).not.toContain('aria-haspopup="menu"');
    const withLinks = render({
      ...portalViewFixture(),
      productLinks: [{ name: 'Status', link: 'https://status.acme.example' }],
    });
    expect(withLinks).toContain('aria-haspopup="menu"');
    const second = productFixture({
      productId: '44444444-4444-4444-8444-444444444444',
      productName: 'Acme HR',
      productSlug: 'hr',
      isDefault: false,
    });
    const withProducts = render({ ...portalViewFixture(), products: [productFixture(), second] });
    expect(withProducts).toContain('aria-haspopup="menu"');
    expect(withProducts).toMatch(
      /<span class="sr-only">Product: <\/span><span class="truncate">Acme Payroll<\/span>/,
    );
  });

  it('shows the banner, at most 350 px high, when the organisation has one', () => {
    const view = portalViewFixture();
    const html = render({ ...view, organisation: { ...view.organisation, bannerUrl: '/banner.png' } });
    expect(html).toMatch(/<div class="max-h-\[350px\][^"]*"><img src="\/banner.png" alt=""/);
  });
});
