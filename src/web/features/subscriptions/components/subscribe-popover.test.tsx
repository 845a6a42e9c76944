// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../shared/messages';
import { setCsrfToken } from '../../../lib/api-client';
import { type Rendered, renderInDom, typeInto } from '../../../lib/test-support/render-in-dom';
import { viewFixture } from '../test-support/view-fixture';
import SubscribePopover from './subscribe-popover';

// A visitor's page: the API client knows there is no session token.
beforeEach(() => setCsrfToken(null));

let rendered: Rendered | undefined;

afterEach(async () => {
  await rendered?.unmount();
  rendered = undefined;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('SubscribePopover', () => {
  it('says an unknown failure inside the open popover, beside its button, and clears it when the address changes', async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(JSON.stringify({ error: { code: 'internal', message: 'boom' } }), { status: 500 }),
    );
    rendered = await renderInDom(
      <SubscribePopover view={viewFixture()} isOpen source="subscribe_button" onOpenChange={() => {}} />,
    );
    const popover = () => document.querySelector('[data-testid="subscribe-popover"]');
    const email = popover()?.querySelector<HTMLInputElement>('input[type="email"]');
    await typeInto(email!, 'ada@customer.example');
    await act(async () => {
      popover()?.querySelector('form')?.requestSubmit();
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    const alert = popover()?.querySelector('[role="alert"]');
    expect(alert?.textContent).toBe(messages.subscribeUnknownError);
    expect(document.querySelector('[data-sonner-toast]')).toBeNull();
    await typeInto(email!, 'ada@customer.example.org');
    expect(popover()?.querySelector('[role="alert"]')).toBeNull();
  });
});
