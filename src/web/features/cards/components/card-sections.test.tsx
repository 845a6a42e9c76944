import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { SectionKind } from '../../../../shared/card-kinds';
import type { CardView } from '../../../../shared/cards';
import type { CardEditingSlots } from '../../../lib/card-editing-slots';
import { renderDeferredPartsWith } from '../../../lib/deferred-part';
import { cardViewFixture, itemViewFixture, viewWithCards } from '../../../lib/test-support/card-view-fixture';
import { CardSections } from './card-sections';
import { documentFileFixture } from './documents-card/documents-fixture';
import { serverCardParts } from './server-card-parts';

// The cards' deferred parts render at once, as on the server; deferred-part.test.tsx covers the waiting.
renderDeferredPartsWith(serverCardParts);

const cardWithItem = (kind: CardView['kind'], title: string) =>
  cardViewFixture({ kind, title, items: [itemViewFixture({ title: `${title} item` })] });

function render(
  cards: CardView[],
  options: Parameters<typeof viewWithCards>[1] & { editing?: CardEditingSlots } = {},
) {
  const view = viewWithCards(cards, options);
  return {
    view,
    html: renderToString(<CardSections view={view} basePath="/acme" editing={options.editing} />),
  };
}

const kindsInOrder = (html: string) =>
  [...html.matchAll(/data-card-kind="([^"]+)"/g)].map((match) => match[1]);

describe('CardSections', () => {
  it("renders the sections in the product's order, and the grid cards in the view's order", () => {
    const cards = [
      cardWithItem('Reports', 'Reports'),
      cardWithItem('Legal', 'Legal'),
      cardWithItem('Documents', 'Documents'),
      cardWithItem('Certifications', 'Compliance'),
      cardWithItem('Overview', 'Overview'),
    ];
    const sections: SectionKind[] = ['documents', 'cards', 'overview', 'certifications'];
    // The documents card shows when the viewer gets a file of it.
    const documentsItem = cards[2]!.items[0]!;
    const documents = { featuredItemUids: [], files: [documentFileFixture(documentsItem.itemUid)] };
    const view = { ...viewWithCards(cards), sections, documents };
    const html = renderToString(<CardSections view={view} basePath="/acme" />);
    expect(kindsInOrder(html)).toEqual(['Documents', 'Reports', 'Legal', 'Overview', 'Certifications']);
  });

  it('lays the grid out in 1, 2 and 3 columns (small, md, large)', () => {
    const { html } = render([cardWithItem('Reports', 'Reports')]);
    expect(html).toMatch(
      /data-testid="card-grid"|class="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3"/,
    );
    expect(html).toContain('grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3');
  });

  it('renders nothing for empty sections to visitors, and the placeholders to staff in Main mode', () => {
    const cards = [
      cardViewFixture({ kind: 'Documents', title: 'Documents' }),
      cardViewFixture({ kind: 'Reports', title: 'Reports' }),
      cardViewFixture({ kind: 'Legal', title: 'Legal', placeholder: 'Contracts on request' }),
      cardViewFixture({ kind: 'CustomerData', title: 'Customer Data', items: [itemViewFixture()] }),
    ];
    const visitor = render(cards).html;
    expect(kindsInOrder(visitor)).toEqual(['Legal']);
    expect(visitor).toContain('Contracts on request');

    const staff = render(cards, { mode: 'main' }).html;
    expect(kindsInOrder(staff)).toEqual(['Documents', 'Reports', 'Legal']);
    expect(staff).toContain('Nothing has been added to this card yet.');
  });

  it('shows visitors no grid at all without grid cards, and staff an empty state', () => {
    expect(render([]).html).toBe(
      '<div class="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:px-6 md:py-12 lg:px-8"></div>',
    );
    expect(render([], { mode: 'main' }).html).toContain('No cards to show yet.');
  });

  it('places the editing toolbar above the grid for staff', () => {
    const editing: CardEditingSlots = {
      Toolbar: () => <div>editing toolbar</div>,
      CardMenu: () => null,
      ItemMenu: () => null,
      DrawerEditor: () => null,
    };
    const { html } = render([cardWithItem('Reports', 'Reports')], { mode: 'main', editing });
    expect(html.indexOf('editing toolbar')).toBeGreaterThan(-1);
    expect(html.indexOf('editing toolbar')).toBeLessThan(html.indexOf('data-card-kind="Reports"'));
  });
});
