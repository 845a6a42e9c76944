// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../../../lib/api-client';
import { type Call, fieldError, json, stubFetch, writes } from '../../../lib/test-support/fetch-double';
import {
  byText,
  click,
  type Rendered,
  renderInDom,
  settle,
  typeInto,
} from '../../../lib/test-support/render-in-dom';
import { requestFixture } from '../test-support/fixtures';
import { BulkDeclineDialog, type BulkSelection } from './bulk-decision-dialogs';

// The page's session token, held by the API client as hydration or the session query sets it.
beforeEach(() => setCsrfToken('csrf-1'));

let rendered: Rendered | undefined;
afterEach(async () => {
  await rendered?.unmount();
  rendered = undefined;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const selection = ['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Katherine Johnson'].map((name, index) => {
  const [firstName, lastName] = name.split(' ') as [string, string];
  return requestFixture({ id: `9d4b2f6a-1c1e-4f55-9a57-2f3f4b5c6d7${index}`, firstName, lastName });
});

async function renderDecline(
  answer: (call: Call) => Response | undefined,
  chosen: BulkSelection = { ids: selection.map((request) => request.id), seen: selection },
) {
  const calls = stubFetch(answer);
  const onClose = vi.fn();
  const onDone = vi.fn();
  rendered = await renderInDom(<BulkDeclineDialog selection={chosen} onClose={onClose} onDone={onDone} />);
  return { calls, onClose, onDone };
}

describe('BulkDeclineDialog', () => {
  it('names how many and whom, and declines them all with one reason', async () => {
    const { calls, onClose, onDone } = await renderDecline((call) =>
      json({
        decidedIds: (call.body as { ids: string[] }).ids.slice(1),
        alreadyDecidedIds: [selection[0]!.id],
      }),
    );
    expect(document.querySelector('[role="dialog"] h2')?.textContent).toBe('Decline 4 access requests?');
    expect(document.querySelector('[role="dialog"]')?.textContent).toContain(
      'Ada Lovelace, Grace Hopper, Alan Turing and 1 other will not get access',
    );
    await typeInto(document.getElementById('bulk-decline-reason'), '  Customers only  ');
    await click(byText('button', 'Decline 4 requests')[0]);
    await settle();
    expect(writes(calls)).toEqual([
      {
        url: '/api/access-requests/bulk-decline',
        method: 'POST',
        body: {
          ids: selection.map((request) => request.id),
          reason: 'Customers only',
          declinedBy: 'organisation',
        },
        csrf: 'csrf-1',
      },
    ]);
    expect(onDone).toHaveBeenCalledWith({
      decidedIds: selection.slice(1).map((request) => request.id),
      alreadyDecidedIds: [selection[0]!.id],
    });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('keeps the dialog open with the server’s message on the reason', async () => {
    const { onClose } = await renderDecline(() => fieldError({ 'body.reason': 'The reason is too long' }));
    await click(byText('button', 'Decline 4 requests')[0]);
    await settle();
    expect(document.getElementById('bulk-decline-reason-error')?.textContent).toBe('The reason is too long');
    expect(onClose).not.toHaveBeenCalled();
  });

  // "Select all N matching": more than one call's worth, most of them never seen on screen.
  const many = Array.from(
    { length: 250 },
    (_, index) => `9d4b2f6a-1c1e-4f55-9a57-${String(index).padStart(12, '0')}`,
  );

  it('declines a selection larger than one call in calls of 100, one after another', async () => {
    const { calls, onClose, onDone } = await renderDecline(
      (call) => json({ decidedIds: (call.body as { ids: string[] }).ids, alreadyDecidedIds: [] }),
      { ids: many, seen: selection.slice(0, 1) },
    );
    expect(document.querySelector('[role="dialog"]')?.textContent).toContain(
      'Ada Lovelace and 249 others will not get access',
    );
    await click(byText('button', 'Decline 250 requests')[0]);
    await settle();
    expect(writes(calls).map((call) => (call.body as { ids: string[] }).ids)).toEqual([
      many.slice(0, 100),
      many.slice(100, 200),
      many.slice(200),
    ]);
    expect(onDone).toHaveBeenCalledWith({ decidedIds: many, alreadyDecidedIds: [] });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('stops at a failed call, keeps what was decided and stays open saying why', async () => {
    let callCount = 0;
    const { calls, onClose, onDone } = await renderDecline(
      (call) => {
        callCount += 1;
        if (callCount === 2)
          return json({ error: { code: 'internal', message: 'Something went wrong.' } }, 500);
        return json({ decidedIds: (call.body as { ids: string[] }).ids, alreadyDecidedIds: [] });
      },
      { ids: many, seen: [] },
    );
    expect(document.querySelector('[role="dialog"]')?.textContent).toContain(
      'The 250 requests will not get access',
    );
    await click(byText('button', 'Decline 250 requests')[0]);
    await settle();
    expect(writes(calls)).toHaveLength(2);
    expect(onDone).toHaveBeenCalledWith({ decidedIds: many.slice(0, 100), alreadyDecidedIds: [] });
    expect(onClose).not.toHaveBeenCalled();
    expect(document.querySelector('[role="dialog"]')?.textContent).toContain('Something went wrong.');
  });
});
