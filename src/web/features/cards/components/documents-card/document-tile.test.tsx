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
    rendered = await renderInDom(
      <DocumentTile entry={tile} portalTitle="Trust Center" onRequestLogin={() => {}} />,
    );
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
        portalTitle="Trust Center"
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
    rendered = await renderInDom(
      <DocumentTile entry={entry()} portalTitle="Trust Center" onRequestLogin={() => {}} />,
    );
    await click(document.querySelector('a[download]'));
    expect(await sentEvents()).toEqual([]);
    expect(beacon).not.toHaveBeenCalled();
  });
});

describe('document tile messages (spec 2 §8)', () => {
  const notice = () => document.querySelector('[data-testid="document-notice"]');
  afterEach(() => vi.unstubAllGlobals());

  it("tells a failed download: 'Failed to download the document. If the problem persists, please contact support.'", async () => {
    vi.stubGlobal('fetch', async () => new Response('{}', { status: 500 }));
    rendered = await renderInDom(
      <DocumentTile entry={entry()} portalTitle="Trust Center" onRequestLogin={() => {}} />,
    );
    await click(document.querySelector('a[download]'));
    await settle(3);
    expect(notice()?.getAttribute('role')).toBe('alert');
    expect(notice()?.textContent).toBe(
      'Failed to download the document. If the problem persists, please contact support.',
    );
  });

  it("tells a download the server refuses as view-only in the portal's words", async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(JSON.stringify({ error: { code: 'forbidden', message: 'refused' } }), { status: 403 }),
    );
    rendered = await renderInDom(
      <DocumentTile entry={entry()} portalTitle="Acme Trust" onRequestLogin={() => {}} />,
    );
    await click(document.querySelector('a[download]'));
    await settle(3);
    expect(notice()?.textContent).toBe('This file is view-only and not downloadable in the Acme Trust');
  });

  it('says why a view-only file has no download when its download button is used', async () => {
    const viewOnly = entry({
      file: documentFileFixture(itemUid, { title: 'Security policy', canDownload: false, downloadUrl: null }),
    });
    rendered = await renderInDom(
      <DocumentTile entry={viewOnly} portalTitle="Trust Center" onRequestLogin={() => {}} />,
    );
    expect(document.querySelector('a[download]')).toBeNull();
    const button = document.querySelector('[data-testid="view-only-download"]');
    expect(button?.getAttribute('aria-disabled')).toBe('true');
    await click(button);
    expect(notice()?.textContent).toBe('This file is view-only and not downloadable in the Trust Center');
  });

  it('warns that an encrypted file takes a moment when it is opened, and only then', async () => {
    const encrypted = entry({
      file: documentFileFixture(itemUid, { title: 'Security policy', isEncrypted: true }),
    });
    rendered = await renderInDom(
      <DocumentTile entry={encrypted} portalTitle="Trust Center" onRequestLogin={() => {}} />,
    );
    expect(notice()).toBeNull();
    await click(document.querySelector('a[target="_blank"]'));
    expect(notice()?.getAttribute('role')).toBe('status');
    expect(notice()?.textContent).toBe('This file is encrypted so viewing may take a moment');
  });

  it('says nothing when a plain file is opened', async () => {
    rendered = await renderInDom(
      <DocumentTile entry={entry()} portalTitle="Trust Center" onRequestLogin={() => {}} />,
    );
    await click(document.querySelector('a[target="_blank"]'));
    expect(notice()).toBeNull();
  });
});
