// @vitest-environment jsdom
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountDetail } from '../../../../shared/access';
import { setCsrfToken } from '../../../lib/api-client';
import { json, stubFetch, writes } from '../../../lib/test-support/fetch-double';
import { byText, click, type Rendered, renderInDom, waitFor } from '../../../lib/test-support/render-in-dom';
import { ExtendDialog } from './account-detail-screen';

// The page's session token, held by the API client as hydration or the session query sets it.
beforeEach(() => setCsrfToken('csrf-1'));

let rendered: Rendered | undefined;
afterEach(async () => {
  await rendered?.unmount();
  rendered = undefined;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

// Noon UTC: the same calendar day in every time zone the tests may run in.
const account: AccountDetail = {
  id: '55555555-5555-4555-8555-555555555555',
  name: 'Customer Ltd',
  domain: 'customer.example',
  reviewStatus: 'approved',
  accessExpiresAt: '2026-12-25T12:00:00.000Z',
  permissionProfileId: null,
  permissionProfileName: null,
  memberCount: 1,
  createdAt: '2025-01-01T12:00:00.000Z',
  members: [],
};

describe('extend access dialog (issue 16 item 37)', () => {
  it("writes dates as 'MMMM d, yyyy' inside its sentences: the month keeps its capital", async () => {
    const calls = stubFetch((call) =>
      call.method === 'POST' ? json({ ...account, accessExpiresAt: '2027-01-24T12:00:00.000Z' }) : undefined,
    );
    rendered = await renderInDom(
      <>
        <Toaster />
        <ExtendDialog account={account} defaultAccessDays={30} />
      </>,
    );
    await click(byText('button', 'Extend access')[0]);
    expect(document.body.textContent).toContain('Currently: expires December 25, 2026.');
    await click(byText('button', 'Extend access').at(-1));
    await waitFor(() => document.body.textContent?.includes('Access extended: expires January 24, 2027'));
    expect(writes(calls).map((call) => call.body)).toEqual([{ accessDays: 30 }]);
  });
});
