// @vitest-environment jsdom
import { act, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CardView } from '../../../../../shared/cards';
import type { DocumentsView } from '../../../../../shared/documents';
import type { PortalView, ViewerMode } from '../../../../../shared/portal';
import { setCsrfToken } from '../../../../lib/api-client';
import {
  cardViewFixture,
  itemViewFixture,
  viewWithCards,
} from '../../../../lib/test-support/card-view-fixture';
import { waitFor } from '../../../../lib/test-support/render-in-dom';
import { DocumentsCard } from './documents-card';
import {
  byText,
  click,
  documentFileFixture,
  type Rendered,
  renderInDom,
  stubScreen,
} from './documents-fixture';

// A visitor's page: the API client knows there is no session token.
beforeEach(() => setCsrfToken(null));

let rendered: Rendered | undefined;
let setViewFromTest: ((view: PortalView) => void) | undefined;

afterEach(async () => {
  await rendered?.unmount();
  rendered = undefined;
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
});

function viewWith(card: CardView, documents: DocumentsView, mode: ViewerMode = 'public') {
  return { ...viewWithCards([card], { mode }), documents };
}

function Harness({ initial }: { initial: PortalView }) {
  const [view, setView] = useState(initial);
  setViewFromTest = setView;
  const card = view.cards.find((candidate) => candidate.kind === 'Documents')!;
  return <DocumentsCard view={view} card={card} onOpen={() => {}} />;
}

async function renderCard(view: PortalView, isSmall = false) {
  stubScreen(isSmall);
  rendered = await renderInDom(<Harness initial={view} />);
}

const tiles = () => [...document.querySelectorAll('[data-testid="document-tile"]')];
const tabNames = () => [...document.querySelectorAll('[role="tab"]')].map((tab) => tab.textContent);

async function chooseTab(name: RegExp) {
  const tab = byText('[role="tab"]', name)[0];
  await act(async () => {
    tab?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0 }));
  });
}

function manyDocuments(count: number) {
  const item = itemViewFixture({ title: 'Policies' });
  const card = cardViewFixture({ kind: 'Documents', title: 'Documents', items: [item] });
  const files = Array.from({ length: count }, (_, index) =>
    documentFileFixture(item.itemUid, { title: `Policy ${String(index).padStart(2, '0')}` }),
  );
  return viewWith(card, { featuredItemUids: [], files });
}

