// @vitest-environment jsdom
import { act } from 'react';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accessMessages, type NdaStatus } from '../../../../shared/access';
import { setCsrfToken } from '../../../lib/api-client';
import { writePortalQuery } from '../../../lib/portal-query';
import {
  byText,
  click,
  press,
  type Rendered,
  renderInDom,
  settle,
  typeInto,
  waitFor,
} from '../../../lib/test-support/render-in-dom';
import { accessViewFixture, memberAccountId, memberViewFixture } from '../test-support/view-fixture';
import { AccessEntry } from './access-entry';
import AccountMenu from './account-menu';
import { HeaderAccessEntry } from './header-access-entry';
import InviteColleaguesDialog from './invite-colleagues-dialog';
import MemberLayer from './member-layer';

// The page's session token, held by the API client as hydration or the session query sets it.
beforeEach(() => setCsrfToken('csrf-1'));

let rendered: Rendered | undefined;
let calls: Array<{ url: string; body: unknown; headers: Record<string, string> }> = [];
let answer: (url: string) => Response = () => new Response('{}', { status: 200 });

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const pendingNda: NdaStatus = {
  passed: false,
  provider: 'clickwrap',
  email: 'ada@customer.example',
  nda: {
    id: '77777777-7777-4777-8777-777777777777',
    title: 'Mutual NDA',
    body: 'Keep it secret.',
    sha256: 'x',
  },
  hasChanged: false,
};

beforeEach(() => {
  calls = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    calls.push({
      url,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
      headers: (init.headers ?? {}) as Record<string, string>,
    });
    return answer(url);
  });
});

