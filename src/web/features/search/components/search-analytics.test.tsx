// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { trackEvent } from '../../../lib/analytics';
import {
  click,
  press,
  type Rendered,
  renderInDom,
  settle,
  typeInto,
  waitFor,
} from '../../../lib/test-support/render-in-dom';
import { cardFixture, itemFixture, viewFixture } from '../test-support/search-fixtures';
// Loaded up front, as the box's pointer-enter would: the entry imports the dialog lazily.
import './search-dialog';
import { setCsrfToken } from '../../../lib/api-client';
import { SearchEntry } from './search-entry';

// A visitor's page: the API client knows there is no session token.
beforeEach(() => setCsrfToken(null));

vi.mock('../../../lib/analytics', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/analytics')>()),
  trackEvent: vi.fn(),
}));

let rendered: Rendered | undefined;

beforeEach(() => {
  vi.mocked(trackEvent).mockClear();
  window.localStorage.clear();
  vi.stubGlobal('fetch', async (input: string) => {
    const body = input.endsWith('/search/setup')
      ? { engine: 'local', isAnswerAvailable: false }
      : { topics: [], page: 1, pageSize: 5, totalTopics: 0, totalPages: 0 };
    return new Response(JSON.stringify(body), { status: 200 });
  });
});

afterEach(async () => {
  await rendered?.unmount();
  rendered = undefined;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const view = () =>
  viewFixture({
    cards: [
      cardFixture('AccessControl', [
        itemFixture(1, { title: 'Multi-factor authentication', explanation: 'Every employee uses MFA.' }),
        itemFixture(2, { title: 'Single sign-on', explanation: 'SAML SSO for every employee.' }),
      ]),
    ],
  });
const sent = (name: string) => vi.mocked(trackEvent).mock.calls.filter(([event]) => event.name === name);

describe('search analytics (spec 1 §7)', () => {
  it('records the search box being focused by click or keyboard', async () => {
    rendered = await renderInDom(<SearchEntry view={view()} basePath="/acme" />);
    await click(document.querySelector('[data-testid="search-box"]'));
    // The dialog's code and the query library load on the first open.
    await press(await waitFor(() => document.querySelector('[data-testid="search-input"]')), 'Escape');
    await settle(4);
    await press(document.body, 'k', { ctrlKey: true });
    await settle(4);
    expect(sent('search_box_focused').map(([event]) => event.props)).toEqual([
      { via: 'click' },
      { via: 'keyboard' },
    ]);
  });

  it('records a rested local query as entered and as a client (fuse) search, with its result count', async () => {
    rendered = await renderInDom(<SearchEntry view={view()} basePath="/acme" />);
    await press(document.body, 'k', { ctrlKey: true });
    await settle(4);
    await typeInto(document.querySelector<HTMLInputElement>('[data-testid="search-input"]')!, 'sign-on');
    // Debounce, the lazily built index, then the 700 ms rest: each step renders before the next timer.
    for (let step = 0; step < 6; step++) {
      await act(async () => new Promise((resolve) => setTimeout(resolve, 400)));
    }
    expect(sent('search_query_entered').at(-1)?.[0]).toMatchObject({ subject: 'sign-on' });
    expect(sent('client_searched').at(-1)?.[0]).toEqual({
      name: 'client_searched',
      props: { searchType: 'fuse', resultCount: 1 },
    });
  });
});
