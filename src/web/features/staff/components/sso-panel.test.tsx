// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ssoFailureMessages, ssoMessages } from '../../../../shared/sso';
import { setCsrfToken } from '../../../lib/api-client';
import { type Call, fieldError, json, stubFetch, writes } from '../../../lib/test-support/fetch-double';
import {
  byText,
  click,
  type Rendered,
  renderInDom,
  typeInto,
  waitFor,
} from '../../../lib/test-support/render-in-dom';
import { SignInForm } from './sign-in-form';
import { SsoPanel } from './sso-panel';

beforeEach(() => setCsrfToken('csrf'));

let rendered: Rendered | undefined;
afterEach(async () => {
  await rendered?.unmount();
  rendered = undefined;
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
});

const owner = {
  id: '00000000-0000-4000-8000-0000000000a1',
  name: 'Olga Owner',
  email: 'olga@corp.example',
  role: 'owner',
  permissions: [],
  isDisabled: false,
  isProvisioned: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  lastSignInAt: null,
};
const saved = {
  isConfigured: true,
  issuerUrl: 'https://login.corp.example',
  clientId: 'attest',
  hasClientSecret: true,
  allowedDomains: ['corp.example'],
  newStaffRole: null,
  requireSso: false,
  breakGlassStaffUserId: null,
  redirectUri: 'https://trust.corp.example/api/auth/sso/callback',
};
const field = (label: string) =>
  document.getElementById(
    [...document.querySelectorAll('label')].find((node) => node.textContent?.startsWith(label))!.htmlFor,
  ) as HTMLInputElement;

describe('the single sign-on panel', () => {
  it('shows the redirect URI, keeps the stored secret when left empty and shows the server’s field error', async () => {
    const calls = stubFetch((call: Call) => {
      if (call.url === '/api/staff/sso' && call.method === 'GET') return json(saved);
      if (call.url === '/api/staff-users') return json({ users: [owner] });
      if (call.url === '/api/staff/sso' && call.method === 'PUT') {
        return fieldError({ breakGlassStaffUserId: ssoMessages.breakGlassRequired });
      }
      return undefined;
    });
    rendered = await renderInDom(<SsoPanel />);
    await waitFor(() => document.body.textContent?.includes(saved.redirectUri));
    await typeInto(field('E-mail domains'), 'corp.example\nsubsidiary.example');
    await click(
      document.getElementById(field('Break-glass owner').id.replace('breakGlassStaffUserId', 'require')),
    );
    await click(byText('button', 'Save single sign-on')[0]);
    await waitFor(() => document.body.textContent?.includes(ssoMessages.breakGlassRequired));
    expect(writes(calls).map((call) => call.body)).toEqual([
      {
        issuerUrl: 'https://login.corp.example',
        clientId: 'attest',
        clientSecret: null,
        allowedDomains: ['corp.example', 'subsidiary.example'],
        newStaffRole: null,
        requireSso: true,
        breakGlassStaffUserId: null,
      },
    ]);
  });
});

describe('signing in with single sign-on', () => {
  it('says why the provider’s answer signed nobody in, and starts from the e-mail given', async () => {
    window.history.replaceState(null, '', '/console?ssoError=email_unverified');
    const calls = stubFetch((call: Call) =>
      call.url === '/api/auth/sso/start'
        ? json({ error: { code: 'unavailable', message: ssoFailureMessages.provider_unreachable } }, 503)
        : undefined,
    );
    rendered = await renderInDom(<SignInForm />);
    expect(document.querySelector('[role="alert"]')?.textContent).toBe(ssoFailureMessages.email_unverified);
    await click(byText('button', 'Sign in with single sign-on')[0]);
    expect(writes(calls)).toEqual([]);
    expect(document.body.textContent).toContain('Enter your work e-mail');
    await typeInto(document.getElementById('email') as HTMLInputElement, 'ann@corp.example');
    await click(byText('button', 'Sign in with single sign-on')[0]);
    await waitFor(
      () => document.querySelector('[role="alert"]')?.textContent === ssoFailureMessages.provider_unreachable,
    );
    expect(writes(calls).map((call) => [call.url, call.body])).toEqual([
      ['/api/auth/sso/start', { email: 'ann@corp.example' }],
    ]);
  });
});