describe('DocumentsCard', () => {
  it('shows All / Public / Private tabs with counts when both exist, and filters the grid', async () => {
    const open = itemViewFixture({ title: 'Security policy' });
    const restricted = itemViewFixture({ title: 'SOC 2 report', isPublic: false });
    const card = cardViewFixture({ kind: 'Documents', title: 'Documents', items: [open, restricted] });
    await renderCard(
      viewWith(card, {
        featuredItemUids: [],
        files: [
          documentFileFixture(open.itemUid, { title: 'Security policy' }),
          documentFileFixture(restricted.itemUid, { title: 'SOC 2 report' }),
        ],
      }),
    );
    expect(tabNames()).toEqual(['All (2)', 'Public (1)', 'Private (1)']);
    await chooseTab(/^Private/);
    expect(tiles().map((tile) => tile.textContent)).toEqual([expect.stringContaining('SOC 2 report')]);
  });

  it('hides the tabs and resets to All once only one access kind is left', async () => {
    const open = itemViewFixture({ title: 'Security policy' });
    const restricted = itemViewFixture({ title: 'SOC 2 report', isPublic: false });
    const card = cardViewFixture({ kind: 'Documents', title: 'Documents', items: [open, restricted] });
    const publicFile = documentFileFixture(open.itemUid, { title: 'Security policy' });
    await renderCard(
      viewWith(card, {
        featuredItemUids: [],
        files: [publicFile, documentFileFixture(restricted.itemUid, { title: 'SOC 2 report' })],
      }),
    );
    await chooseTab(/^Private/);
    await act(async () => setViewFromTest?.(viewWith(card, { featuredItemUids: [], files: [publicFile] })));
    expect(tabNames()).toEqual([]);
    expect(tiles()).toHaveLength(1);
    expect(tiles()[0]?.textContent).toContain('Security policy');
  });

  it('collapses to 12 tiles on larger screens, with View all documents and View less', async () => {
    await renderCard(manyDocuments(14));
    expect(tiles()).toHaveLength(12);
    const toggle = byText('button', 'View all documents')[0];
    expect(toggle?.getAttribute('aria-expanded')).toBe('false');
    await click(toggle);
    expect(tiles()).toHaveLength(14);
    await click(byText('button', 'View less')[0]);
    expect(tiles()).toHaveLength(12);
  });

  it('collapses to 9 tiles on small screens', async () => {
    await renderCard(manyDocuments(11), true);
    expect(tiles()).toHaveLength(9);
    expect(byText('button', 'View all documents')).toHaveLength(1);
  });

  it('has no toggle when every tile fits', async () => {
    await renderCard(manyDocuments(12));
    expect(tiles()).toHaveLength(12);
    expect(byText('button', 'View all documents')).toHaveLength(0);
  });

  it('puts featured documents under their own heading first, and gives view-only files no download', async () => {
    const policy = itemViewFixture({ title: 'Policy' });
    const pentest = itemViewFixture({ title: 'Pen test' });
    const card = cardViewFixture({ kind: 'Documents', title: 'Documents', items: [policy, pentest] });
    await renderCard(
      viewWith(card, {
        featuredItemUids: [pentest.itemUid],
        files: [
          documentFileFixture(policy.itemUid, { title: 'Acceptable use policy' }),
          documentFileFixture(pentest.itemUid, {
            title: 'Pen test summary',
            canDownload: false,
            downloadUrl: null,
          }),
        ],
      }),
    );
    const featured = document.querySelector('[data-testid="featured-documents"]');
    expect(featured?.textContent).toContain('Pen test summary');
    expect(byText('h3', 'Featured Documents')).toHaveLength(1);
    expect(tiles()[0]?.textContent).toContain('Pen test summary');
    expect(tiles()[0]?.textContent).toContain('View only');
    expect(tiles()[0]?.querySelector('a[download]')).toBeNull();
    const openLink = tiles()[1]?.querySelector('a[target="_blank"]');
    expect(openLink?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(tiles()[1]?.querySelector('a[download]')).not.toBeNull();
  });

  it('asks for a login for a locked document through the address, announced like a history change', async () => {
    const locked = itemViewFixture({ title: 'SOC 2 report', isLocked: true, isPublic: false });
    const card = cardViewFixture({ kind: 'Documents', title: 'Documents', items: [locked] });
    await renderCard(viewWith(card, { featuredItemUids: [], files: [] }));
    window.history.replaceState(null, '', '/acme?product=payroll');
    const heard: string[] = [];
    const listener = () => heard.push(window.location.search);
    window.addEventListener('popstate', listener);
    await click(byText('button', 'Get access')[0]);
    window.removeEventListener('popstate', listener);
    const query = new URLSearchParams(window.location.search);
    expect(Object.fromEntries(query)).toEqual({
      product: 'payroll',
      loginRequest: 'true',
      source: 'documents',
      itemUid: locked.itemUid,
    });
    expect(heard).toEqual([window.location.search]);
  });

  it('is hidden from visitors when empty, and shows its placeholder to staff in Main mode', async () => {
    const card = cardViewFixture({ kind: 'Documents', title: 'Documents', placeholder: 'Documents soon' });
    await renderCard(viewWith(card, { featuredItemUids: [], files: [] }));
    expect(document.querySelector('[data-card-kind="Documents"]')).toBeNull();
    await rendered?.unmount();
    await renderCard(viewWith(card, { featuredItemUids: [], files: [] }, 'main'));
    expect(document.querySelector('[data-testid="card-placeholder"]')?.textContent).toBe('Documents soon');
  });

  it('offers Bulk download only when the customisation allows it and something is downloadable', async () => {
    const item = itemViewFixture({ title: 'Policy' });
    const card = cardViewFixture({ kind: 'Documents', title: 'Documents', items: [item] });
    const view = viewWith(card, { featuredItemUids: [], files: [documentFileFixture(item.itemUid)] });
    await renderCard(view);
    expect(byText('button', 'Bulk download')).toHaveLength(1);
    await act(async () =>
      setViewFromTest?.({ ...view, customisation: { ...view.customisation, bulkDownloadEnabled: false } }),
    );
    expect(byText('button', 'Bulk download')).toHaveLength(0);
    await act(async () =>
      setViewFromTest?.({
        ...view,
        documents: {
          featuredItemUids: [],
          files: [documentFileFixture(item.itemUid, { canDownload: false, downloadUrl: null })],
        },
      }),
    );
    expect(byText('button', 'Bulk download')).toHaveLength(0);
  });

  it('opens the bulk download dialog lazily', async () => {
    const item = itemViewFixture({ title: 'Policy' });
    const card = cardViewFixture({ kind: 'Documents', title: 'Documents', items: [item] });
    await renderCard(viewWith(card, { featuredItemUids: [], files: [documentFileFixture(item.itemUid)] }));
    // The chunk's first transform under the test runner takes as long as it takes: load it first,
    // so the test waits on the dialog opening through lazy and Suspense, not on the machine's load.
    await import('./bulk-download-dialog');
    await click(byText('button', 'Bulk download')[0]);
    const dialog = await waitFor(() => document.querySelector('[role="dialog"]'));
    expect(dialog.textContent).toContain('Select all');
  });
});
