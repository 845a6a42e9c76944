import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import type { CardKind } from '../src/shared/card-kinds';
import type { CardView, ItemView } from '../src/shared/cards';
import type { PortalView } from '../src/shared/portal';

/**
 * Local search per keystroke in headless Chromium (spec 1 §4: Main and Public modes search with
 * Fuse.js in the browser): the app's own createLocalSearchIndex over 2 000 items, queries typed one
 * character at a time. Baseline, interleaved in the same page: a plain lower-case substring filter
 * over the same texts. The page is cross-origin isolated so performance.now() has 5 µs steps.
 * Not a test: no thresholds.
 */
const itemCount = Number(process.env.BENCH_LOCAL_ITEMS ?? 2000);
const runs = Number(process.env.BENCH_KEYSTROKE_RUNS ?? 10);
const queries = [
  'multi-factor authentication',
  'encryption at rest',
  'SOC 2 report',
  'penetration test',
  'data retention policy',
  'incident response',
];
const root = fileURLToPath(new URL('..', import.meta.url));

/** Deterministic pseudo-random numbers (mulberry32), so every run searches the same items. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const subjects = [
  'Multi-factor authentication',
  'Single sign-on',
  'Encryption at rest',
  'Encryption in transit',
  'Key management',
  'Penetration testing',
  'Vulnerability scanning',
  'Security awareness training',
  'Incident response plan',
  'Business continuity plan',
  'Disaster recovery',
  'Data retention',
  'Data deletion',
  'Access reviews',
  'Least privilege',
  'Background checks',
  'Change management',
  'Code review',
  'Dependency scanning',
  'Logging and monitoring',
  'Intrusion detection',
  'Endpoint detection and response',
  'Mobile device management',
  'Network segmentation',
  'Web application firewall',
  'DDoS protection',
  'Backups',
  'Asset inventory',
  'Vendor risk management',
  'Subprocessor reviews',
  'Data processing agreement',
  'SOC 2 Type II report',
  'ISO 27001 certificate',
  'GDPR compliance',
  'HIPAA safeguards',
  'Physical security',
  'Secure development lifecycle',
  'Secrets management',
  'Password policy',
  'Session management',
];
const qualifiers = [
  'for production',
  'for employees',
  'for customer data',
  'in the EU region',
  'annual',
  'quarterly',
  'automated',
  'for contractors',
  'for laptops',
  'for APIs',
];
const sentences = [
  'Every employee signs in through our identity provider with phishing-resistant factors.',
  'Customer data is encrypted with AES-256 and keys are rotated every year in a managed KMS.',
  'An independent firm tests the application and APIs every year and high findings are fixed within 14 days.',
  'Backups run every night, are encrypted, and are restored in a test every quarter.',
  'Access to production needs an approved request and is reviewed every quarter by the owner.',
  'Logs from every service are kept for one year and alerts page the on-call engineer.',
  'Our incident response plan is tested twice a year with tabletop exercises.',
  'Data is deleted within 30 days of the end of the contract, backups within 90 days.',
  'Changes are reviewed by a second engineer and deployed through the CI pipeline.',
  'Vendors that process customer data are reviewed before onboarding and every year after.',
  'Laptops are managed by MDM with full-disk encryption and automatic updates.',
  'The data centres are operated by our cloud provider and audited under SOC 2 and ISO 27001.',
];
const kinds: CardKind[] = [
  'AccessControl',
  'DataSecurity',
  'ApplicationSecurity',
  'Infrastructure',
  'EndpointSecurity',
  'NetworkSecurity',
  'InternalPractices',
  'Policies',
  'BusinessContinuity',
  'IncidentResponse',
  'Legal',
  'Reports',
  'DataPrivacy',
  'ProductFeatures',
];

function itemView(index: number, next: () => number): ItemView {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const explanation = Array.from({ length: 1 + Math.floor(next() * 3) }, () => pick(sentences)).join(' ');
  return {
    itemUid: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    title: `${pick(subjects)} ${pick(qualifiers)}`,
    isCustom: false,
    enabledState: 'Enabled',
    isLocked: false,
    isPublic: true,
    isHidden: false,
    explanation,
    href: null,
    listEntries: next() < 0.2 ? [pick(subjects), pick(subjects)] : null,
    type: next() < 0.3 ? 'Preventive' : null,
    maturity: null,
    recurrence: next() < 0.2 ? 'year' : null,
    auditor: next() < 0.1 ? 'NCC Group' : null,
    expiry: null,
    customUrlSlug: null,
    slug: `item-${index}`,
    modifiedAt: null,
    modifiedByName: null,
  };
}

/** A page model with `itemCount` items spread over the content cards, as the local engine reads it. */
function portalView(): PortalView {
  const next = random(2000);
  const cards: CardView[] = kinds.map((kind) => ({
    kind,
    title: kind,
    displayText: null,
    placeholder: null,
    isHidden: false,
    iconUrl: null,
    items: [],
  }));
  for (let index = 0; index < itemCount; index++)
    cards[index % cards.length]!.items.push(itemView(index, next));
  const product = {
    productId: '11111111-1111-4111-8111-111111111111',
    productName: 'Platform',
    productSlug: 'platform',
    isDefault: true,
    bannerUrl: null,
    revision: 1,
  };
  // Only the fields the local engine reads matter; the rest keep the type whole.
  return {
    organisation: {
      id: '22222222-2222-4222-8222-222222222222',
      slug: 'acme',
      name: 'Acme Cloud',
      websiteUrl: null,
      logoUrl: null,
      faviconUrl: null,
      bannerUrl: null,
      updatedAt: new Date(0).toISOString(),
    },
    customisation: {} as PortalView['customisation'],
    product,
    products: [product],
    productLinks: [],
    viewer: { mode: 'public', staff: null, member: null, preview: null },
    sections: ['cards'],
    cards,
    documents: { featuredItemUids: [], files: [] },
    planFeatures: {} as PortalView['planFeatures'],
    publicUrl: 'http://127.0.0.1/acme',
    platform: { homeUrl: '/', termsOfServiceUrl: null, privacyNoticeUrl: null },
  };
}

