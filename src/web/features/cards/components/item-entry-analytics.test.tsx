// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initPortalAnalytics } from '../../../lib/analytics';
import { setCsrfToken } from '../../../lib/api-client';
import { cardViewFixture, itemViewFixture, viewWithCards } from '../../../lib/test-support/card-view-fixture';
import {
  type BeaconMock,
  captureBeacons,
  sentEvents as sentBeaconEvents,
} from '../../../lib/test-support/sent-analytics';
import { click, type Rendered, renderInDom, settle } from './documents-card/documents-fixture';
import { ItemEntry } from './item-entry';

// A visitor's page: the API client knows there is no session token.
beforeEach(() => setCsrfToken(null));

let rendered: Rendered | undefined;
let stopAnalytics: (() => void) | undefined;
let beacon: BeaconMock;
const preventNavigation = (event: Event) => event.preventDefault();

beforeEach(() => {
  beacon = captureBeacons();
  Object.defineProperty(navigator, 'clipboard', {
    value: { writeText: vi.fn(async () => undefined) },
    configurable: true,
  });
  document.addEventListener('click', preventNavigation);
});

afterEach(async () => {
  stopAnalytics?.();
  stopAnalytics = undefined;
  await rendered?.unmount();
  rendered = undefined;
  document.removeEventListener('click', preventNavigation);
  localStorage.clear();
});

async function sentEvents() {
  await settle(3);
  return sentBeaconEvents(beacon);
}

async function renderItem(mode: 'public' | 'main') {
  const item = itemViewFixture({
    title: 'Encryption at rest',
    href: 'https://acme.example/encryption',
    auditor: 'Schellman',
    expiry: '2027-03-31',
  });
  const card = cardViewFixture({ items: [item] });
  rendered = await renderInDom(
    <ItemEntry
      view={viewWithCards([card], { mode })}
      basePath="/acme"
      card={card}
      item={item}
      isHighlighted={false}
    />,
  );
  return item;
}

describe('item click analytics (spec 3 §7)', () => {
  it('records a click on the item’s link and on its permalink, with the item', async () => {
    stopAnalytics = initPortalAnalytics({ organisationSlug: 'acme', mode: 'public' });
    const item = await renderItem('public');
    await click(document.querySelector('a[href="https://acme.example/encryption"]'));
    await click(document.querySelector('a[aria-label^="Copy link"]'));
    const events = await sentEvents();
    expect(events.map((event) => [event.name, event.itemId, event.subject, event.props?.target])).toEqual([
      ['item_clicked', item.itemUid, 'Encryption at rest', 'link'],
      ['item_clicked', item.itemUid, 'Encryption at rest', 'permalink'],
    ]);
  });

  it('sends nothing for staff in Main mode', async () => {
    stopAnalytics = initPortalAnalytics({ organisationSlug: 'acme', mode: 'main' });
    await renderItem('main');
    await click(document.querySelector('a[href="https://acme.example/encryption"]'));
    await click(document.querySelector('[data-testid="item-details-toggle"]'));
    expect(document.querySelector('[data-testid="item-details"]')?.hasAttribute('hidden')).toBe(false);
    expect(await sentEvents()).toEqual([]);
  });
});

describe('more-details toggle (spec 2 §2, §7)', () => {
  it('opens and closes the details, and records each opening with the item, never a closing', async () => {
    stopAnalytics = initPortalAnalytics({ organisationSlug: 'acme', mode: 'public' });
    const item = await renderItem('public');
    const toggle = document.querySelector<HTMLButtonElement>('[data-testid="item-details-toggle"]')!;
    const details = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(details.dataset.testid).toBe('item-details');
    expect([toggle.textContent, toggle.getAttribute('aria-expanded'), details.hidden]).toEqual([
      'More details',
      'false',
      true,
    ]);
    expect(details.textContent).toContain('Auditor:Schellman');

    await click(toggle);
    expect([toggle.textContent, toggle.getAttribute('aria-expanded'), details.hidden]).toEqual([
      'Less details',
      'true',
      false,
    ]);
    await click(toggle);
    expect([toggle.textContent, toggle.getAttribute('aria-expanded'), details.hidden]).toEqual([
      'More details',
      'false',
      true,
    ]);
    await click(toggle);
    const events = await sentEvents();
    expect(events.map((event) => [event.name, event.itemId, event.subject, event.props])).toEqual([
      ['more_details_toggled', item.itemUid, 'Encryption at rest', { open: true }],
      ['more_details_toggled', item.itemUid, 'Encryption at rest', { open: true }],
    ]);
  });
});
