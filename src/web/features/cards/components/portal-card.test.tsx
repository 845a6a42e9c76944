import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CardEditingSlots } from '../../../lib/card-editing-slots';
import { cardViewFixture, itemViewFixture, viewWithCards } from '../../../lib/test-support/card-view-fixture';
import { CardIcon } from './card-icon';
import { renderCardIconsWith } from './page-card-icon';
import { PortalCard } from './portal-card';

// These render as the server does (entry-server installs the same).
renderCardIconsWith(CardIcon);

const noop = () => undefined;

function render(
  card = cardViewFixture(),
  options: { mode?: 'main' | 'public'; editing?: CardEditingSlots } = {},
) {
  return renderToString(
    <PortalCard
      view={viewWithCards([card], { mode: options.mode })}
      card={card}
      editing={options.editing}
      onOpen={noop}
    />,
  );
}

const editingSlots: CardEditingSlots = {
  Toolbar: () => <div>toolbar slot</div>,
  CardMenu: ({ card }) => <button type="button">{`menu for ${card.kind}`}</button>,
  ItemMenu: ({ item }) => <button type="button">{`item menu for ${item.title}`}</button>,
  DrawerEditor: () => <form>editor slot</form>,
};

describe('PortalCard', () => {
  it('previews at most 3 enabled items, with a View more toggle when there are more', () => {
    const items = [
      itemViewFixture({ title: 'Backups' }),
      itemViewFixture({ title: 'Key rotation', enabledState: 'WorkInProgress' }),
      itemViewFixture({ title: 'Encryption at rest' }),
      itemViewFixture({ title: 'Encryption in transit' }),
      itemViewFixture({ title: 'Data segregation' }),
    ];
    const html = render(cardViewFixture({ items }));
    expect(html).toContain('Backups');
    expect(html).toContain('Encryption at rest');
    expect(html).toContain('Encryption in transit');
    expect(html).not.toContain('Data segregation');
    expect(html).not.toContain('Key rotation');
    expect(html).toContain('View more');
    expect(html).toContain('aria-expanded="false"');
  });

  it('has no View more toggle with 3 enabled items or fewer', () => {
    const items = [itemViewFixture(), itemViewFixture(), itemViewFixture()];
    expect(render(cardViewFixture({ items }))).not.toContain('View more');
  });

  it('titles the card with its display text, and opens it from a button that says it opens a dialog', () => {
    const html = render(
      cardViewFixture({ displayText: 'How we guard your data', items: [itemViewFixture()] }),
    );
    expect(html).toMatch(
      /<button type="button" aria-haspopup="dialog"[^>]*>How we guard your data<\/button>/,
    );
    expect(html).not.toContain('>Data Security<');
  });

  it('does not open the subprocessors card', () => {
    const html = render(
      cardViewFixture({ kind: 'Subprocessors', title: 'Subprocessors', items: [itemViewFixture()] }),
    );
    expect(html).not.toContain('aria-haspopup="dialog"');
    expect(html).toContain('Subprocessors</h2>');
  });

  it('marks a hidden card in Main mode', () => {
    const hidden = cardViewFixture({ isHidden: true, items: [itemViewFixture()] });
    expect(render(hidden, { mode: 'main' })).toContain('Hidden</span>');
    expect(render(cardViewFixture({ items: [itemViewFixture()] }), { mode: 'main' })).not.toContain(
      'Hidden</span>',
    );
  });

  it('shows the placeholder when there is no enabled item, and marks restricted items with a lock', () => {
    expect(render(cardViewFixture({ placeholder: 'Ask us about this' }))).toContain('Ask us about this');
    expect(render(cardViewFixture())).toContain('Nothing has been added to this card yet.');
    const locked = render(cardViewFixture({ items: [itemViewFixture({ title: 'SOC 2', isLocked: true })] }));
    expect(locked).toContain('SOC 2');
    expect(locked).toContain('<span class="sr-only">Restricted</span>');
  });

  it('shows the custom icon, and the default icon when there is none', () => {
    const custom = render(cardViewFixture({ iconUrl: '/api/share/org/assets/icon?v=1' }));
    expect(custom).toContain('src="/api/share/org/assets/icon?v=1"');
    expect(render(cardViewFixture())).toContain('lucide-database');
  });

  it('marks a default icon outside Main mode as server HTML the client keeps; Main mode and custom icons stay live', () => {
    expect(render(cardViewFixture())).toContain('data-server-html="card-icon:DataSecurity"');
    expect(render(cardViewFixture(), { mode: 'main' })).not.toContain('data-server-html');
    expect(render(cardViewFixture({ iconUrl: '/icon.png' }))).not.toContain('data-server-html');
  });

  it('places the staff card menu when editing slots are given (Main mode)', () => {
    const card = cardViewFixture({ items: [itemViewFixture()] });
    expect(render(card, { mode: 'main', editing: editingSlots })).toContain('menu for DataSecurity');
    expect(render(card, { mode: 'main' })).not.toContain('menu for');
  });
});