/** The app's local-search module (with Fuse.js) bundled for the browser, minified like production. */
async function bundleLocalSearch(): Promise<string> {
  const entryId = '\0attest-bench-entry';
  const output = await build({
    configFile: false,
    root,
    logLevel: 'silent',
    plugins: [
      {
        name: 'attest-bench-entry',
        // Vite hands the lib entry over as a path under the root.
        resolveId: (id) => (id.endsWith('attest-bench-entry') ? entryId : null),
        load: (id) =>
          id === entryId
            ? `import { createLocalSearchIndex } from ${JSON.stringify(`${root}src/web/features/search/lib/local-search.ts`)};
               window.attestBench = { createLocalSearchIndex };`
            : null,
      },
    ],
    build: {
      write: false,
      minify: true,
      lib: { entry: 'attest-bench-entry', formats: ['iife'], name: 'attestBenchBundle', fileName: 'bench' },
    },
  });
  const results = Array.isArray(output) ? output : [output];
  for (const result of results) {
    if (!('output' in result)) continue;
    const chunk = result.output.find((file) => file.type === 'chunk');
    if (chunk && chunk.type === 'chunk') return chunk.code;
  }
  throw new Error('the local-search bundle was not produced');
}

/** Serves the page and the bundle cross-origin isolated (fine-grained performance.now()). */
function serve(script: string): Promise<{ url: string; close(): void }> {
  const headers = {
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-embedder-policy': 'require-corp',
    'cache-control': 'no-store',
  };
  const server = http.createServer((request, response) => {
    if (request.url === '/bench.js') {
      response.writeHead(200, { ...headers, 'content-type': 'text/javascript; charset=utf-8' }).end(script);
      return;
    }
    response
      .writeHead(200, { ...headers, 'content-type': 'text/html; charset=utf-8' })
      .end('<!doctype html><html><head><script src="/bench.js"></script></head><body></body></html>');
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}/`, close: () => server.close() });
    });
  });
}

type PageFigures = {
  isolated: boolean;
  indexMs: number;
  entries: number;
  local: number[];
  baseline: number[];
  resultCounts: number[];
};

/** Runs in the page: both searches for every prefix of every query, their order swapped every time. */
function measureInPage(input: { view: PortalView; queries: string[]; runs: number }): PageFigures {
  type Bench = {
    createLocalSearchIndex(view: PortalView, topics: []): { search(term: string): unknown[]; size: number };
  };
  const { createLocalSearchIndex } = (window as unknown as { attestBench: Bench }).attestBench;
  const indexStart = performance.now();
  const index = createLocalSearchIndex(input.view, []);
  const indexMs = performance.now() - indexStart;
  const texts = input.view.cards.flatMap((card) =>
    card.items.map((item) =>
      [
        item.title,
        item.explanation,
        ...(item.listEntries ?? []),
        item.type,
        item.recurrence,
        item.auditor,
        card.title,
      ]
        .filter(Boolean)
        .join(' ')
        .toLowerCase(),
    ),
  );
  const substring = (term: string) => {
    const wanted = term.trim().toLowerCase();
    return wanted ? texts.filter((text) => text.includes(wanted)) : [];
  };
  const local: number[] = [];
  const baseline: number[] = [];
  const resultCounts: number[] = [];
  const time = (search: () => unknown[]) => {
    const start = performance.now();
    const found = search();
    return { ms: performance.now() - start, count: found.length };
  };
  let turn = 0;
  for (let run = 0; run < input.runs; run++) {
    for (const query of input.queries) {
      for (let length = 1; length <= query.length; length++) {
        const term = query.slice(0, length);
        turn++;
        if (turn % 2 === 0) {
          const fuse = time(() => index.search(term));
          baseline.push(time(() => substring(term)).ms);
          local.push(fuse.ms);
          resultCounts.push(fuse.count);
        } else {
          baseline.push(time(() => substring(term)).ms);
          const fuse = time(() => index.search(term));
          local.push(fuse.ms);
          resultCounts.push(fuse.count);
        }
      }
    }
  }
  return { isolated: crossOriginIsolated, indexMs, entries: index.size, local, baseline, resultCounts };
}

function percentile(values: number[], wanted: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((wanted / 100) * sorted.length) - 1)]!;
}

export async function benchSearchKeystroke() {
  const script = await bundleLocalSearch();
  const site = await serve(script);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });
  try {
    const page = await browser.newPage();
    // tsx compiles this file with esbuild's keepNames, which wraps named functions in __name();
    // measureInPage is sent to the page as source, so the page gets the same (no-op) helper.
    await page.addInitScript('window.__name = (target) => target;');
    await page.goto(site.url);
    await page.waitForFunction(() => 'attestBench' in window);
    const view = portalView();
    // A warm-up pass (JIT, Fuse's lazy structures), then the measured runs.
    await page.evaluate(measureInPage, { view, queries, runs: 2 });
    const figures = await page.evaluate(measureInPage, { view, queries, runs });
    const keystrokes = figures.local.length;
    const result = {
      items: itemCount,
      keystrokes,
      indexMs: figures.indexMs,
      localP50: percentile(figures.local, 50),
      localP95: percentile(figures.local, 95),
      localMax: Math.max(...figures.local),
      baselineP50: percentile(figures.baseline, 50),
      baselineP95: percentile(figures.baseline, 95),
      medianResults: percentile(figures.resultCounts, 50),
    };
    const version = browser.version();
    console.log(
      [
        `search-keystroke (Chromium ${version}, ${figures.entries} entries from ${itemCount} items, ${queries.length} queries typed a character at a time, ${runs} runs = ${keystrokes} keystrokes, interleaved; timer ${figures.isolated ? '5 µs (isolated)' : '100 µs'}):`,
        `  index build (once per dialog)     ${result.indexMs.toFixed(1)} ms`,
        `  local search (Fuse.js, the app's)  p50 ${result.localP50.toFixed(2)} ms  p95 ${result.localP95.toFixed(2)} ms  max ${result.localMax.toFixed(2)} ms  (median ${result.medianResults} results)`,
        `  baseline (substring filter)        p50 ${result.baselineP50.toFixed(3)} ms  p95 ${result.baselineP95.toFixed(3)} ms`,
        `  ratio local/baseline               p50 ${(result.localP50 / result.baselineP50).toFixed(1)}x  p95 ${(result.localP95 / result.baselineP95).toFixed(1)}x`,
        `  p95 against a 16 ms frame          ${((result.localP95 / 16) * 100).toFixed(0)} %`,
      ].join('\n'),
    );
    return result;
  } finally {
    await browser.close();
    site.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchSearchKeystroke();
