import { describe, expect, it } from 'vitest';
import { isTypingTarget, shortcutOf } from './queue-shortcuts';
import {
  activeFilterCount,
  apiQueryOf,
  searchParamsFromView,
  viewFromSearchParams,
  withChange,
} from './queue-view';

const productId = '7b0c6f7e-5a43-4a8e-9e39-0c1f3d2a8a11';

describe('the queue view in the address', () => {
  it('round-trips every part of a view and leaves the defaults out', () => {
    const address = `status=approved&q=engines&productId=${productId}&requesterType=vendor&country=GB&source=item_link&from=2026-01-01&to=2026-02-01&hasNda=yes&sort=name&page=3`;
    const view = viewFromSearchParams(new URLSearchParams(address));
    expect(view).toEqual({
      status: 'approved',
      q: 'engines',
      productId,
      requesterType: 'vendor',
      country: 'GB',
      source: 'item_link',
      from: '2026-01-01',
      to: '2026-02-01',
      hasNda: 'yes',
      sort: 'name',
      page: 3,
    });
    expect(new URLSearchParams(searchParamsFromView(view)).toString()).toBe(address);
    expect(activeFilterCount(view)).toBe(7);
    expect(searchParamsFromView(viewFromSearchParams(new URLSearchParams())).toString()).toBe('');
  });

  it('drops what the server would refuse and keeps the rest', () => {
    const view = viewFromSearchParams(
      new URLSearchParams('status=maybe&page=0&q=ada&country=GBR&from=2026-02-30'),
    );
    expect(view).toEqual({ status: 'pending', page: 1, q: 'ada' });
    expect(viewFromSearchParams(new URLSearchParams('from=2026-03-01&to=2026-01-01'))).toEqual({
      status: 'pending',
      page: 1,
      from: '2026-03-01',
    });
  });

  it('opens an old ?tab=decided link on the decided requests', () => {
    expect(viewFromSearchParams(new URLSearchParams('tab=decided')).status).toBe('decided');
  });

  it('starts at page 1 after any change but a page change, and always sends the status to the API', () => {
    const view = viewFromSearchParams(new URLSearchParams('page=4&q=ada'));
    expect(withChange(view, { source: 'item_link' })).toEqual({
      status: 'pending',
      page: 1,
      q: 'ada',
      source: 'item_link',
    });
    expect(withChange(view, { page: 5 }).page).toBe(5);
    expect(withChange(view, { q: undefined })).toEqual({ status: 'pending', page: 1 });
    expect(apiQueryOf({ status: 'pending', page: 1 })).toBe('status=pending');
    expect(apiQueryOf({ status: 'pending', page: 1 }, 1)).toBe('status=pending&pageSize=1');
  });
});

describe('queue shortcuts', () => {
  const key = (key: string, target: EventTarget | null = null, extra = {}) => ({
    key,
    target,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    defaultPrevented: false,
    ...extra,
  });

  it('maps j, k, x, o, a and d, and nothing else', () => {
    expect(['j', 'k', 'x', 'o', 'a', 'd', 'q'].map((name) => shortcutOf(key(name), false))).toEqual([
      'next',
      'previous',
      'toggle-selection',
      'open',
      'approve',
      'decline',
      null,
    ]);
  });

  it('stays out of the way with a modifier, an open dialog or a handled event', () => {
    expect(shortcutOf(key('a', null, { ctrlKey: true }), false)).toBeNull();
    expect(shortcutOf(key('a', null, { metaKey: true }), false)).toBeNull();
    expect(shortcutOf(key('a'), true)).toBeNull();
    expect(shortcutOf(key('a', null, { defaultPrevented: true }), false)).toBeNull();
  });

  it('knows a field someone types in', () => {
    const fake = (matches: boolean, isContentEditable = false) =>
      ({ isContentEditable, closest: () => (matches ? {} : null) }) as unknown as EventTarget;
    expect(isTypingTarget(fake(true))).toBe(true);
    expect(isTypingTarget(fake(false, true))).toBe(true);
    expect(isTypingTarget(fake(false))).toBe(false);
    expect(shortcutOf(key('a', fake(true)), false)).toBeNull();
  });
});
