// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../../../lib/api-client';
import { type Call, fieldError, json, stubFetch, writes } from '../../../lib/test-support/fetch-double';
import {
  byText,
  click,
  type Rendered,
  renderInDom,
  selectOption,
  settle,
  typeInto,
} from '../../../lib/test-support/render-in-dom';
import { profileFixture, profileId, requestFixture } from '../test-support/fixtures';
import { accessDaysMessage } from './access-days-field';
import { ApproveDialog, DeclineDialog } from './request-decision-dialogs';

// The page's session token, held by the API client as hydration or the session query sets it.
beforeEach(() => setCsrfToken('csrf-1'));

let rendered: Rendered | undefined;
afterEach(async () => {
  await rendered?.unmount();
  rendered = undefined;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const request = requestFixture();
const days = () => document.getElementById('approve-access-days') as HTMLInputElement;
const submitButton = (label: string) => byText<HTMLButtonElement>('button', label)[0];
const daysError = () => document.getElementById('approve-access-days-error')?.textContent;

async function renderApprove(answer: (call: Call) => Response | undefined, onClose = vi.fn()) {
  const calls = stubFetch(answer);
  rendered = await renderInDom(
    <ApproveDialog
      request={request}
      defaultAccessDays={30}
      profiles={[profileFixture()]}
      onClose={onClose}
    />,
  );
  return { calls, onClose };
}

describe('ApproveDialog', () => {
  it('starts at the default duration and refuses 0, 366 and an empty field without calling the API', async () => {
    const { calls } = await renderApprove(() => json({}));
    expect(days().value).toBe('30');
    for (const value of ['0', '366', '']) {
      await typeInto(days(), value);
      await click(submitButton('Approve'));
      await settle();
      expect(daysError()).toBe(accessDaysMessage);
      expect(days().getAttribute('aria-invalid')).toBe('true');
    }
    expect(writes(calls)).toEqual([]);
  });

  it('fills the default duration when the access settings arrive after the dialog opened', async () => {
    stubFetch(() => json({}));
    const props = { request, profiles: [profileFixture()], onClose: vi.fn() };
    rendered = await renderInDom(<ApproveDialog {...props} defaultAccessDays={undefined} />);
    expect(days().value).toBe('');
    await rendered.rerender(<ApproveDialog {...props} defaultAccessDays={45} />);
    expect(days().value).toBe('45');
  });

  it('approves 1 and 365 days with the chosen profile and the CSRF token, then closes', async () => {
    const { calls, onClose } = await renderApprove(() => json({}));
    await typeInto(days(), '365');
    await selectOption(document.getElementById('approve-permission-profile'), profileId);
    await click(submitButton('Approve'));
    await settle();
    expect(writes(calls)).toEqual([
      {
        url: `/api/access-requests/${request.id}/approve`,
        method: 'POST',
        body: { accessDays: 365, permissionProfileId: profileId },
        csrf: 'csrf-1',
      },
    ]);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('sends no profile as null and accepts the lower bound of 1 day', async () => {
    const { calls } = await renderApprove(() => json({}));
    await typeInto(days(), '1');
    await click(submitButton('Approve'));
    await settle();
    expect(writes(calls)[0]?.body).toEqual({ accessDays: 1, permissionProfileId: null });
  });

  it("shows the server's field error next to the field and keeps the dialog open", async () => {
    const { onClose } = await renderApprove(() =>
      fieldError({ 'body.accessDays': 'The server wants fewer days' }),
    );
    await click(submitButton('Approve'));
    await settle();
    expect(daysError()).toBe('The server wants fewer days');
    expect(document.querySelector('[role="alert"]')?.textContent).toContain('The server wants fewer days');
    expect(byText('[role="alert"]', 'Please correct the highlighted fields.')).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("shows the server's message when no field explains the failure", async () => {
    await renderApprove(() =>
      json({ error: { code: 'conflict', message: 'This request was already decided.' } }, 409),
    );
    await click(submitButton('Approve'));
    await settle();
    expect(byText('[role="alert"]', 'This request was already decided.')).toHaveLength(1);
  });
});

describe('DeclineDialog', () => {
  async function renderDecline() {
    const calls = stubFetch(() => new Response(null, { status: 204 }));
    const onClose = vi.fn();
    rendered = await renderInDom(<DeclineDialog request={request} onClose={onClose} />);
    return { calls, onClose };
  }

  it('declines with the trimmed reason', async () => {
    const { calls, onClose } = await renderDecline();
    await typeInto(document.getElementById('decline-reason'), '  Not a customer yet  ');
    await click(submitButton('Decline'));
    await settle();
    expect(writes(calls)).toEqual([
      {
        url: `/api/access-requests/${request.id}/decline`,
        method: 'POST',
        body: { reason: 'Not a customer yet', declinedBy: 'organisation' },
        csrf: 'csrf-1',
      },
    ]);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('declines without a reason when the field is left empty', async () => {
    const { calls } = await renderDecline();
    await click(submitButton('Decline'));
    await settle();
    expect(writes(calls)[0]?.body).toEqual({ declinedBy: 'organisation' });
  });

  it('records a decline made for a third party', async () => {
    const { calls } = await renderDecline();
    const thirdParty = byText<HTMLLabelElement>('label', /Declined for a third party/)[0]!;
    expect(thirdParty.textContent).toContain("such as the requester's company");
    await click(thirdParty.querySelector('input[type="radio"]'));
    await typeInto(document.getElementById('decline-reason'), 'Their security team asked us to');
    await click(submitButton('Decline'));
    await settle();
    expect(writes(calls)[0]?.body).toEqual({
      reason: 'Their security team asked us to',
      declinedBy: 'third_party',
    });
  });
});

describe('ApproveDialog for a renewal', () => {
  it("names the account whose expired access it renews and leaves the account's profile alone", async () => {
    const calls = stubFetch(() => json({}));
    const renewal = requestFixture({ kind: 'renewal', accountName: 'Customer Ltd', accountId: profileId });
    rendered = await renderInDom(
      <ApproveDialog
        request={renewal}
        defaultAccessDays={30}
        profiles={[profileFixture()]}
        onClose={vi.fn()}
      />,
    );
    expect(byText('h2', 'Approve access renewal')).toHaveLength(1);
    expect(document.body.textContent).toContain('asks to renew the expired access of Customer Ltd');
    expect(document.getElementById('approve-permission-profile')).toBeNull();
    await typeInto(days(), '90');
    await click(submitButton('Approve'));
    await settle();
    expect(writes(calls)).toEqual([
      {
        url: `/api/access-requests/${renewal.id}/approve`,
        method: 'POST',
        body: { accessDays: 90 },
        csrf: 'csrf-1',
      },
    ]);
  });
});
