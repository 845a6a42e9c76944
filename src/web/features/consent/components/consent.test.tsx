// @vitest-environment jsdom
import { act, type ReactNode, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { consentStorageKey, type Scripts } from '../../../../shared/consent';
import { resetLoadedScripts } from '../lib/script-loader';
import { ConsentEntry } from './consent-entry';
import ConsentManager from './consent-manager';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const organisationId = '7d0c5c1e-7a43-4d57-9a38-2b1f8f1c0a11';
const allScripts: Scripts = {
  googleUa: 'UA-12345678-1',
  gtag: 'G-AB12CD34EF',
  gtm: 'GTM-AB12CD3',
  intercom: 'abc12def',
  hubspot: '1234567',
};

let root: Root | null = null;
async function render(ui: ReactNode) {
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root?.render(ui));
}
async function settle() {
  for (let round = 0; round < 5; round++) {
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
  }
}
/** The dialog's code loads lazily: wait (without a time limit of our own) until it has rendered. */
async function waitForText(text: string) {
  while (!document.body.textContent?.includes(text)) {
    await act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
  }
}
async function clickButton(name: string) {
  const button = [...document.querySelectorAll('button')].find(
    (element) => element.textContent?.trim() === name,
  );
  if (!button) throw new Error(`no button '${name}'`);
  await act(async () => button.click());
  await settle();
}
const injected = () =>
  [...document.head.querySelectorAll<HTMLScriptElement>('script[data-attest-script]')].map((script) => ({
    kind: script.dataset.attestScript,
    src: script.src,
  }));
const storedRecord = () =>
  JSON.parse(window.localStorage.getItem(consentStorageKey(organisationId)) ?? 'null');

let setOpenFromTest: ((isOpen: boolean) => void) | null = null;
function Manager({ scripts = allScripts }: { scripts?: Scripts }) {
  const [isOpen, setOpen] = useState(false);
  setOpenFromTest = setOpen;
  return (
    <ConsentManager
      organisationId={organisationId}
      organisationName="Acme"
      scripts={scripts}
      isSettingsOpen={isOpen}
      onSettingsOpenChange={setOpen}
    />
  );
}

beforeEach(() => {
  window.localStorage.clear();
  document.head.innerHTML = '';
  resetLoadedScripts();
});
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

describe('consent gating', () => {
  it('shows the banner and loads nothing before the visitor chooses', async () => {
    await render(<Manager />);
    await settle();
    expect(document.body.textContent).toContain('Your privacy choices');
    expect(injected()).toEqual([]);
    expect(storedRecord()).toBeNull();
  });

  it('Reject all stores a record with only strictly necessary and still loads nothing', async () => {
    await render(<Manager />);
    await clickButton('Reject all');
    expect(injected()).toEqual([]);
    expect(storedRecord().categories).toEqual({
      strictly_necessary: true,
      analytics: false,
      marketing_and_advertising: false,
      social_media_advertising: false,
      performance_and_functionality: false,
    });
    expect(document.body.textContent).not.toContain('Your privacy choices');
  });

  it('Accept all loads every configured script from its vendor origin, once', async () => {
    await render(<Manager />);
    await clickButton('Accept all');
    expect(injected()).toEqual([
      { kind: 'googleUa', src: 'https://www.google-analytics.com/analytics.js' },
      { kind: 'gtag', src: 'https://www.googletagmanager.com/gtag/js?id=G-AB12CD34EF' },
      { kind: 'gtm', src: 'https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD3' },
      { kind: 'intercom', src: 'https://widget.intercom.io/widget/abc12def' },
      { kind: 'hubspot', src: 'https://js.hs-scripts.com/1234567.js' },
    ]);
    const dataLayer = (window as unknown as { dataLayer: unknown[] }).dataLayer;
    expect(dataLayer.some((entry) => (entry as { event?: string }).event === 'gtm.js')).toBe(true);
  });

  it('loads only the scripts of the categories granted in the declaration dialog', async () => {
    await render(<Manager />);
    await clickButton('Customise');
    expect(
      document.querySelector('[data-testid="cookie-declaration-skeleton"], [role="dialog"]'),
    ).not.toBeNull();
    await waitForText('Save choices');
    expect(document.body.textContent).toContain('Cookie settings');
    expect(document.body.textContent).toContain('Google Tag Manager');
    const analytics = document.getElementById('consent-analytics');
    await act(async () => analytics?.click());
    await clickButton('Save choices');
    expect(injected().map((script) => script.kind)).toEqual(['googleUa', 'gtag', 'gtm']);
    expect(storedRecord().categories.analytics).toBe(true);
    expect(storedRecord().categories.marketing_and_advertising).toBe(false);
  });

  it('loads what an earlier visit allowed without asking again', async () => {
    window.localStorage.setItem(
      consentStorageKey(organisationId),
      JSON.stringify({
        version: 1,
        decidedAt: '2025-01-01T00:00:00.000Z',
        categories: {
          strictly_necessary: true,
          analytics: false,
          marketing_and_advertising: false,
          social_media_advertising: false,
          performance_and_functionality: true,
        },
      }),
    );
    await render(<Manager />);
    await settle();
    expect(document.body.textContent).not.toContain('Your privacy choices');
    expect(injected().map((script) => script.kind)).toEqual(['intercom']);
  });

  it('asks again when the stored record is unreadable, loading nothing', async () => {
    window.localStorage.setItem(consentStorageKey(organisationId), '{"version":1,"categories":"all"}');
    await render(<Manager />);
    await settle();
    expect(document.body.textContent).toContain('Your privacy choices');
    expect(injected()).toEqual([]);
  });

  it('opens the declaration dialog on demand even after the choice was made', async () => {
    await render(<Manager scripts={{ ...allScripts, hubspot: null, intercom: null }} />);
    await clickButton('Reject all');
    await act(async () => setOpenFromTest?.(true));
    await waitForText('Save choices');
    expect(document.body.textContent).toContain('Cookie settings');
    expect(document.body.textContent).toContain('Nothing in this category is used.');
  });
});

describe('ConsentEntry', () => {
  function viewWith(scripts: Scripts) {
    return {
      organisation: { id: organisationId, name: 'Acme' },
      customisation: { scripts },
    } as Parameters<typeof ConsentEntry>[0]['view'];
  }

  it('answers the footer event with the dialog when scripts are configured', async () => {
    await render(<ConsentEntry view={viewWith(allScripts)} />);
    await settle();
    const event = new Event('attest:open-cookie-settings', { cancelable: true });
    await act(async () => window.dispatchEvent(event));
    await waitForText('Save choices');
    expect(event.defaultPrevented).toBe(true);
    expect(document.body.textContent).toContain('Cookie settings');
    expect(injected()).toEqual([]);
  });

  it('stays out of the way when no script is configured: no banner, footer keeps its dialog', async () => {
    await render(
      <ConsentEntry
        view={viewWith({ googleUa: null, gtag: null, gtm: null, intercom: null, hubspot: null })}
      />,
    );
    await settle();
    const event = new Event('attest:open-cookie-settings', { cancelable: true });
    await act(async () => window.dispatchEvent(event));
    expect(event.defaultPrevented).toBe(false);
    expect(document.body.textContent).toBe('');
  });
});
