// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../../../lib/api-client';
import { type Call, json, stubFetch, writes } from '../../../lib/test-support/fetch-double';
import { byText, click, type Rendered, renderInDom, waitFor } from '../../../lib/test-support/render-in-dom';
import { ScimPanel } from './scim-panel';

beforeEach(() => setCsrfToken('csrf'));

let rendered: Rendered | undefined;
afterEach(async () => {
  await rendered?.unmount();
  rendered = undefined;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const off = {
  isEnabled: false,
  baseUrl: 'https://trust.corp.example/scim/v2',
  tokenHint: null,
  createdAt: null,
  lastUsedAt: null,
};
const on = { ...off, isEnabled: true, tokenHint: 'x9Qz', createdAt: '2026-11-30T08:00:00.000Z' };
const token = 'attest_scim_secret-token-value-x9Qz';
const text = () => document.body.textContent ?? '';

describe('the provisioning panel', () => {
  it('shows the base URL, makes a token and shows it once, then replaces it only after asking', async () => {
    const calls = stubFetch((call: Call) => {
      if (call.url === '/api/staff/scim' && call.method === 'GET') return json(off);
      if (call.url === '/api/staff/scim/token' && call.method === 'POST') return json({ ...on, token }, 201);
      return undefined;
    });
    rendered = await renderInDom(<ScimPanel />);
    await waitFor(() => text().includes(off.baseUrl));
    expect(text()).toContain('Provisioning is off.');
    await click(byText('button', 'Make a SCIM token')[0]);
    await waitFor(() => text().includes(token));
    expect(text()).toContain('Copy the token now: it is not shown again.');
    expect(text()).toContain('token ending …x9Qz');
    expect(text()).toContain('not used yet');

    await click(byText('button', 'Replace token')[0]);
    await waitFor(() => text().includes('The current token stops working at once'));
    expect(writes(calls)).toHaveLength(1);
    await click(byText('button', 'Replace token').at(-1));
    await waitFor(() => writes(calls).length === 2);
    expect(writes(calls).map(({ method, url }) => `${method} ${url}`)).toEqual([
      'POST /api/staff/scim/token',
      'POST /api/staff/scim/token',
    ]);
  });

  it('turns provisioning off after asking, and forgets the token it showed', async () => {
    const calls = stubFetch((call: Call) => {
      if (call.url === '/api/staff/scim' && call.method === 'GET')
        return json({ ...on, lastUsedAt: on.createdAt });
      if (call.url === '/api/staff/scim/token' && call.method === 'DELETE') return json(off);
      return undefined;
    });
    rendered = await renderInDom(<ScimPanel />);
    await waitFor(() => text().includes('last used'));
    await click(byText('button', 'Turn off provisioning')[0]);
    await waitFor(() => text().includes('calls are refused from now on'));
    await click(byText('button', 'Turn off').at(-1));
    await waitFor(() => text().includes('Provisioning is off.'));
    expect(writes(calls).map(({ method, url }) => `${method} ${url}`)).toEqual([
      'DELETE /api/staff/scim/token',
    ]);
  });
});
