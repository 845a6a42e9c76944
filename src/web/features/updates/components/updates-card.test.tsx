// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PortalView } from '../../../../shared/portal';
import type { TopicView } from '../../../../shared/updates';
import { setCsrfToken } from '../../../lib/api-client';
import { writePortalQuery } from '../../../lib/portal-query';
import { byText, click, type Rendered, renderInDom, settle } from '../../../lib/test-support/render-in-dom';
import { mainView, pageOf, topicFixture, topicId, viewFixture } from '../test-support/updates-fixtures';
import UpdatesCard from './updates-card';

// The page's session token, held by the API client as hydration or the session query sets it.
beforeEach(() => setCsrfToken('csrf-1'));

let rendered: Rendered | undefined;
let requests: URL[] = [];
let topics: TopicView[] = [];

beforeEach(() => {
  requests = [];
  topics = [];
  window.history.replaceState(null, '', '/acme');
  vi.stubGlobal('fetch', async (input: string) => {
    const url = new URL(input, 'http://localhost');
    requests.push(url);
    const wanted = url.searchParams.get('topicId');
    const index = wanted ? topics.findIndex((topic) => topic.id === wanted) : -1;
    const page = index >= 0 ? Math.floor(index / 5) + 1 : Number(url.searchParams.get('page') ?? 1);
    return new Response(JSON.stringify(pageOf(topics, page)), { status: 200 });
  });
});

