// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { trackEvent } from '../../../lib/analytics';
import { setCsrfToken } from '../../../lib/api-client';
import { json, stubFetch } from '../../../lib/test-support/fetch-double';
import { click, type Rendered, renderInDom, waitFor } from '../../../lib/test-support/render-in-dom';
import { viewFixture } from '../test-support/view-fixture';
import UnsubscribeDialog from './unsubscribe-dialog';

// A visitor's page: the API client knows there is no session token.
beforeEach(() => setCsrfToken(null));

vi.mock('../../../lib/analytics', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/analytics')>()),
  trackEvent: vi.fn(),
}));

let rendered: Rendered | undefined;

beforeEach(() => vi.mocked(trackEvent).mockClear());

afterEach(async () => {
  await rendered?.unmount();
  rendered = undefined;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const answer = (status: number, body: unknown) => stubFetch(() => json(body, status));

describe('unsubscribe dialog (spec 1 §4, §7)', () => {
  it('logs the failure analytics event when the unsubscribe fails, and shows the failed dialog', async () => {
    answer(400, { statusCode: 400, error: 'Bad Request', message: 'Your unsubscribe link expired' });
    rendered = await renderInDom(
      <UnsubscribeDialog view={viewFixture()} token="t" email="ada@customer.example" onClose={() => {}} />,
    );
    await click(document.querySelector('[data-testid="confirm-unsubscribe"]'));
    await waitFor(() => document.body.textContent?.includes('Unsubscribe failed'));
    expect(vi.mocked(trackEvent).mock.calls.map(([event]) => event)).toEqual([
      { name: 'subscribe_failed', props: { action: 'unsubscribe', status: 400 } },
    ]);
  });

  it('logs nothing when the unsubscribe succeeds', async () => {
    answer(200, { status: 'unsubscribed' });
    const onClose = vi.fn();
    rendered = await renderInDom(
      <UnsubscribeDialog view={viewFixture()} token="t" email="ada@customer.example" onClose={onClose} />,
    );
    await click(document.querySelector('[data-testid="confirm-unsubscribe"]'));
    await waitFor(() => onClose.mock.calls.length > 0);
    expect(trackEvent).not.toHaveBeenCalled();
  });
});
