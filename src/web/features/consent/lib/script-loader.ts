import {
  type ConsentRecord,
  configuredScriptKinds,
  type ScriptKind,
  type Scripts,
  scriptCategories,
} from '../../../../shared/consent';
import { isGranted } from './consent-storage';

type Queue = unknown[] & { push: (...items: unknown[]) => number };
type ScriptWindow = Window & {
  dataLayer?: Queue;
  gtag?: (...args: unknown[]) => void;
  ga?: ((...args: unknown[]) => void) & { q?: unknown[]; l?: number };
  GoogleAnalyticsObject?: string;
  intercomSettings?: { app_id: string };
  Intercom?: ((...args: unknown[]) => void) & { q?: unknown[]; c?: (args: unknown) => void };
};

function appendScript(src: string, kind: ScriptKind, id?: string) {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  script.dataset.attestScript = kind;
  if (id) script.id = id;
  document.head.appendChild(script);
}

/**
 * Each vendor's loader snippet, written as our own code: the page's CSP has no 'unsafe-inline', so the
 * snippets' set-up runs here and only the vendor's file is fetched, from the origin the CSP allows.
 */
const loaders: Record<ScriptKind, (id: string, target: ScriptWindow) => void> = {
  googleUa(id, target) {
    target.GoogleAnalyticsObject = 'ga';
    const queued: unknown[] = [];
    const ga =
      target.ga ??
      Object.assign((...args: unknown[]) => void queued.push(args), { q: queued, l: Date.now() });
    target.ga = ga;
    ga('create', id, 'auto');
    ga('send', 'pageview');
    appendScript('https://www.google-analytics.com/analytics.js', 'googleUa');
  },
  gtag(id, target) {
    target.dataLayer ??= [] as unknown as Queue;
    const dataLayer = target.dataLayer;
    // gtag.js reads the arguments objects it queues, exactly like the vendor's inline snippet.
    target.gtag ??= function gtag() {
      // biome-ignore lint/complexity/noArguments: gtag.js expects the arguments object itself.
      dataLayer.push(arguments);
    };
    target.gtag('js', new Date());
    target.gtag('config', id);
    appendScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`, 'gtag');
  },
  gtm(id, target) {
    target.dataLayer ??= [] as unknown as Queue;
    target.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    appendScript(`https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`, 'gtm');
  },
  intercom(id, target) {
    target.intercomSettings = { app_id: id };
    const queued: unknown[] = [];
    target.Intercom ??= Object.assign((...args: unknown[]) => void queued.push(args), { q: queued });
    appendScript(`https://widget.intercom.io/widget/${encodeURIComponent(id)}`, 'intercom');
  },
  hubspot(id) {
    // A HubSpot cookie banner already loaded this same tracking code.
    if (document.getElementById('hs-script-loader')) return;
    appendScript(`https://js.hs-scripts.com/${encodeURIComponent(id)}.js`, 'hubspot', 'hs-script-loader');
  },
};

const loadedKinds = new Set<ScriptKind>();

/**
 * Loads each configured script whose category the visitor granted, once per page. Returns what it
 * loaded now. Scripts already running cannot be unloaded: withdrawing consent reloads the page.
 */
export function loadConsentedScripts(
  scripts: Scripts,
  record: ConsentRecord | null,
  target: Window = window,
): ScriptKind[] {
  const loaded: ScriptKind[] = [];
  for (const kind of configuredScriptKinds(scripts)) {
    const id = scripts[kind];
    if (!id || loadedKinds.has(kind) || !isGranted(record, scriptCategories[kind])) continue;
    loaders[kind](id, target as ScriptWindow);
    loadedKinds.add(kind);
    loaded.push(kind);
  }
  return loaded;
}

export function loadedScriptKinds(): ScriptKind[] {
  return [...loadedKinds];
}

/** For tests only: forget which scripts this page loaded. */
export function resetLoadedScripts() {
  loadedKinds.clear();
}
