import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ItemView } from '../../../../shared/cards';
import type { CardEditingSlots } from '../../../lib/card-editing-slots';
import { cardViewFixture, itemViewFixture, viewWithCards } from '../../../lib/test-support/card-view-fixture';
import { ItemEntry } from './item-entry';

function render(item: ItemView, options: { mode?: 'main' | 'public'; editing?: CardEditingSlots } = {}) {
  const card = cardViewFixture({ kind: 'Reports', title: 'Reports', items: [item] });
  return renderToString(
    <ItemEntry
      view={viewWithCards([card], { mode: options.mode })}
      basePath="/acme"
      card={card}
      item={item}
      editing={options.editing}
      isHighlighted={false}
    />,
  );
}

describe('ItemEntry', () => {
  it('shows a locked item by its title with the restricted notice and a way to ask for access', () => {
    const item = itemViewFixture({ title: 'SOC 2 Type II report', isLocked: true, isPublic: false });
    const html = render(item);
    expect(html).toContain('SOC 2 Type II report</h3>');
    expect(html).toContain('Restricted — request access to view');
    expect(html).toContain(`href="/acme?requestAccess=true&amp;itemUid=${item.itemUid}"`);
    expect(html).toContain('Request access');
  });

  it('renders the explanation as text with its line breaks, never as markup', () => {
    const html = render(
      itemViewFixture({
        explanation: 'Line one\nLine two <img src=x onerror=alert(1)><script>alert(2)</script>',
      }),
    );
    expect(html).toContain('whitespace-pre-line');
    expect(html).toContain('Line one\nLine two &lt;img src=x onerror=alert(1)&gt;&lt;script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img src=x');
  });

  it('links the item’s address in a new tab, lists its entries, and ignores addresses that are not web links', () => {
    const html = render(
      itemViewFixture({
        href: 'https://acme.example/trust/soc-3.pdf',
        listEntries: ['Annual', 'Independent'],
      }),
    );
    expect(html).toContain('href="https://acme.example/trust/soc-3.pdf"');
    expect(html).toContain('target="_blank"');
    expect(html).toContain('rel="noopener noreferrer nofollow"');
    expect(html).toContain('acme.example/trust/soc-3.pdf');
    expect(html).toMatch(/<ul class="list-disc[^"]*"><li[^>]*>Annual<\/li><li[^>]*>Independent<\/li><\/ul>/);
    expect(render(itemViewFixture({ href: 'javascript:alert(1)' }))).not.toContain('javascript:');
  });

  it("says when and by whom it was modified, as 'MMMM d, yyyy'", () => {
    const html = render(
      itemViewFixture({ modifiedAt: '2025-03-04T12:00:00.000Z', modifiedByName: 'Alex Admin' }),
    );
    expect(html).toContain('Modified at March 4, 2025<!-- --> by Alex Admin');
    expect(render(itemViewFixture({ modifiedAt: null }))).not.toContain('Modified at');
  });

  it('folds the auditor, expiry and maturity behind a closed More details toggle', () => {
    const html = render(itemViewFixture({ auditor: 'NCC Group', expiry: '2026-11-30', maturity: 'Defined' }));
    const toggle = html.match(/<button[^>]*data-testid="item-details-toggle"[^>]*>/)?.[0] ?? '';
    expect(toggle).toContain('aria-expanded="false"');
    const controls = toggle.match(/aria-controls="([^"]+)"/)?.[1];
    expect(controls).toBeTruthy();
    expect(html).toMatch(/>More details<svg/);
    const region = html.match(new RegExp(`<div id="${controls}"[^>]*>.*?</dl>`))?.[0] ?? '';
    expect(region).toContain(' hidden=""');
    expect(region).toContain('NCC Group');
    expect(region).toContain('November 30, 2026');
    expect(region).toContain('Defined');
  });

  it('shows no toggle for an item without details, nor for a locked one', () => {
    expect(render(itemViewFixture({ explanation: 'Text only' }))).not.toContain('More details');
    const locked = itemViewFixture({ auditor: 'NCC Group', isLocked: true, isPublic: false });
    expect(render(locked)).not.toContain('More details');
    expect(render(locked)).not.toContain('NCC Group');
  });

  it('names each state next to its icon and shows the tags', () => {
    const inProgress = render(itemViewFixture({ enabledState: 'WorkInProgress', recurrence: 'year' }));
    expect(inProgress).toContain('<span class="sr-only">In progress</span>');
    expect(inProgress).toContain('In Progress</li>');
    expect(inProgress).toContain('Every year</li>');
    expect(inProgress).toContain('lucide-clock');
    const notEnabled = render(itemViewFixture({ enabledState: 'NotEnabled' }), { mode: 'main' });
    expect(notEnabled).toContain('<span class="sr-only">Not enabled</span>');
    expect(notEnabled).toContain('grayscale');
    expect(notEnabled).toContain('Public Access</li>');
    expect(render(itemViewFixture())).toContain('<span class="sr-only">Enabled</span>');
  });

  it('links to its permalink and carries the staff item menu when editing', () => {
    const item = itemViewFixture({ title: 'Pen Test 2025' });
    expect(render(item)).toContain('href="/acme/item/pen-test-2025"');
    const editing: CardEditingSlots = {
      Toolbar: () => null,
      CardMenu: () => null,
      ItemMenu: ({ item: menuItem }) => <button type="button">{`menu of ${menuItem.title}`}</button>,
      DrawerEditor: () => null,
    };
    expect(render(item, { mode: 'main', editing })).toContain('menu of Pen Test 2025');
  });
});
