// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AccessTokenView, accessTokenMessages } from '../../../../shared/access-tokens';
import { setCsrfToken } from '../../../lib/api-client';
import { json, stubFetch, writes } from '../../../lib/test-support/fetch-double';
import {
  byText,
  click,
  type Rendered,
  renderInDom,
  settle,
  typeInto,
  waitFor,
} from '../../../lib/test-support/render-in-dom';
import { memberViewFixture } from '../test-support/view-fixture';
import AccessTokensDialog from './access-tokens-dialog';

beforeEach(() => setCsrfToken('csrf-1'));

let rendered: Rendered | undefined;
afterEach(async () => {
  await rendered?.unmount();
  rendered = undefined;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const future = new Date(Date.now() + 30 * 86_400_000).toISOString();
const existing: AccessTokenView = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Nightly script',
  prefix: 'attest_pat_Ab12…',
  createdAt: '2026-11-01T10:00:00.000Z',
  expiresAt: future,
  lastUsedAt: null,
  revokedAt: null,
};

describe('the access tokens dialog', () => {
  it('makes a token, shows it once, lists it, and revokes one', async () => {
    const view = memberViewFixture();
    const base = `/api/statuspage/share/${view.organisation.slug}/access-tokens`;
    let list = [existing];
    const calls = stubFetch((call) => {
      if (call.url === base && call.method === 'GET') return json({ tokens: list });
      if (call.url === base && call.method === 'POST') {
        const made = { ...existing, id: '22222222-2222-4222-8222-222222222222', name: 'Claude Desktop' };
        list = [made, ...list];
        return json({ token: 'attest_pat_secret-value', view: made }, 201);
      }
      if (call.method === 'DELETE') return json({ ...existing, revokedAt: new Date().toISOString() });
      return undefined;
    });
    rendered = await renderInDom(<AccessTokensDialog view={view} onClose={() => {}} />);
    await settle(2);
    expect(document.body.textContent).toContain('Nightly script');
    expect(document.body.textContent).toContain('never used');
    await click(byText('button', 'Create token')[0]);
    expect(document.body.textContent).toContain(accessTokenMessages.nameRequired);
    await typeInto(document.querySelector('input'), 'Claude Desktop');
    await click(byText('button', 'Create token')[0]);
    await waitFor(() => document.querySelector('[data-testid="new-access-token"]'));
    expect(document.querySelector('[data-testid="new-access-token"] code')?.textContent).toBe(
      'attest_pat_secret-value',
    );
    await click(document.querySelector('[aria-label="Revoke Nightly script"]'));
    await settle(2);
    expect(writes(calls).map((call) => [call.method, call.url, call.body])).toEqual([
      ['POST', base, { name: 'Claude Desktop', expiresInDays: 90 }],
      ['DELETE', `${base}/${existing.id}`, undefined],
    ]);
  });
});
