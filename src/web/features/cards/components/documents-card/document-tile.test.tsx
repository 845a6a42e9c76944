// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initPortalAnalytics } from '../../../../lib/analytics';
import {
  type BeaconMock,
  captureBeacons,
  sentEvents as sentBeaconEvents,
} from '../../../../lib/test-support/sent-analytics';
import type { DocumentEntry } from './document-entries';
import { DocumentTile } from './document-tile';
import { click, documentFileFixture, type Rendered, renderInDom, settle } from './documents-fixture';

const itemUid = 'aaaaaaaa-aaaa-4aaa-8aaa-000000000001';
let rendered: Rendered | undefined;
let stopAnalytics: (() => void) | undefined;
let beacon: BeaconMock;
// jsdom cannot navigate: links are followed by nobody, their click handlers still run.
const preventNavigation = (event: Event) => event.preventDefault();

beforeEach(() => {
  beacon = captureBeacons();
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

function entry(overrides: Partial<DocumentEntry> = {}): DocumentEntry {
  return {
    key: 'tile',
    itemUid,
    itemTitle: 'Policies',
    title: 'Security policy',
    category: 'Policies',
    isPublic: true,
    isFeatured: false,
    isLocked: false,
    file: documentFileFixture(itemUid, { title: 'Security policy' }),
    ...overrides,
  };
}

async function sentEvents() {
  await settle(3);
  return sentBeaconEvents(beacon);
}

describe('document tile analytics (spec 2 §7)', () => {
  it('records a file view and a download with the item, title and file', async () => {
    stopAnalytics = initPortalAnalytics({ organisationSlug: 'acme', mode: 'public' });
    const tile = entry();
    rendered = await renderInDom(<DocumentTile entry={tile} onRequestLogin={() => {}} />);
    await click(document.querySelector('a[target="_blank"]'));
    await click(document.querySelector('a[download]'));
    expect(await sentEvents()).toEqual([
      {
        name: 'file_viewed',
        itemId: itemUid,
        subject: 'Security policy',
        path: '/',
        props: { category: 'Policies', fileId: tile.file!.fileId },
      },
      {
        name: 'file_downloaded',
        itemId: itemUid,
        subject: 'Security policy',
        path: '/',
        props: { category: 'Policies', fileId: tile.file!.fileId },
      },
    ]);
  });

  it('records a request for a locked document, then asks for the login', async () => {
    stopAnalytics = initPortalAnalytics({ organisationSlug: 'acme', mode: 'public' });
    const onRequestLogin = vi.fn();
    rendered = await renderInDom(
      <DocumentTile
        entry={entry({ isLocked: true, isPublic: false, file: null })}
        onRequestLogin={onRequestLogin}
      />,
    );
    await click(document.querySelector('button'));
    expect(onRequestLogin).toHaveBeenCalledWith(itemUid);
    expect(await sentEvents()).toEqual([
      {
        name: 'file_requested',
        itemId: itemUid,
        subject: 'Security policy',
        path: '/',
        props: { category: 'Policies' },
      },
    ]);
  });

  it('sends nothing for staff in Main mode', async () => {
    stopAnalytics = initPortalAnalytics({ organisationSlug: 'acme', mode: 'main' });
    rendered = await renderInDom(<DocumentTile entry={entry()} onRequestLogin={() => {}} />);
    await click(document.querySelector('a[download]'));
    expect(await sentEvents()).toEqual([]);
    expect(beacon).not.toHaveBeenCalled();
  });
});