afterEach(async () => {
  await rendered?.unmount();
  rendered = undefined;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function renderCard(view: PortalView = viewFixture()) {
  rendered = await renderInDom(
    <UpdatesCard view={view} renderSubscribeButton={() => <button type="button">Subscribe</button>} />,
  );
  await settle(3);
}

const subjects = () =>
  [...document.querySelectorAll('[data-testid="trust-update"] h3')].map((h) => h.textContent);

describe('UpdatesCard', () => {
  it("is titled '{portal title} Updates' and pages 5 topics at a time", async () => {
    topics = Array.from({ length: 12 }, (_, index) => topicFixture(index + 1));
    await renderCard();
    expect(document.querySelector('h2')?.textContent).toBe('Security Portal Updates');
    expect(subjects()).toEqual(['Topic 1', 'Topic 2', 'Topic 3', 'Topic 4', 'Topic 5']);
    expect(document.body.textContent).toContain('Page 1 of 3');
    expect(byText<HTMLButtonElement>('button', 'Previous')[0]?.disabled).toBe(true);

    await click(byText('button', 'Next')[0]);
    await settle(3);
    expect(requests.at(-1)?.searchParams.get('page')).toBe('2');
    expect(subjects()).toEqual(['Topic 6', 'Topic 7', 'Topic 8', 'Topic 9', 'Topic 10']);

    await click(byText('button', 'Next')[0]);
    await settle(3);
    expect(subjects()).toEqual(['Topic 11', 'Topic 12']);
    expect(byText<HTMLButtonElement>('button', 'Next')[0]?.disabled).toBe(true);
  });

  it('marks pinned topics, shows the category and the date, and renders the server HTML', async () => {
    topics = [
      topicFixture(1, { isPinned: true, subject: 'SOC 2 Type II report', category: 'compliance' }),
      topicFixture(2, {
        subject: 'New subprocessor',
        category: 'subprocessors',
        latestAt: '2025-01-09T10:00:00.000Z',
      }),
    ];
    await renderCard();
    const [pinned, other] = [...document.querySelectorAll('[data-testid="trust-update"]')];
    expect(pinned?.querySelector('[data-testid="pinned-marker"]')?.textContent).toBe('Pinned');
    expect(other?.querySelector('[data-testid="pinned-marker"]')).toBeNull();
    expect(other?.querySelector('[data-testid="category-badge"]')?.textContent).toBe('Subprocessors');
    expect(other?.querySelector('time')?.textContent).toBe('January 9, 2025');
    expect(pinned?.querySelector('p')?.textContent).toBe('Message of topic 1');
    expect(document.querySelector('nav[aria-label="Trust updates pages"]')).toBeNull();
  });

  it('marks a hidden topic for staff in Main mode, so it never looks public', async () => {
    topics = [topicFixture(1, { subject: 'Draft incident note', isHidden: true }), topicFixture(2)];
    await renderCard(mainView());
    const [hidden, shown] = [...document.querySelectorAll('[data-testid="trust-update"]')];
    expect(hidden?.querySelector('[data-testid="hidden-marker"]')?.textContent).toBe('Hidden');
    expect(shown?.querySelector('[data-testid="hidden-marker"]')).toBeNull();
  });

  it('marks private-audience updates for members', async () => {
    const topic = topicFixture(1);
    topics = [{ ...topic, updates: [{ ...topic.updates[0]!, audience: 'private' }] }];
    await renderCard(
      viewFixture({
        viewer: {
          mode: 'account_external',
          staff: null,
          member: {
            email: 'ada@customer.example',
            firstName: 'Ada',
            lastName: 'Lovelace',
            accountId: '33333333-3333-4333-8333-333333333333',
            accountName: 'Customer',
            reviewStatus: 'approved',
            isAutoApprovedAccountMember: false,
          },
          preview: null,
        },
      }),
    );
    expect(document.querySelector('[data-testid="private-marker"]')?.textContent).toContain('Members only');
  });

  it('shows Subscribe when subscribing is on and the mode is not Main', async () => {
    topics = [topicFixture(1)];
    const hasSubscribe = () => byText('button', 'Subscribe').length === 1;
    await renderCard(viewFixture());
    expect(hasSubscribe()).toBe(true);
    await rendered?.unmount();

    await renderCard(viewFixture({ viewer: { mode: 'preview', staff: null, member: null, preview: null } }));
    expect(hasSubscribe()).toBe(true);
    await rendered?.unmount();

    await renderCard(mainView());
    expect(hasSubscribe()).toBe(false);
    await rendered?.unmount();

    const view = viewFixture();
    await renderCard({ ...view, customisation: { ...view.customisation, subscribeEnabled: false } });
    expect(hasSubscribe()).toBe(false);
  });

  it('is hidden for non-main viewers when nothing is visible, and kept for staff with Publish update', async () => {
    await renderCard(viewFixture());
    expect(document.querySelector('[data-testid="updates-card"]')).toBeNull();
    await rendered?.unmount();

    await renderCard(mainView());
    expect(document.querySelector('[data-testid="updates-card"]')).not.toBeNull();
    expect(document.body.textContent).toContain('No updates yet');
    expect(document.querySelector('[data-testid="publish-update-button"]')).not.toBeNull();
    await rendered?.unmount();

    await renderCard(mainView(false));
    expect(document.querySelector('[data-testid="publish-update-button"]')).toBeNull();
  });

  it('fetches the page holding tcuUid, scrolls it 200 px below the top and highlights it', async () => {
    topics = Array.from({ length: 9 }, (_, index) => topicFixture(index + 1));
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 300 });
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return { top: this.id === `trust-update-${topicId(7)}` ? 1500 : 0 } as DOMRect;
    });
    window.history.replaceState(null, '', `/acme?tcuUid=${topicId(7)}`);

    await renderCard();
    expect(requests[0]?.searchParams.get('topicId')).toBe(topicId(7));
    expect(subjects()).toContain('Topic 7');
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 1500 + 300 - 200 }));
    const highlighted = document.querySelector('[data-highlighted="true"]');
    expect(highlighted?.id).toBe(`trust-update-${topicId(7)}`);
    expect(document.activeElement).toBe(highlighted);
  });

  it('seeks again when the notification bar sets tcuUid without a reload', async () => {
    topics = Array.from({ length: 7 }, (_, index) => topicFixture(index + 1));
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    await renderCard();
    expect(scrollTo).not.toHaveBeenCalled();
    expect(subjects()).not.toContain('Topic 6');

    await act(async () => writePortalQuery({ tcuUid: topicId(6) }));
    await settle(3);
    expect(requests.at(-1)?.searchParams.get('topicId')).toBe(topicId(6));
    expect(subjects()).toContain('Topic 6');
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(document.querySelector('[data-highlighted="true"]')?.id).toBe(`trust-update-${topicId(6)}`);
  });

  it('ignores a tcuUid that is not a topic id', async () => {
    topics = [topicFixture(1)];
    window.history.replaceState(null, '', '/acme?tcuUid=%3Cscript%3E');
    await renderCard();
    expect(requests[0]?.searchParams.has('topicId')).toBe(false);
    expect(subjects()).toEqual(['Topic 1']);
  });
});
