// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accessMessages } from '../../../../shared/access';
import type { PortalView } from '../../../../shared/portal';
import { setCsrfToken } from '../../../lib/api-client';
import {
  byText,
  click,
  type Rendered,
  renderInDom,
  settle,
  typeInto,
  waitFor,
} from '../../../lib/test-support/render-in-dom';
import { readAccessQuery } from '../lib/access-query';
import { accessViewFixture, memberAccountId, memberViewFixture } from '../test-support/view-fixture';
import { AccessEntry } from './access-entry';

// A visitor's page: the API client knows there is no session token.
beforeEach(() => setCsrfToken(null));

let rendered: Rendered | undefined;
let calls: Array<{ url: string; body: unknown }> = [];
let answer: (url: string) => Response = () => new Response('{}', { status: 200 });

beforeEach(() => {
  calls = [];
  window.localStorage.clear();
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    calls.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    return answer(url);
  });
});

afterEach(async () => {
  await rendered?.unmount();
  rendered = undefined;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The lazy layer needs a few turns: the dynamic import, then the effects it triggers. */
async function settleAll() {
  for (let turn = 0; turn < 5; turn++) await settle();
}

async function openAt(search: string, view: PortalView = accessViewFixture()) {
  window.history.replaceState(null, '', `/acme${search}`);
  rendered = await renderInDom(<AccessEntry view={view} basePath="/acme" canOpenDialogs />);
  await waitFor(() => modal());
  await settleAll();
}

const modal = () => document.querySelector<HTMLElement>('[data-testid="access-modal"]');
const query = () => new URLSearchParams(window.location.search);
const button = (text: string) => byText<HTMLButtonElement>('button', text)[0];
const inputLabelled = (label: string) => {
  const element = byText<HTMLLabelElement>('label', label)[0];
  return document.getElementById(element?.htmlFor ?? '') as HTMLInputElement | null;
};
const texts = () => document.body.textContent ?? '';

async function submitLogin(email: string) {
  await typeInto(inputLabelled('Work email'), email);
  await click(button('Continue'));
  await settleAll();
}

async function fillRequest(values: { email?: string } = {}) {
  await typeInto(inputLabelled('First name'), 'Ada');
  await typeInto(inputLabelled('Last name'), 'Lovelace');
  await typeInto(inputLabelled('Work email'), values.email ?? 'ada@customer.example');
  await typeInto(inputLabelled('Company name'), 'Customer Ltd');
  await click(
    document.querySelector('[data-testid="request-form"] input[type="checkbox"][aria-required="true"]'),
  );
}

describe('access modal tabs follow the query', () => {
  it('opens the login tab on loginRequest=true and switches tabs by rewriting the address', async () => {
    await openAt('?loginRequest=true&source=header');
    expect(modal()?.dataset.tab).toBe('reclaim-access');
    expect(texts()).toContain("Get access to Acme Cloud's portal");
    expect(byText('a', 'Log into the workspace')[0]?.getAttribute('href')).toBe('/console');

    await click(button('Request Access'));
    await settleAll();
    expect(modal()?.dataset.tab).toBe('request-access');
    expect(query().get('requestAccess')).toBe('true');
    expect(query().has('loginRequest')).toBe(false);
    expect(query().get('source')).toBe('header');
    expect(texts()).toContain('Request Access');

    await click(button('Back'));
    await settleAll();
    expect(modal()?.dataset.tab).toBe('reclaim-access');
    expect(query().get('loginRequest')).toBe('true');

    await click(button('Back to Trust Center'));
    await settleAll();
    expect(modal()).toBeNull();
    expect(readAccessQuery(window.location.search)).toMatchObject({ tab: null, source: null });
  });

  it('opens the request tab on requestAccess=true, and hides the workspace hint when turned off', async () => {
    const view = accessViewFixture();
    await openAt('?requestAccess=true&source=banner', {
      ...view,
      customisation: { ...view.customisation, showAppLoginInstructions: false },
    });
    expect(modal()?.dataset.tab).toBe('request-access');
    await click(button('Back'));
    await settleAll();
    expect(document.querySelector('[data-testid="workspace-login-hint"]')).toBeNull();
  });
});

describe('request form validation (spec 3 §5)', () => {
  function everyField(): PortalView {
    const view = accessViewFixture();
    return {
      ...view,
      customisation: {
        ...view.customisation,
        accessRequestFields: {
          jobTitleTextField: true,
          pointOfContactField: true,
          relationshipDropdown: true,
          countriesDropdown: true,
          accountMemberRequestProducts: true,
          customCheckbox: { isEnabled: true, label: 'I am not a robot', isRequired: true },
        },
      },
    };
  }

  it('shows every message of an empty form and sends nothing', async () => {
    await openAt('?requestAccess=true', everyField());
    // The current product starts selected; unticking it leaves none.
    await click(byText('label', 'Acme Payroll')[0]);
    await click(button('Submit Request'));
    await settleAll();
    const alerts = [...document.querySelectorAll('[role="alert"]')].map((alert) => alert.textContent);
    expect(alerts).toEqual([
      'First name is required',
      'Last name is required',
      'Email is required',
      'Company name is required',
      'This field is required',
      'Please enter a valid email',
      'This field is required',
      'This field is required',
      'Please select at least one product',
      'This field is required',
      'You must agree to the terms',
    ]);
    expect(calls).toEqual([]);
  });

  it('names invalid values: names, e-mail, company length, point of contact', async () => {
    await openAt('?requestAccess=true', everyField());
    expect(texts()).toContain("Enter your contact's email within this organization");
    await typeInto(inputLabelled('First name'), 'R2-D2');
    await typeInto(inputLabelled('Work email'), 'not-an-email');
    await typeInto(inputLabelled('Company name'), 'A');
    await typeInto(inputLabelled('Point of contact email'), 'someone');
    await click(button('Submit Request'));
    await settleAll();
    const alerts = [...document.querySelectorAll('[role="alert"]')].map((alert) => alert.textContent);
    expect(alerts).toContain(accessMessages.nameInvalid);
    expect(alerts).toContain('This email is invalid');
    expect(alerts).toContain(accessMessages.companyNameLength);
    expect(alerts).toContain('Please enter a valid email');
  });

  it('sends the payload with hidden values from the page and the query', async () => {
    answer = () => json({ outcome: 'pending', email: 'ada@customer.example' });
    const itemUid = '66666666-6666-4666-8666-666666666666';
    await openAt(
      `?requestAccess=true&source=locked_item&itemUid=${itemUid}&itemKind=policies&inviteToken=x.eyJzdWIiOiJhZGFAY3VzdG9tZXIuZXhhbXBsZSJ9.y`,
    );
    expect(inputLabelled('Work email')?.value).toBe('ada@customer.example');
    await fillRequest();
    await click(button('Submit Request'));
    await settleAll();
    expect(calls).toEqual([
      {
        url: '/api/statuspage/share/acme/request',
        body: {
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: 'ada@customer.example',
          companyName: 'Customer Ltd',
          agree: true,
          subscribe: false,
          productId: '11111111-1111-4111-8111-111111111111',
          statusPageCustomizationRevision: 3,
          itemUid,
          itemKind: 'policies',
          source: 'locked_item',
          invitedColleagueToken: 'x.eyJzdWIiOiJhZGFAY3VzdG9tZXIuZXhhbXBsZSJ9.y',
        },
      },
    ]);
  });
});

describe('login outcomes open the right dialog (spec 3 §4)', () => {
  it.each([
    ['check_email', 'check-email', 'Check your email'],
    ['access_expired', 'access-expired', 'Your access has expired'],
    ['pending_request', 'pending', 'Request pending'],
    ['request_declined', 'declined', 'Request declined'],
    ['request_declined_third_party', 'declined-third-party', 'at the request of a third party'],
    ['request_access_auto_declined', 'declined', 'Request declined'],
  ])('%s → %s', async (outcome, dialog, title) => {
    answer = () => json({ outcome, email: 'ada@customer.example' });
    await openAt('?loginRequest=true');
    await submitLogin('Ada@Customer.example');
    expect(calls[0]).toEqual({
      url: '/api/statuspage/share/acme/login',
      body: { email: 'ada@customer.example', productId: '11111111-1111-4111-8111-111111111111' },
    });
    expect(modal()).toBeNull();
    expect(document.querySelector(`[data-testid="access-dialog-${dialog}"]`)).not.toBeNull();
    expect(texts()).toContain(title);
    expect(window.localStorage.length).toBe(outcome === 'check_email' ? 1 : 0);
  });

  it.each(['email_not_recognised', 'request_declined_blocked_domain'])(
    '%s → the request tab with the e-mail filled in',
    async (outcome) => {
      answer = () => json({ outcome, email: 'ada@customer.example' });
      await openAt('?loginRequest=true');
      await submitLogin('ada@customer.example');
      expect(modal()?.dataset.tab).toBe('request-access');
      expect(inputLabelled('Work email')?.value).toBe('ada@customer.example');
    },
  );

  it("not_work_email → 'Please use your work email.' under the field", async () => {
    answer = () => json({ outcome: 'not_work_email', email: 'ada@gmail.example' });
    await openAt('?loginRequest=true');
    await submitLogin('ada@gmail.example');
    expect(modal()?.dataset.tab).toBe('reclaim-access');
    expect(byText('[role="alert"]', 'Please use your work email.')).toHaveLength(1);
  });

  it('a server failure → the unknown error; login validation messages', async () => {
    answer = () => json({ error: { code: 'internal', message: 'boom' } }, 500);
    await openAt('?loginRequest=true');
    await click(button('Continue'));
    await settleAll();
    expect(byText('[role="alert"]', 'You must provide an email.')).toHaveLength(1);
    await submitLogin('nope');
    expect(byText('[role="alert"]', 'This email is invalid.')).toHaveLength(1);
    await submitLogin('ada@customer.example');
    expect(byText('[role="alert"]', 'Unfortunately, an unknown error has occurred.')).toHaveLength(1);
  });
});

describe('request outcomes open the right dialog (spec 3 §4)', () => {
  it("pending → 'request sent' with the e-mail; 'Change email address' goes to the login tab", async () => {
    answer = () => json({ outcome: 'pending', email: 'ada@customer.example' });
    await openAt('?requestAccess=true');
    await fillRequest();
    await click(button('Submit Request'));
    await settleAll();
    expect(modal()).toBeNull();
    const dialog = document.querySelector('[data-testid="access-dialog-request-sent"]');
    expect(dialog?.textContent).toContain('ada@customer.example');
    expect(button('Back to Trust Center')).toBeDefined();
    expect(window.localStorage.getItem('attest:last-access-email:22222222-2222-4222-8222-222222222222')).toBe(
      'ada@customer.example',
    );
    await click(button('Change email address'));
    await settleAll();
    expect(modal()?.dataset.tab).toBe('reclaim-access');
    expect(inputLabelled('Work email')?.value).toBe('ada@customer.example');
  });

  it.each([
    ['auto_approved', 'auto-approved'],
    ['account_already_exists', 'account-exists'],
    ['access_expired', 'access-expired'],
    ['pending_request', 'pending'],
    ['request_declined', 'declined'],
    ['request_declined_third_party', 'declined-third-party'],
    ['request_declined_blocked_domain', 'declined'],
  ])('%s → %s', async (outcome, dialog) => {
    answer = () => json({ outcome, email: 'ada@customer.example' });
    await openAt('?requestAccess=true');
    await fillRequest();
    await click(button('Submit Request'));
    await settleAll();
    expect(document.querySelector(`[data-testid="access-dialog-${dialog}"]`)).not.toBeNull();
  });

  it('request_approved closes the modal without a dialog; not_work_email and unique_violation stay', async () => {
    answer = () => json({ outcome: 'not_work_email', email: 'ada@gmail.example' });
    await openAt('?requestAccess=true');
    await fillRequest({ email: 'ada@gmail.example' });
    await click(button('Submit Request'));
    await settleAll();
    expect(byText('[role="alert"]', 'Please use your work email.')).toHaveLength(1);

    answer = () => json({ outcome: 'unique_violation', email: 'ada@customer.example' });
    await typeInto(inputLabelled('Work email'), 'ada@customer.example');
    await click(button('Submit Request'));
    await settleAll();
    expect(byText('[role="alert"]', 'Unfortunately, an unknown error has occurred.')).toHaveLength(1);

    answer = () => json({ outcome: 'request_approved', email: 'ada@customer.example' });
    await click(button('Submit Request'));
    await settleAll();
    expect(modal()).toBeNull();
    expect(document.querySelector('[data-testid^="access-dialog-"]')).toBeNull();
  });

  it('access expired without a session: request again queues a renewal for the address, then request sent', async () => {
    answer = (url) =>
      url.endsWith('/request-again')
        ? json({ code: 'success' })
        : json({ outcome: 'access_expired', email: 'ada@customer.example' });
    await openAt('?loginRequest=true');
    await submitLogin('ada@customer.example');
    expect(texts()).not.toContain('third party');
    await click(button('Request access again'));
    await settleAll();
    expect(calls.at(-1)).toEqual({
      url: '/api/statuspage/share/acme/request-again',
      body: { email: 'ada@customer.example', productId: '11111111-1111-4111-8111-111111111111' },
    });
    expect(modal()).toBeNull();
    const sent = document.querySelector('[data-testid="access-dialog-request-sent"]');
    expect(sent?.textContent).toContain('ada@customer.example');
  });

  it("access expired for a signed-in member: request again extends the member's account", async () => {
    answer = (url) =>
      url.endsWith('/extend-access')
        ? json({ code: 'success' })
        : json({ outcome: 'access_expired', email: 'ada@customer.example' });
    await openAt('?loginRequest=true', memberViewFixture('approved', 'public'));
    await submitLogin('ada@customer.example');
    await click(button('Request access again'));
    await settleAll();
    expect(calls.at(-1)?.url).toBe(`/api/statuspage/share/${memberAccountId}/external/extend-access`);
    expect(document.querySelector('[data-testid="access-dialog-request-sent"]')).not.toBeNull();
  });

  it.each([
    ['already-requested', accessMessages.alreadyRequested],
    ['already-has-access', accessMessages.alreadyHasAccess],
    ['error', accessMessages.extendError],
  ])('request again answered %s keeps the dialog and says so', async (code, message) => {
    answer = (url) =>
      url.endsWith('/request-again')
        ? json({ code })
        : json({ outcome: 'access_expired', email: 'ada@customer.example' });
    await openAt('?loginRequest=true');
    await submitLogin('ada@customer.example');
    await click(button('Request access again'));
    await settleAll();
    expect(document.querySelector('[data-testid="access-dialog-access-expired"]')).not.toBeNull();
    expect(byText('[role="status"]', message)).toHaveLength(1);
  });

  it('request again after a failed call says an error occurred', async () => {
    answer = (url) =>
      url.endsWith('/request-again')
        ? json({ error: { code: 'rate_limited', message: 'Too many requests' } }, 429)
        : json({ outcome: 'access_expired', email: 'ada@customer.example' });
    await openAt('?loginRequest=true');
    await submitLogin('ada@customer.example');
    await click(button('Request access again'));
    await settleAll();
    expect(byText('[role="status"]', accessMessages.extendError)).toHaveLength(1);
  });
});

describe('a signed-in member without access', () => {
  it("opens the login tab with the member's own e-mail, e.g. from the account menu's Request access", async () => {
    await openAt('?loginRequest=true&source=account_menu', memberViewFixture('approved', 'public'));
    expect(inputLabelled('Work email')?.value).toBe('ada@customer.example');
  });
});
