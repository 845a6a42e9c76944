import { describe, expect, it } from 'vitest';
import { portalViewFixture } from '../features/portal/lib/portal-view-fixture';
import { createPortalViewStore, viewerSearch } from './portal-view-store';

type Pending = { resolve(view: ReturnType<typeof portalViewFixture>): void };

describe('portal view store', () => {
  it('starts with the server-rendered model and tells subscribers about a refreshed one', async () => {
    const initial = portalViewFixture();
    const refreshed = { ...initial, organisation: { ...initial.organisation, name: 'Acme after the edit' } };
    const store = createPortalViewStore(initial, async () => refreshed);
    let notified = 0;
    const unsubscribe = store.subscribe(() => notified++);
    expect(store.getView()).toBe(initial);
    await store.refresh();
    expect(store.getView()).toBe(refreshed);
    expect(notified).toBe(1);
    unsubscribe();
    await store.refresh();
    expect(notified).toBe(1);
  });

  it('keeps the answer to the latest refresh when two overlap and answer out of order', async () => {
    const initial = portalViewFixture();
    const pending: Pending[] = [];
    const store = createPortalViewStore(initial, () => new Promise((resolve) => pending.push({ resolve })));
    const first = store.refresh();
    const second = store.refresh();
    const newer = { ...initial, organisation: { ...initial.organisation, name: 'second answer' } };
    const older = { ...initial, organisation: { ...initial.organisation, name: 'first answer' } };
    pending[1]!.resolve(newer);
    await second;
    pending[0]!.resolve(older);
    await first;
    expect(store.getView().organisation.name).toBe('second answer');
  });

  it('passes a failed refresh to its caller and keeps the model it had', async () => {
    const initial = portalViewFixture();
    const store = createPortalViewStore(initial, async () => {
      throw new Error('Temporary connection error.');
    });
    await expect(store.refresh()).rejects.toThrow('Temporary connection error.');
    expect(store.getView()).toBe(initial);
  });

  it('refetches for the same viewer: only the preview parameters are kept', () => {
    expect(viewerSearch('?preview=true&accountId=a1&itemUid=x&permissionProfileId=p2')).toBe(
      '?preview=true&accountId=a1&permissionProfileId=p2',
    );
    expect(viewerSearch('?itemUid=x')).toBe('');
  });
});