afterEach(async () => {
  vi.useRealTimers();
  await rendered?.unmount();
  rendered = undefined;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

const button = (text: string) => byText<HTMLButtonElement>('button', text)[0];
const emailsInput = () =>
  document.querySelector<HTMLInputElement>('[data-testid="invite-form"] input[type="email"]');
const tokens = () =>
  [...document.querySelectorAll('[data-testid="invite-email-token"]')].map((t) => t.textContent);
const alerts = () => [...document.querySelectorAll('[role="alert"]')].map((alert) => alert.textContent);

describe('invite colleagues (spec 3 §2, §5)', () => {
  async function openInvite() {
    rendered = await renderInDom(<InviteColleaguesDialog view={memberViewFixture()} onClose={() => {}} />);
  }

  it('turns typed text into tokens on Enter, Space, Tab and Comma, lowercased', async () => {
    await openInvite();
    for (const [typed, key] of [
      ['Grace@Navy.example', 'Enter'],
      ['alan@bletchley.example', ' '],
      ['ada@engine.example', 'Tab'],
      ['edsger@dijkstra.example', ','],
    ] as const) {
      await typeInto(emailsInput(), typed);
      await press(emailsInput(), key);
    }
    expect(tokens()).toEqual([
      'grace@navy.example',
      'alan@bletchley.example',
      'ada@engine.example',
      'edsger@dijkstra.example',
    ]);
    expect(emailsInput()?.value).toBe('');
  });

  it("names invalid and repeated addresses, and says 'Required' when none are left", async () => {
    await openInvite();
    const send = () => button('Send');
    expect(send()?.disabled).toBe(true);
    await typeInto(emailsInput(), 'not-an-email');
    await press(emailsInput(), 'Enter');
    expect(alerts()).toEqual(['"not-an-email" is not a valid email']);
    expect(send()?.disabled).toBe(true);
    await typeInto(emailsInput(), 'grace@navy.example,');
    expect(tokens()).toEqual(['grace@navy.example']);
    expect(alerts()).toEqual([]);
    await typeInto(emailsInput(), 'grace@navy.example');
    await press(emailsInput(), ' ');
    expect(alerts()).toEqual(['"grace@navy.example" has already been added']);
    await typeInto(emailsInput(), '');
    await click(document.querySelector('[aria-label="Remove grace@navy.example"]'));
    expect(tokens()).toEqual([]);
    expect(alerts()).toEqual(['Required']);
    expect(send()?.disabled).toBe(true);
  });

  it('sends lowercased e-mails and the trimmed message, then shows the success page', async () => {
    answer = () => json({ ok: true });
    await openInvite();
    await typeInto(emailsInput(), 'Grace@Navy.example');
    await press(emailsInput(), 'Enter');
    const message = document.querySelector('textarea');
    expect(message?.rows).toBe(7);
    await typeInto(message, '  Have a look  ');
    await click(button('Send'));
    await settle();
    expect(calls).toMatchObject([
      {
        url: `/api/statuspage/share/${memberAccountId}/external/invite-colleague`,
        body: { emails: ['grace@navy.example'], message: 'Have a look' },
        headers: { 'x-csrf-token': 'csrf-1' },
      },
    ]);
    expect(document.querySelector('[data-testid="invite-success"]')).not.toBeNull();
    expect(document.body.textContent).toContain('Invitations sent');
  });

  it('leaves an empty message out, and a failure opens the problem modal', async () => {
    answer = () => json({ error: { code: 'internal', message: 'boom' } }, 500);
    await openInvite();
    await typeInto(emailsInput(), 'grace@navy.example');
    await press(emailsInput(), 'Enter');
    await typeInto(document.querySelector('textarea'), '   ');
    await click(button('Send'));
    await settle();
    expect(calls[0]?.body).toEqual({ emails: ['grace@navy.example'] });
    const failure = document.querySelector('[role="alertdialog"]');
    expect(failure?.textContent).toContain(accessMessages.inviteFailedTitle);
    expect(failure?.textContent).toContain(accessMessages.inviteFailedText);
    expect(byText('button', 'OK')).toHaveLength(1);
  });

  it('the inviteColleagues flag opens it, and reopening starts on a fresh form', async () => {
    answer = (url) => (url.endsWith('/nda') ? json({ ...pendingNda, passed: true }) : json({ ok: true }));
    rendered = await renderInDom(<AccessEntry view={memberViewFixture()} basePath="/acme" canOpenDialogs />);
    await act(async () => writePortalQuery({ inviteColleagues: 'true' }));
    await waitFor(() => emailsInput());
    await typeInto(emailsInput(), 'grace@navy.example');
    await press(emailsInput(), 'Enter');
    await click(button('Send'));
    await click(await waitFor(() => button('Done')));
    expect(new URLSearchParams(window.location.search).has('inviteColleagues')).toBe(false);
    expect(document.querySelector('[data-testid="invite-success"]')).toBeNull();
    await act(async () => writePortalQuery({ inviteColleagues: 'true' }));
    await waitFor(() => emailsInput());
    expect(tokens()).toEqual([]);
  });
});

describe('account menu (spec 1 §2 Header, spec 3 §4)', () => {
  async function openMenu(status: 'approved' | 'declined' | 'pending' | 'other', nda = pendingNda) {
    answer = () => json(nda);
    const mode = status === 'approved' ? 'account_external' : 'public';
    rendered = await renderInDom(<AccountMenu view={memberViewFixture(status, mode)} basePath="/acme" />);
    await settle();
    await press(document.querySelector('[data-testid="account-menu-trigger"]'), 'Enter');
  }

  it.each(['approved', 'declined', 'pending'] as const)("shows 'Review %s'", async (status) => {
    await openMenu(status);
    expect(document.querySelector('[data-testid="account-review-status"]')?.textContent).toBe(
      `Review ${status}`,
    );
    expect(document.querySelector('[data-testid="account-menu-identity"]')?.textContent).toBe(
      'Ada Lovelaceada@customer.exampleCustomer Ltd',
    );
  });

  it("says 'Access expired', not 'Review approved', to a member whose approved access has ended", async () => {
    answer = () => json(pendingNda);
    const expired = memberViewFixture('approved', 'public');
    const member = { ...expired.viewer.member!, isAccessExpired: true };
    rendered = await renderInDom(
      <AccountMenu view={{ ...expired, viewer: { ...expired.viewer, member } }} basePath="/acme" />,
    );
    await settle();
    await press(document.querySelector('[data-testid="account-menu-trigger"]'), 'Enter');
    expect(document.querySelector('[data-testid="account-review-status"]')?.textContent).toBe(
      'Access expired',
    );
    expect([...document.querySelectorAll('[role="menuitem"]')].map((item) => item.textContent)).toEqual([
      'Request access',
      'Update e-mails',
      'Log out',
    ]);
  });

  it('shows when access ends (MMMM d, yyyy), and nothing for access that does not end', async () => {
    answer = () => json(pendingNda);
    const view = memberViewFixture('approved', 'account_external');
    const member = { ...view.viewer.member!, accessExpiresAt: '2027-03-12T10:00:00.000Z' };
    rendered = await renderInDom(
      <AccountMenu view={{ ...view, viewer: { ...view.viewer, member } }} basePath="/acme" />,
    );
    await settle();
    await press(document.querySelector('[data-testid="account-menu-trigger"]'), 'Enter');
    expect(document.querySelector('[data-testid="account-access-end"]')?.textContent).toBe(
      'Access until March 12, 2027',
    );
    await rendered.unmount();
    await openMenu('approved');
    expect(document.querySelector('[data-testid="account-review-status"]')?.textContent).toBe(
      'Review approved',
    );
    expect(document.querySelector('[data-testid="account-access-end"]')).toBeNull();
  });

  it('shows no review status for other; a member without access may ask for it, not invite', async () => {
    await openMenu('other');
    expect(document.querySelector('[data-testid="account-review-status"]')).toBeNull();
    expect([...document.querySelectorAll('[role="menuitem"]')].map((item) => item.textContent)).toEqual([
      'Request access',
      'Update e-mails',
      'Log out',
    ]);
    expect(calls).toEqual([]);
  });

  it('offers invite and log out to a member with access, and logs out to the page the server names', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    await openMenu('approved');
    answer = () => json({ redirectTo: '/acme' });
    await click(byText('[role="menuitem"]', 'Log out')[0]);
    await settle();
    expect(calls.at(-1)).toMatchObject({
      url: '/api/statuspage/share/auth/logout',
      headers: { 'x-csrf-token': 'csrf-1' },
    });
    expect(assign).toHaveBeenCalledWith('/acme');
  });

  it("offers 'Download signed NDA' once a clickwrap NDA is signed; 'Invite colleagues' writes the flag", async () => {
    await openMenu('approved', { ...pendingNda, passed: true, nda: null });
    expect([...document.querySelectorAll('[role="menuitem"]')].map((item) => item.textContent)).toEqual([
      'Invite colleagues',
      'Access tokens for AI agents',
      'Update e-mails',
      'Download signed NDA',
      'Log out',
    ]);
    await click(byText('[role="menuitem"]', 'Invite colleagues')[0]);
    expect(new URLSearchParams(window.location.search).get('inviteColleagues')).toBe('true');
  });

  it("opens the member's own preference page from 'Update e-mails'", async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    await openMenu('approved');
    await click(byText('[role="menuitem"]', 'Update e-mails')[0]);
    expect(assign).toHaveBeenCalledWith('/acme/subscription/mine');
  });
});

