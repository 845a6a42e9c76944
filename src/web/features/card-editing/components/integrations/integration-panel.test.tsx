// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { specialisedMessages } from '../../../../../shared/specialised-cards';
import { setCsrfToken } from '../../../../lib/api-client';
import { click, type Rendered, renderInDom, typeInto } from '../../../../lib/test-support/render-in-dom';
import { editingViewFixture } from '../../test-support/editing-fixtures';
import { IntegrationPanel } from './integration-panel';

// The page's session token, held by the API client as hydration or the session query sets it.
beforeEach(() => setCsrfToken('csrf'));

const rendered: Rendered[] = [];
afterEach(async () => {
  for (const view of rendered.splice(0)) await view.unmount();
  vi.unstubAllGlobals();
});

async function settle() {
  for (let round = 0; round < 5; round++) {
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
  }
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const unconnected = { allowed: true, connection: null, data: null, error: null };
const connectedStatus = {
  allowed: true,
  connection: { link: 'https://status.acme.com', showInCard: true, connectedAt: '2025-05-02T10:00:00.000Z' },
  data: { allowed: true, showInCard: true, description: 'All Systems Operational', indicator: 'operational' },
  error: null,
};

async function renderPanel(kind: 'hackerone' | 'statuspage', planFeatures = {}) {
  const base = editingViewFixture();
  const view = await renderInDom(
    <IntegrationPanel
      view={{ ...base, planFeatures: { ...base.planFeatures, ...planFeatures } }}
      kind={kind}
    />,
  );
  rendered.push(view);
  await settle();
  return view.container;
}

describe('integration panel', () => {
  it('checks the HackerOne link before calling, then shows the server refusal', async () => {
    const fetch = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === 'POST'
        ? json(400, { error: { code: 'validation_failed', message: specialisedMessages.hackeroneNotFound } })
        : json(200, unconnected),
    );
    vi.stubGlobal('fetch', fetch);
    const container = await renderPanel('hackerone');
    const input = container.querySelector('input');
    const connect = [...container.querySelectorAll('button')].find(
      (button) => button.textContent === 'Connect',
    );
    await typeInto(input, 'https://hackerone.com/acme?x=1');
    await click(connect);
    expect(container.textContent).toContain(specialisedMessages.hackeroneInvalidLink('hackerone.com'));
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);

    await typeInto(input, 'https://hackerone.com/nobody');
    await click(connect);
    await settle();
    expect(container.textContent).toContain(specialisedMessages.hackeroneNotFound);
  });

  it('connects a status page: link read-only, Show on Trust Center on, Disconnect back to unconnected', async () => {
    let state: unknown = unconnected;
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        state = connectedStatus;
        return json(200, connectedStatus);
      }
      if (init?.method === 'DELETE') {
        state = unconnected;
        return json(200, { disconnected: true });
      }
      if (init?.method === 'PATCH') return json(200, { showInCard: false });
      if (url.includes('/view')) return json(200, {});
      return json(200, state);
    });
    vi.stubGlobal('fetch', fetch);
    const container = await renderPanel('statuspage');
    await typeInto(container.querySelector('input'), 'https://status.acme.com');
    await click([...container.querySelectorAll('button')].find((button) => button.textContent === 'Connect'));
    await settle();
    const input = container.querySelector('input');
    expect(input?.readOnly).toBe(true);
    expect(input?.value).toBe('https://status.acme.com');
    expect(container.textContent).toContain('Connected');
    expect(container.querySelector('[role="switch"]')?.getAttribute('aria-checked')).toBe('true');
    expect(container.textContent).toContain('Show on Trust Center');
    expect(container.querySelector('[data-testid="editor-live-status"]')?.textContent).toContain(
      'All Systems Operational',
    );

    await click(
      [...container.querySelectorAll('button')].find((button) => button.textContent === 'Disconnect'),
    );
    await settle();
    expect(container.querySelector('input')?.readOnly).toBe(false);
    expect(container.querySelector('[role="switch"]')).toBeNull();
  });

  it('without the plan, the controls are disabled with the upgrade hint', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { ...unconnected, allowed: false })),
    );
    const container = await renderPanel('statuspage', { integrations: false });
    const connect = [...container.querySelectorAll('button')].find(
      (button) => button.textContent === 'Connect',
    );
    expect(connect?.disabled).toBe(true);
    expect(container.querySelector(`[aria-label="${specialisedMessages.upgradePlan}"]`)).not.toBeNull();
  });
});
