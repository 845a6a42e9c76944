// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebhookView } from '../../../../shared/webhooks';
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
import { WebhooksPanel } from './webhooks-panel';

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

async function renderPanel(refuse?: (call: Call) => Response | undefined) {
  let hook: WebhookView = {
    id: hookId,
    url: 'https://hooks.example/access',
    events: ['access.request.created', 'access.request.approved'],
    categories: [],
    isActive: true,
    failureCount: 0,
    lastDeliveredAt: null,
    createdAt: '2026-11-01T09:00:00.000Z',
  };
  const calls = stubFetch((call) => {
    if (call.url === '/api/webhooks' && call.method === 'GET') return json({ webhooks: [hook] });
    if (call.url === `/api/webhooks/${hookId}` && call.method === 'PATCH') {
      const refusal = refuse?.(call);
      if (refusal) return refusal;
      hook = { ...hook, ...(call.body as Partial<WebhookView>) };
      return json(hook);
    }
    return undefined;
  });
  rendered = await renderInDom(<WebhooksPanel canEdit />);
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
const openEditor = async () => {
  await click(document.querySelector('[aria-label="Edit webhook https://hooks.example/access"]'));
  await waitFor(() => dialog());
};

describe('webhooks', () => {
  it('edits a webhook’s address and events in place, with PATCH, and shows what was saved', async () => {
    const calls = await renderPanel();
    await openEditor();
    const url = inDialog('input[type="url"]') as HTMLInputElement;
    expect(url.value).toBe('https://hooks.example/access');
    expect(checkboxNamed('Request approved')?.getAttribute('aria-checked')).toBe('true');
    // Categories are asked for only with published updates.
    expect(checkboxNamed('Incidents')).toBeNull();

    await typeInto(url, 'https://crm.example/hooks/attest');
    await click(checkboxNamed('Request declined'));
    await click(button('Save changes'));
    await settle(2);

    expect(writes(calls)).toEqual([
      {
        url: `/api/webhooks/${hookId}`,
        method: 'PATCH',
        csrf: 'csrf-1',
        body: {
          url: 'https://crm.example/hooks/attest',
          events: ['access.request.created', 'access.request.approved', 'access.request.declined'],
          categories: [],
        },
      },
    ]);
    expect(dialog()).toBeNull();
    await waitFor(() => byText('p', 'https://crm.example/hooks/attest')[0]);
    expect(byText('p', 'Request created, Request approved, Request declined')).toHaveLength(1);
  });

  it('adds published updates with their categories, every one chosen to start with', async () => {
    const calls = await renderPanel();
    await openEditor();
    await click(checkboxNamed('Update published'));
    await waitFor(() => checkboxNamed('Incidents'));
    expect(checkboxNamed('Incidents')?.getAttribute('aria-checked')).toBe('true');
    await click(checkboxNamed('General'));
    await click(button('Save changes'));
    await settle(2);
    expect(writes(calls)[0]?.body).toEqual({
      url: 'https://hooks.example/access',
      events: ['access.request.created', 'access.request.approved', 'update.published'],
      categories: ['compliance', 'vulnerabilities', 'incidents', 'subprocessors'],
    });
    await waitFor(
      () =>
        byText(
          'p',
          'Request created, Request approved, Update published (Compliance, Vulnerabilities, Incidents, Subprocessors)',
        )[0],
    );
  });

  it('says what is wrong and keeps the dialog open: no event, no category, or an address the server refuses', async () => {
    const calls = await renderPanel((call) =>
      (call.body as { url?: string }).url?.includes('10.0.0.5')
        ? fieldError({ url: privateAddressMessage })
        : undefined,
    );
    await openEditor();
    await click(checkboxNamed('Request created'));
    await click(checkboxNamed('Request approved'));
    await click(button('Save changes'));
    expect(dialog()?.textContent).toContain('Select at least one event');

    await click(checkboxNamed('Update published'));
    for (const category of ['Compliance', 'Vulnerabilities', 'Incidents', 'Subprocessors', 'General']) {
      await click(checkboxNamed(category));
    }
    await click(button('Save changes'));
    expect(dialog()?.textContent).toContain('Select at least one category for published updates');
    expect(writes(calls)).toEqual([]);

    await click(checkboxNamed('Incidents'));
    await typeInto(inDialog('input[type="url"]'), 'http://10.0.0.5/hooks');
    await click(button('Save changes'));
    await settle(2);
    expect(dialog()?.textContent).toContain(privateAddressMessage);
    expect(inDialog('input[type="url"]')?.getAttribute('aria-invalid')).toBe('true');
    expect(byText('p', 'https://hooks.example/access')).toHaveLength(1);
  });
});