describe('header entry', () => {
  it("offers a quiet 'Sign in' to public visitors only when restricted content exists", async () => {
    const view = accessViewFixture();
    rendered = await renderInDom(<HeaderAccessEntry view={view} basePath="/acme" />);
    expect(document.querySelector('[data-testid="header-sign-in"]')).toBeNull();
    await rendered.unmount();
    const restricted = {
      ...view,
      customisation: { ...view.customisation, publicAccessLevel: 'minimal' as const },
    };
    rendered = await renderInDom(<HeaderAccessEntry view={restricted} basePath="/acme" />);
    await click(document.querySelector('[data-testid="header-sign-in"]'));
    const query = new URLSearchParams(window.location.search);
    expect([query.get('loginRequest'), query.get('source')]).toEqual(['true', 'header']);
  });
});

describe('NDA reminder (spec 3 §2 NDA, §9)', () => {
  it('shows for a member who has not accepted, hides after 20 s, and its action opens the NDA', async () => {
    vi.useFakeTimers();
    answer = () => json(pendingNda);
    rendered = await renderInDom(
      <>
        <Toaster />
        <MemberLayer view={memberViewFixture()} isInviteRequested={false} />
      </>,
    );
    const advance = (ms: number) => act(async () => vi.advanceTimersByTimeAsync(ms));
    await advance(50);
    expect(document.body.textContent).toContain(accessMessages.ndaRequired);
    await advance(19_000);
    expect(document.body.textContent).toContain(accessMessages.ndaRequired);
    await advance(2_000);
    expect(document.body.textContent).not.toContain(accessMessages.ndaRequired);
  });

  it('the toast action opens the NDA dialog; Accept posts the acceptance', async () => {
    answer = (url) => (url.endsWith('/nda') ? json(pendingNda) : json({ ok: true }));
    rendered = await renderInDom(
      <>
        <Toaster />
        <MemberLayer view={memberViewFixture()} isInviteRequested={false} />
      </>,
    );
    await click(await waitFor(() => button('Review NDA')));
    await waitFor(() => document.querySelector('[data-testid="nda-text"]'));
    expect(document.querySelector('[data-testid="nda-text"]')?.textContent).toBe('Keep it secret.');
    const name = byText<HTMLLabelElement>('label', 'Your full name')[0];
    expect((document.getElementById(name?.htmlFor ?? '') as HTMLInputElement).value).toBe('Ada Lovelace');
    await click(button('Accept'));
    await settle();
    expect(alerts()).toContain('You must agree to the terms');
    await click(document.querySelector('[data-testid="nda-form"] input[type="checkbox"]'));
    await click(button('Accept'));
    await waitFor(() => calls.some((call) => call.url.endsWith('/nda/accept')));
    expect(calls.find((call) => call.url.endsWith('/nda/accept'))?.body).toEqual({
      ndaVersionId: pendingNda.nda?.id,
      signerName: 'Ada Lovelace',
      agree: true,
    });
  });
});
