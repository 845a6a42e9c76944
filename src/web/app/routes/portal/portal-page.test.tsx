import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CardView } from '../../../../shared/cards';
import { serverCardParts } from '../../../features/cards/components/server-card-parts';
import { pageDataFixture, portalViewFixture } from '../../../features/portal/lib/portal-view-fixture';
import { renderDeferredPartsWith } from '../../../lib/deferred-part';
import { PortalPage } from './portal-page';

// As the server renderer does: every deferred card is drawn in full.
renderDeferredPartsWith(serverCardParts);

const reports: CardView = {
  kind: 'Reports',
  title: 'Reports',
  displayText: null,
  placeholder: null,
  isHidden: false,
  iconUrl: null,
  items: [
    {
      itemUid: '99999999-9999-4999-8999-999999999999',
      title: 'SOC 2 Type II report',
      isCustom: false,
      enabledState: 'Enabled',
      isLocked: true,
      isPublic: false,
      isHidden: false,
      explanation: null,
      href: null,
      listEntries: null,
      type: null,
      maturity: null,
      recurrence: null,
      auditor: null,
      expiry: null,
      customUrlSlug: null,
      slug: 'soc-2-type-ii-report',
      modifiedAt: null,
      modifiedByName: null,
    },
  ],
};

describe('PortalPage', () => {
  it('renders the shell and the cards from the page data on the server, before any script', () => {
    const html = renderToString(
      <PortalPage data={pageDataFixture(portalViewFixture({ cards: [reports] }))} />,
    );
    expect(html).toContain('>Acme Cloud</h1>');
    expect(html).toContain('data-card-kind="Reports"');
    expect(html).toContain('SOC 2 Type II report');
    expect(html.indexOf('</h1>')).toBeLessThan(html.indexOf('data-card-kind="Reports"'));
    expect(html.indexOf('data-card-kind="Reports"')).toBeLessThan(html.indexOf('Built on'));
  });

  it('puts the Subscribe button in the overview beside its facts, not on a row of its own', () => {
    const html = renderToString(
      <PortalPage data={pageDataFixture(portalViewFixture({ cards: [reports] }))} />,
    );
    const hero = html.slice(html.indexOf('aria-labelledby="portal-heading"'), html.indexOf('</section>'));
    expect(hero).toContain('Last updated');
    expect(hero).toMatch(/<button[^>]*>.*Subscribe<\/button>/s);
  });

  it('renders the same markup every time for the same data (what hydration relies on)', () => {
    const data = {
      ...pageDataFixture(portalViewFixture({ cards: [reports] })),
      openItemUid: reports.items[0]!.itemUid,
    };
    expect(renderToString(<PortalPage data={data} />)).toBe(renderToString(<PortalPage data={data} />));
    // The deep-linked card opens only after hydration, so the server markup has no drawer.
    expect(renderToString(<PortalPage data={data} />)).not.toContain('role="dialog"');
  });
});
