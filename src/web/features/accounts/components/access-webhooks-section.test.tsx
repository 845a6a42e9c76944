// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccessWebhookView } from '../../../../shared/notifications';
import { setCsrfToken } from '../../../lib/api-client';
import { type Call, fieldError, json, stubFetch, writes } from '../../../lib/test-support/fetch-double';
import {
  byText,
  click,
  type Rendered,
  renderInDom,
  settle,
  typeInto,
  waitFor,
} from '../../../lib/test-support/render-in-dom';
import { AccessWebhooksSection } from './access-webhooks-section';

beforeEach(() => setCsrfToken('csrf-1'));

let rendered: Rendered | undefined;
afterEach(async () => {
  await rendered?.unmount();
  rendered = undefined;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const hookId = '77777777-7777-4777-8777-777777777777';
const privateAddressMessage = 'This address is not allowed for webhooks (private or local network)';

async function renderSection(refuse?: (call: Call) => Response | undefined) {
  let hook: AccessWebhookView = {
    id: hookId,
    url: 'https://hooks.example/access',
    events: ['access.request.created', 'access.request.approved'],
    isActive: true,
    failureCount: 0,
    lastDeliveredAt: null,
    createdAt: '2026-11-01T09:00:00.000Z',
  };
  const calls = stubFetch((call) => {
    if (call.url === '/api/access-webhooks' && call.method === 'GET') return json({ webhooks: [hook] });
    if (call.url === `/api/access-webhooks/${hookId}` && call.method === 'PATCH') {
      const refusal = refuse?.(call);
      if (refusal) return refusal;
      hook = { ...hook, ...(call.body as Partial<AccessWebhookView>) };
      return json(hook);
    }
    return undefined;
  });
  rendered = await renderInDom(<AccessWebhooksSection />);
  await settle(2);
  return calls;
}

const button = (label: string) => byText<HTMLButtonElement>('button', label)[0];
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const inDialog = (selector: string) => dialog()?.querySelector<HTMLElement>(selector);
const checkboxNamed = (label: string) => {
  const forId = byText<HTMLLabelElement>('[role="dialog"] label', label)[0]?.htmlFor;
  return forId ? document.getElementById(forId) : null;
};

describe('access webhooks', () => {
  it('edit a webhook’s address and events in place, with PATCH, and show what was saved', async () => {
    const calls = await renderSection();
    await click(document.querySelector('[aria-label="Edit access webhook https://hooks.example/access"]'));
    await waitFor(() => dialog());
    const url = inDialog('input[type="url"]') as HTMLInputElement;
    expect(url.value).toBe('https://hooks.example/access');
    expect(checkboxNamed('Request approved')?.getAttribute('aria-checked')).toBe('true');

    await typeInto(url, 'https://crm.example/hooks/attest');
    await click(checkboxNamed('Request declined'));
    await click(button('Save changes'));
    await settle(2);

    expect(writes(calls)).toEqual([
      {
        url: `/api/access-webhooks/${hookId}`,
        method: 'PATCH',
        csrf: 'csrf-1',
        body: {
          url: 'https://crm.example/hooks/attest',
          events: ['access.request.created', 'access.request.approved', 'access.request.declined'],
        },
      },
    ]);
    expect(dialog()).toBeNull();
    await waitFor(() => byText('p', 'https://crm.example/hooks/attest')[0]);
    expect(byText('p', 'Request created, Request approved, Request declined')).toHaveLength(1);
  });

  it('says what is wrong and keeps the dialog open: no event chosen, or an address the server refuses', async () => {
    const calls = await renderSection((call) =>
      (call.body as { url?: string }).url?.includes('10.0.0.5')
        ? fieldError({ url: privateAddressMessage })
        : undefined,
    );
    await click(document.querySelector('[aria-label="Edit access webhook https://hooks.example/access"]'));
    await waitFor(() => dialog());
    await click(checkboxNamed('Request created'));
    await click(checkboxNamed('Request approved'));
    await click(button('Save changes'));
    expect(dialog()?.textContent).toContain('Select at least one event');
    expect(writes(calls)).toEqual([]);

    await click(checkboxNamed('Request approved'));
    await typeInto(inDialog('input[type="url"]'), 'http://10.0.0.5/hooks');
    await click(button('Save changes'));
    await settle(2);
    expect(dialog()?.textContent).toContain(privateAddressMessage);
    expect(inDialog('input[type="url"]')?.getAttribute('aria-invalid')).toBe('true');
    expect(byText('p', 'https://hooks.example/access')).toHaveLength(1);
  });
});
