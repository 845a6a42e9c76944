// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboxCounts, OutboxState } from '../../../../shared/mail-outbox';
import { setCsrfToken } from '../../../lib/api-client';
import { json, stubFetch } from '../../../lib/test-support/fetch-double';
import { byText, click, type Rendered, renderInDom, settle } from '../../../lib/test-support/render-in-dom';
import { OutgoingMailPanel } from './outgoing-mail-panel';

// The page's session token, held by the API client as hydration or the session query sets it.
beforeEach(() => setCsrfToken('csrf-1'));

let rendered: Rendered | undefined;
let requests: Array<{ method: string; path: string; csrf: string | null }> = [];

const counts = (overrides: Partial<OutboxCounts>): OutboxCounts => ({
  sent: 0,
  waiting: 0,
  failed: 0,
  quarantined: 0,
  nextTryAt: null,
  lastError: null,
  ...overrides,
});

const smtpError = '421 4.3.2 Service not available';
const state: OutboxState = {
  overall: counts({
    sent: 12,
    waiting: 1,
    failed: 2,
    quarantined: 1,
    nextTryAt: '2026-11-25T16:02:03.000Z',
    lastError: smtpError,
  }),
  updates: [
    {
      updateId: '7b1c3f0e-1111-4a4a-8a8a-000000000001',
      topicSubject: 'SOC 2 report renewed',
      publishedAt: '2026-11-24T09:00:00.000Z',
      ...counts({ sent: 10, failed: 1, quarantined: 1, lastError: smtpError }),
    },
  ],
  problems: [
    {
      id: '7b1c3f0e-2222-4a4a-8a8a-000000000002',
      to: 'casey@customer.example',
      subject: 'SOC 2 report renewed',
      status: 'quarantined',
      attempts: 250,
      nextTryAt: null,
      error: smtpError,
      createdAt: '2026-11-24T09:00:00.000Z',
    },
  ],
};

beforeEach(() => {
  requests = [];
  stubFetch((call) => {
    requests.push({ method: call.method, path: call.url, csrf: call.csrf });
    return json(call.method === 'POST' ? { madeDue: 0, requeued: 1 } : state);
  });
});

afterEach(async () => {
  await rendered?.unmount();
  rendered = undefined;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const countsIn = (testId: string) =>
  [...document.querySelectorAll(`[data-testid="${testId}"] dd`)].map((node) => node.textContent);

describe('OutgoingMailPanel', () => {
  it('shows the counts overall and per update, the next try, the SMTP error and the problems', async () => {
    rendered = await renderInDom(<OutgoingMailPanel canRetry />);
    await settle(3);
    expect(countsIn('mail-overall')).toEqual(['12', '1', '2', '1']);
    expect(countsIn('mail-update-counts')).toEqual(['10', '0', '1', '1']);
    expect(document.body.textContent).toContain('Next try: Nov 25, 16:02:03 UTC');
    expect(document.body.textContent).toContain(`Last SMTP error: ${smtpError}`);
    const problem = document.querySelector('[data-testid="mail-problem"]');
    expect(problem?.textContent).toContain('casey@customer.example');
    expect(problem?.textContent).toContain('Quarantined250 attempts · next try –');
  });

  it('retries one message or all with the CSRF token', async () => {
    rendered = await renderInDom(<OutgoingMailPanel canRetry />);
    await settle(3);
    await click(document.querySelector('[aria-label="Retry the message to casey@customer.example now"]'));
    await settle(3);
    await click(byText('button', 'Retry all now')[0]);
    await settle(3);
    const posts = requests.filter((request) => request.method === 'POST');
    expect(posts).toEqual([
      {
        method: 'POST',
        path: `/api/staff/mail/outbox/${state.problems[0]!.id}/retry`,
        csrf: 'csrf-1',
      },
      { method: 'POST', path: '/api/staff/mail/outbox/retry', csrf: 'csrf-1' },
    ]);
  });

  it('offers no retry to staff who may not publish', async () => {
    rendered = await renderInDom(<OutgoingMailPanel canRetry={false} />);
    await settle(3);
    expect(document.querySelectorAll('[data-testid="mail-problem"]')).toHaveLength(1);
    expect(document.querySelectorAll('button')).toHaveLength(0);
  });
});
