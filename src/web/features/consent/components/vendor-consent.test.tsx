// @vitest-environment jsdom
import { act, type ReactNode, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CookieBanner, Scripts } from '../../../../shared/consent';
import { resetLoadedScripts } from '../lib/script-loader';
import ConsentManager from './consent-manager';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const organisationId = '7d0c5c1e-7a43-4d57-9a38-2b1f8f1c0a11';
const allScripts: Scripts = {
  googleUa: 'UA-12345678-1',
  gtag: 'G-AB12CD34EF',
  gtm: 'GTM-AB12CD3',
  intercom: 'abc12def',
  hubspot: '1234567',
};
const banners = {
  cookiebot: { type: 'cookiebot', id: '0b6d2e3c-3a5f-4b7e-9c1d-2f3e4a5b6c7d' },
  onetrust: { type: 'onetrust', id: '3f1b2c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d' },
  hubspot: { type: 'hubspot', id: '1234567' },
  dropbox: {
    type: 'dropbox',
    id: 'dropbox-trust',
    scriptUrl: 'https://consent.dropbox.example/v2/banner.js',
  },
} satisfies Record<string, Partial<CookieBanner>>;

type VendorGlobals = {
  Cookiebot?: unknown;
  OnetrustActiveGroups?: string;
  OptanonWrapper?: () => void;
  OneTrust?: unknown;
  _hsp?: unknown[][];
};
const vendorWindow = window as unknown as VendorGlobals;

let root: Root | null = null;
let setOpenFromTest: ((isOpen: boolean) => void) | null = null;

async function render(ui: ReactNode) {
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root?.render(ui));
  await settle();
}
async function settle() {
  for (let round = 0; round < 5; round++) {
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
  }
}

function Manager({ banner, scripts = allScripts }: { banner: Partial<CookieBanner>; scripts?: Scripts }) {
  const [isOpen, setOpen] = useState(false);
  setOpenFromTest = setOpen;
  return (
    <ConsentManager
      organisationId={organisationId}
      organisationName="Acme"
      scripts={scripts}
      cookieBanner={{ showDeclaration: true, scriptUrl: null, ...banner } as CookieBanner}
      isSettingsOpen={isOpen}
      onSettingsOpenChange={setOpen}
    />
  );
}

const injected = () =>
  [...document.head.querySelectorAll<HTMLScriptElement>('script[data-attest-script]')].map(
    (script) => script.dataset.attestScript,
  );
const bannerScript = () =>
  document.head.querySelector<HTMLScriptElement>('script[data-attest-script="cookie-banner"]');

beforeEach(() => {
  window.localStorage.clear();
  document.head.innerHTML = '';
  resetLoadedScripts();
  for (const key of ['Cookiebot', 'OnetrustActiveGroups', 'OptanonWrapper', 'OneTrust', '_hsp'] as const) {
    delete vendorWindow[key];
  }
});
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

describe('vendor cookie banners', () => {
  it('Cookiebot: loads uc.js with the cbid at once, shows no banner of ours, and follows its answer', async () => {
    await render(<Manager banner={banners.cookiebot} />);
    const script = bannerScript();
    expect(script?.src).toBe('https://consent.cookiebot.com/uc.js');
    expect(script?.id).toBe('Cookiebot');
    expect(script?.getAttribute('data-cbid')).toBe(banners.cookiebot.id);
    expect(document.body.textContent).not.toContain('Your privacy choices');
    expect(injected()).toEqual(['cookie-banner']);

    vendorWindow.Cookiebot = { consent: { statistics: true, marketing: false, preferences: false } };
    await act(async () => window.dispatchEvent(new Event('CookiebotOnAccept')));
    expect(injected()).toEqual(['cookie-banner', 'googleUa', 'gtag', 'gtm']);
  });

  it('Cookiebot: Cookie settings opens its own preferences, not our dialog', async () => {
    const renew = vi.fn();
    await render(<Manager banner={banners.cookiebot} />);
    vendorWindow.Cookiebot = { consent: {}, renew };
    await act(async () => setOpenFromTest?.(true));
    await settle();
    expect(renew).toHaveBeenCalledTimes(1);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
  });

  it('OneTrust: loads the SDK stub with the domain script id and maps its groups', async () => {
    await render(<Manager banner={banners.onetrust} />);
    const script = bannerScript();
    expect(script?.src).toBe('https://cdn.cookielaw.org/scripttemplates/otSDKStub.js');
    expect(script?.getAttribute('data-domain-script')).toBe(banners.onetrust.id);
    expect(injected()).toEqual(['cookie-banner']);
    // C0003 is OneTrust's functional group: Intercom's category.
    vendorWindow.OnetrustActiveGroups = ',C0001,C0003,';
    await act(async () => vendorWindow.OptanonWrapper?.());
    expect(injected()).toEqual(['cookie-banner', 'intercom']);
  });

  it('HubSpot: its banner is the tracking code, loaded once; consent arrives through _hsp', async () => {
    await render(<Manager banner={banners.hubspot} />);
    const script = bannerScript();
    expect(script?.src).toBe('https://js.hs-scripts.com/1234567.js');
    expect(script?.id).toBe('hs-script-loader');
    const [, listener] = vendorWindow._hsp?.find((entry) => entry[0] === 'addPrivacyConsentListener') ?? [];
    await act(async () =>
      (listener as (consent: unknown) => void)({ allowed: false, categories: { advertisement: true } }),
    );
    // Marketing is granted: the HubSpot script would load, but the banner already did.
    expect(injected()).toEqual(['cookie-banner']);
    expect(document.querySelectorAll('#hs-script-loader')).toHaveLength(1);
  });

  it('an in-house banner (Dropbox) loads from its own address; our banner still asks about our scripts', async () => {
    await render(<Manager banner={banners.dropbox} />);
    const script = bannerScript();
    expect(script?.src).toBe(banners.dropbox.scriptUrl);
    expect(script?.getAttribute('data-tenant-name')).toBe('dropbox-trust');
    expect(document.body.textContent).toContain('Your privacy choices');
    expect(injected()).toEqual(['cookie-banner']);
  });

  it('an in-house banner with no script configured here shows no banner of ours', async () => {
    const none: Scripts = { googleUa: null, gtag: null, gtm: null, intercom: null, hubspot: null };
    await render(<Manager banner={banners.dropbox} scripts={none} />);
    expect(document.body.textContent).not.toContain('Your privacy choices');
    expect(injected()).toEqual(['cookie-banner']);
  });
});
