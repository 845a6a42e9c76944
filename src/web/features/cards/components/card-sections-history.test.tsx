// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setCsrfToken } from '../../../lib/api-client';
import { renderDeferredPartsWith } from '../../../lib/deferred-part';
import { portalQueryChangeEvent, writePortalQuery } from '../../../lib/portal-query';
import { cardViewFixture, itemViewFixture, viewWithCards } from '../../../lib/test-support/card-view-fixture';
import { CardSections } from './card-sections';
import { byText, click, type Rendered, renderInDom, settle } from './documents-card/documents-fixture';
import { serverCardParts } from './server-card-parts';

// The cards' deferred parts render at once, as on the server; deferred-part.test.tsx covers the waiting.
renderDeferredPartsWith(serverCardParts);

// A visitor's page: the API client knows there is no session token.
beforeEach(() => setCsrfToken(null));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const item = itemViewFixture({ title: 'Penetration test summary' });
const policy = itemViewFixture({ title: 'Vendor risk policy' });
const view = viewWithCards([cardViewFixture({ kind: 'Reports', title: 'Reports', items: [item, policy] })]);
let rendered: Rendered | undefined;

beforeEach(async () => {
  // jsdom has no layout; the drawer scrolls to the item it opens with.
  Element.prototype.scrollIntoView = () => {};
  window.history.replaceState(null, '', '/acme');
  rendered = await renderInDom(<CardSections view={view} basePath="/acme" />);
});

afterEach(async () => {
  await rendered?.unmount();
  rendered = undefined;
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

const drawer = () => document.querySelector('[role="dialog"]');
/** The item the drawer opened with (it lists the whole card and highlights that one). */
const highlighted = () => drawer()?.querySelector('[data-highlighted]')?.textContent ?? '';

/** The drawer's code is loaded on first open: waits (a bounded number of rounds) for the DOM to agree. */
async function until(condition: () => boolean) {
  for (let round = 0; round < 200 && !condition(); round++) {
    await act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
  }
}

/** What a search result does (search's navigateInPage): a history entry, announced. */
async function openFromSearch() {
  await act(async () => {
    window.history.pushState(null, '', `/acme?itemUid=${item.itemUid}`);
    window.dispatchEvent(new Event(portalQueryChangeEvent));
  });
  await until(() => drawer() !== null);
}

/** Back or Forward: jsdom traverses asynchronously and fires popstate. */
async function traverse(step: -1 | 1, expectedSearch: string) {
  await act(async () => {
    const arrived = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    window.history.go(step);
    await arrived;
  });
  await settle(4);
  expect(window.location.search).toBe(expectedSearch);
}

describe('CardSections and the address', () => {
  it('closes the drawer a search result opened on Back, and opens it again on Forward', async () => {
    await openFromSearch();
    expect(drawer()?.textContent).toContain('Penetration test summary');

    await traverse(-1, '');
    expect(drawer()).toBeNull();

    await traverse(1, `?itemUid=${item.itemUid}`);
    await until(() => drawer() !== null);
    expect(drawer()?.textContent).toContain('Penetration test summary');
  });

  it("opens a permalink's item again when Back returns to its path", async () => {
    // A visitor who arrived on an item's permalink and then followed a search result to another item.
    await act(async () => {
      window.history.pushState(null, '', '/acme/item/vendor-risk-policy');
      window.dispatchEvent(new Event(portalQueryChangeEvent));
    });
    await until(() => highlighted().includes('Vendor risk policy'));
    expect(highlighted()).toContain('Vendor risk policy');
    await openFromSearch();
    await until(() => highlighted().includes('Penetration test summary'));
    expect(highlighted()).toContain('Penetration test summary');

    await traverse(-1, '');
    expect(window.location.pathname).toBe('/acme/item/vendor-risk-policy');
    await until(() => highlighted().includes('Vendor risk policy'));
    expect(highlighted()).toContain('Vendor risk policy');

    await traverse(-1, '');
    expect(window.location.pathname).toBe('/acme');
    expect(drawer()).toBeNull();
  });

  it('takes the item out of the address when the drawer is closed by its button', async () => {
    await openFromSearch();
    await click(document.querySelector('[role="dialog"] button[aria-label="Close"]'));
    await settle(2);
    expect(drawer()).toBeNull();
    expect(window.location.pathname + window.location.search).toBe('/acme');
  });

  it('keeps a drawer opened by a click open when the address changes without naming an item', async () => {
    await click(byText('[data-card-kind="Reports"] h2 button', /Reports/)[0]);
    await until(() => drawer() !== null);
    expect(drawer()).not.toBeNull();
    await act(async () => writePortalQuery({ kbEntry: 'entry-1' }));
    await settle(2);
    expect(drawer()).not.toBeNull();
  });

  it('asks for access to a locked document without opening the Documents drawer, before or after the modal', async () => {
    await rendered?.unmount();
    const locked = itemViewFixture({ title: 'SOC 2 report', isLocked: true, isPublic: false });
    const documentsView = {
      ...viewWithCards([cardViewFixture({ kind: 'Documents', title: 'Documents', items: [locked] })]),
      documents: { featuredItemUids: [], files: [] },
    };
    rendered = await renderInDom(<CardSections view={documentsView} basePath="/acme" />);
    await click(byText('button', 'Get access')[0]);
    await settle(4);
    expect(new URLSearchParams(window.location.search).get('loginRequest')).toBe('true');
    expect(drawer()).toBeNull();

    // The access modal closes (its Back): the page stays as it was under it.
    await act(async () => writePortalQuery({ loginRequest: null, source: null }));
    await settle(4);
    expect(drawer()).toBeNull();
    await act(async () => writePortalQuery({ subscribe: 'true' }));
    await settle(4);
    expect(drawer()).toBeNull();
  });
});
