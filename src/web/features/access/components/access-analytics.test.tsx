// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PortalView } from '../../../../shared/portal';
import { initPortalAnalytics } from '../../../lib/analytics';
import { setCsrfToken } from '../../../lib/api-client';
import {
  byText,
  click,
  type Rendered,
  renderInDom,
  settle,
  typeInto,
  waitFor,
} from '../../../lib/test-support/render-in-dom';
import {
  type BeaconMock,
  captureBeacons,
  sentEvents as sentBeaconEvents,
} from '../../../lib/test-support/sent-analytics';
import { accessViewFixture } from '../test-support/view-fixture';
import { AccessEntry } from './access-entry';

// A visitor's page: the API client knows there is no session token.
beforeEach(() => setCsrfToken(null));

const itemUid = '77777777-7777-4777-8777-777777777777';
let rendered: Rendered | undefined;
let stopAnalytics: (() => void) | undefined;
let beacon: BeaconMock;
let answer: () => Response;

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  window.localStorage.clear();
  beacon = captureBeacons();
  vi.stubGlobal('fetch', async () => answer());
  stopAnalytics = initPortalAnalytics({ organisationSlug: 'acme', mode: 'public' });
});

afterEach(async () => {
  stopAnalytics?.();
  await rendered?.unmount();
  rendered = undefined;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

async function settleAll() {
  for (let turn = 0; turn < 5; turn++) await settle();
}

async function openAt(search: string, view: PortalView = accessViewFixture()) {
  window.history.replaceState(null, '', `/acme${search}`);
  rendered = await renderInDom(<AccessEntry view={view} basePath="/acme" canOpenDialogs />);
  await waitFor(() => document.querySelector('[data-testid="access-modal"]'));
  await settleAll();
}

const button = (text: string) => byText<HTMLButtonElement>('button', text)[0];
const inputLabelled = (label: string) => {
  const element = byText<HTMLLabelElement>('label', label)[0];
  return document.getElementById(element?.htmlFor ?? '') as HTMLInputElement | null;
};

const sentEvents = () => sentBeaconEvents(beacon);

describe('access analytics (spec 3 §7: access requests and logins)', () => {
  it('records a login with its outcome and source, never the e-mail address', async () => {
    answer = () => json({ outcome: 'check_email', email: 'ada@customer.example' });
    await openAt(`?loginRequest=true&source=documents&itemUid=${itemUid}`);
    await typeInto(inputLabelled('Work email'), 'ada@customer.example');
    await click(button('Continue'));
    await settleAll();
    const events = await sentEvents();
    expect(events).toEqual([
      {
        name: 'login',
        itemId: itemUid,
        path: '/acme',
        props: { outcome: 'check_email', source: 'documents' },
      },
    ]);
    expect(JSON.stringify(events)).not.toContain('ada@');
  });

  it('records an access request with its outcome', async () => {
    answer = () => json({ outcome: 'pending', email: 'ada@customer.example' });
    await openAt('?requestAccess=true&source=banner');
    await typeInto(inputLabelled('First name'), 'Ada');
    await typeInto(inputLabelled('Last name'), 'Lovelace');
    await typeInto(inputLabelled('Work email'), 'ada@customer.example');
    await typeInto(inputLabelled('Company name'), 'Customer Ltd');
    await click(
      document.querySelector('[data-testid="request-form"] input[type="checkbox"][aria-required="true"]'),
    );
    await click(button('Submit Request'));
    await settleAll();
    expect(await sentEvents()).toEqual([
      { name: 'access_requested', path: '/acme', props: { outcome: 'pending', source: 'banner' } },
    ]);
  });
});
