import {
  type ConsentRecord,
  type CookieBanner,
  cookieBannerScript,
  isInHouseCookieBanner,
} from '../../../../shared/consent';
import type { ConsentChoices } from './consent-storage';

type CookiebotConsent = { preferences?: boolean; statistics?: boolean; marketing?: boolean };
type HubSpotConsent = {
  allowed?: boolean;
  categories?: { analytics?: boolean; advertisement?: boolean; functionality?: boolean };
};
type VendorWindow = Window & {
  Cookiebot?: { consent?: CookiebotConsent; hasResponse?: boolean; renew?: () => void };
  OnetrustActiveGroups?: string;
  OptanonWrapper?: () => void;
  OneTrust?: { ToggleInfoDisplay?: () => void };
  _hsp?: unknown[];
};

/**
 * A vendor's consent platform (Cookiebot, OneTrust, HubSpot) shows its own banner; the scripts
 * configured here follow what it reports. In-house banners (Dropbox, PayPal) publish no consent
 * interface, so for those our own banner still asks about the scripts configured here.
 */
export function isVendorManaged(banner: CookieBanner | null): banner is CookieBanner {
  return banner !== null && !isInHouseCookieBanner(banner.type);
}

/** Adds the banner's script once per page (strictly necessary: it is how consent is asked). */
export function loadCookieBannerScript(banner: CookieBanner, target: Document = document): boolean {
  if (target.querySelector('script[data-attest-script="cookie-banner"]')) return false;
  const { src, id, attributes } = cookieBannerScript(banner);
  // HubSpot's banner is its tracking code: never a second copy of it.
  if (id && target.getElementById(id)) return false;
  const script = target.createElement('script');
  script.async = true;
  script.src = src;
  script.dataset.attestScript = 'cookie-banner';
  if (id) script.id = id;
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  target.head.appendChild(script);
  return true;
}

function record(choices: ConsentChoices): ConsentRecord {
  return {
    version: 1,
    decidedAt: new Date().toISOString(),
    categories: { strictly_necessary: true, ...choices },
  };
}

/** Cookiebot's categories: statistics, marketing, preferences. */
export function fromCookiebot(consent: CookiebotConsent): ConsentRecord {
  return record({
    analytics: consent.statistics === true,
    marketing_and_advertising: consent.marketing === true,
    social_media_advertising: consent.marketing === true,
    performance_and_functionality: consent.preferences === true,
  });
}

/** OneTrust's standard groups: C0002 performance, C0003 functional, C0004 targeting, C0005 social. */
export function fromOneTrust(activeGroups: string): ConsentRecord {
  const groups = new Set(activeGroups.split(',').filter(Boolean));
  return record({
    analytics: groups.has('C0002'),
    marketing_and_advertising: groups.has('C0004'),
    social_media_advertising: groups.has('C0005'),
    performance_and_functionality: groups.has('C0003'),
  });
}

/** HubSpot's privacy consent: analytics, advertisement, functionality. */
export function fromHubSpot(consent: HubSpotConsent): ConsentRecord {
  const categories = consent.categories ?? {};
  const all = consent.allowed === true;
  return record({
    analytics: all || categories.analytics === true,
    marketing_and_advertising: all || categories.advertisement === true,
    social_media_advertising: all || categories.advertisement === true,
    performance_and_functionality: all || categories.functionality === true,
  });
}

/**
 * Calls onChange with the visitor's choice each time the vendor reports one (at load when already
 * decided, then on every change). Returns the function that stops listening.
 */
export function watchVendorConsent(
  banner: CookieBanner,
  onChange: (record: ConsentRecord) => void,
  target: Window = window,
): () => void {
  const vendor = target as VendorWindow;
  switch (banner.type) {
    case 'cookiebot': {
      const read = () => {
        if (vendor.Cookiebot?.consent) onChange(fromCookiebot(vendor.Cookiebot.consent));
      };
      const events = ['CookiebotOnConsentReady', 'CookiebotOnAccept', 'CookiebotOnDecline'];
      for (const name of events) target.addEventListener(name, read);
      if (vendor.Cookiebot?.hasResponse) read();
      return () => {
        for (const name of events) target.removeEventListener(name, read);
      };
    }
    case 'onetrust': {
      let isWatching = true;
      const read = () => {
        if (isWatching && typeof vendor.OnetrustActiveGroups === 'string') {
          onChange(fromOneTrust(vendor.OnetrustActiveGroups));
        }
      };
      // OneTrust calls OptanonWrapper when it has loaded and after every choice.
      const previous = vendor.OptanonWrapper;
      vendor.OptanonWrapper = () => {
        previous?.();
        read();
      };
      target.addEventListener('OneTrustGroupsUpdated', read);
      return () => {
        isWatching = false;
        target.removeEventListener('OneTrustGroupsUpdated', read);
      };
    }
    case 'hubspot': {
      let isWatching = true;
      vendor._hsp ??= [];
      vendor._hsp.push([
        'addPrivacyConsentListener',
        (consent: HubSpotConsent) => {
          if (isWatching) onChange(fromHubSpot(consent));
        },
      ]);
      return () => {
        isWatching = false;
      };
    }
    default:
      return () => {};
  }
}

/** Whether the vendor's own preferences can be shown now (its script has loaded). */
export function canReopenVendorConsent(banner: CookieBanner, target: Window = window): boolean {
  const vendor = target as VendorWindow;
  switch (banner.type) {
    case 'cookiebot':
      return typeof vendor.Cookiebot?.renew === 'function';
    case 'onetrust':
      return typeof vendor.OneTrust?.ToggleInfoDisplay === 'function';
    case 'hubspot':
      // HubSpot's queue is read when its code loads, so the request is never lost.
      return true;
    default:
      return false;
  }
}

/** The footer's 'Cookie settings' with a vendor banner: the vendor's own preferences. */
export function reopenVendorConsent(banner: CookieBanner, target: Window = window): boolean {
  if (!canReopenVendorConsent(banner, target)) return false;
  const vendor = target as VendorWindow;
  if (banner.type === 'cookiebot') vendor.Cookiebot?.renew?.();
  else if (banner.type === 'onetrust') vendor.OneTrust?.ToggleInfoDisplay?.();
  else {
    vendor._hsp ??= [];
    vendor._hsp.push(['showBanner']);
  }
  return true;
}
