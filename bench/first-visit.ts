import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium, type Page } from 'playwright-core';
import { chromiumFlags } from '../e2e/support/chromium-flags';
import { startBenchServer } from './start-bench-server';

/**
 * A first visit to the demo portal (/acme) on an emulated phone, against its baseline in the same run:
 * the same HTML with every script, preload and page-data block removed (the "no-script copy"), served by
 * the same server. Rounds interleave the two. Two measurements:
 * - Lighthouse 12 (mobile, simulated slow 4G and 4× CPU): category scores, FCP and TBT;
 * - Chromium through playwright-core: the JavaScript fetched by network idle (gzip -9 of each script, and
 *   bytes on the wire), DevTools issues, and the elements React hydrates.
 * Not a test: no thresholds. Usage: node --import tsx bench/first-visit.ts (BENCH_FIRST_VISIT_ROUNDS=5).
 */
const port = Number(process.env.BENCH_PORT ?? 3901);
const rounds = Number(process.env.BENCH_FIRST_VISIT_ROUNDS ?? 5);
const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const base = `http://127.0.0.1:${port}`;
const variants = { baseline: `${base}/__bench/no-script/acme`, portal: `${base}/acme` } as const;
type Variant = keyof typeof variants;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

type LighthouseSample = { scores: Record<string, number>; fcp: number; tbt: number; lcp: number };

async function lighthouseOnce(url: string, chromePort: number): Promise<LighthouseSample> {
  const result = await lighthouse(url, {
    port: chromePort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
  const { categories, audits, runtimeError, runWarnings } = result.lhr;
  if (runtimeError) throw new Error(`lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`);
  for (const warning of runWarnings) console.log(`    lighthouse ${url.replace(base, '')}: ${warning}`);
  const scores = Object.fromEntries(
    Object.entries(categories).map(([name, category]) => [name, Math.round((category.score ?? 0) * 100)]),
  );
  for (const [name, audit] of Object.entries(audits)) {
    const isFailing = audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary';
    if (isFailing) console.log(`    lighthouse ${url.replace(base, '')}: ${name} fails (${audit.title})`);
  }
  return {
    scores,
    fcp: audits['first-contentful-paint']?.numericValue ?? Number.NaN,
    tbt: audits['total-blocking-time']?.numericValue ?? Number.NaN,
    lcp: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
  };
}

/** A loaded machine sometimes loses Lighthouse's trace (NO_NAVSTART, NO_FCP): that run is taken again. */
async function runLighthouse(url: string, chromePort: number): Promise<LighthouseSample> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseOnce(url, chromePort);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.log(`    ${String(error)}; again`);
    }
  }
}

type ScriptLoad = { url: string; gzip: number; transferred: number };
type BrowserSample = { scripts: ScriptLoad[]; issues: string[]; hydratedElements: number };

/** One cold visit on a phone-sized page, counted once the network has been idle for 500 ms. */
async function visit(page: Page, url: string): Promise<BrowserSample> {
  const cdp = await page.context().newCDPSession(page);
  const issues: string[] = [];
  cdp.on('Audits.issueAdded', ({ issue }) => issues.push(JSON.stringify(issue.details).slice(0, 200)));
  await cdp.send('Audits.enable');
  const responses: Promise<ScriptLoad>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    responses.push(
      (async () => {
        const [body, sizes] = await Promise.all([response.body(), response.request().sizes()]);
        return {
          url: response.url().replace(base, ''),
          gzip: gzipSync(body, { level: 9 }).length,
          transferred: sizes.responseBodySize + sizes.responseHeadersSize,
        };
      })(),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  const scripts = await Promise.all(responses);
  // Elements React has hydrated (they carry its fiber): the server markup of a deferred part that has
  // not come near the viewport stays untouched and is not counted (decision 316).
  const hydratedElements = await page.evaluate(() => {
    const root = document.getElementById('root');
    if (!root) return 0;
    return [...root.querySelectorAll('*')].filter((element) =>
      Object.keys(element).some((key) => key.startsWith('__reactFiber')),
    ).length;
  });
  await cdp.detach();
  return { scripts, issues, hydratedElements };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const ms = (value: number) => `${Math.round(value)} ms`;

export async function benchFirstVisit() {
  const { child: server } = await startBenchServer(port);
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: chromiumFlags });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  try {
    const lighthouseSamples: Record<Variant, LighthouseSample[]> = { baseline: [], portal: [] };
    const browserSamples: Record<Variant, BrowserSample[]> = { baseline: [], portal: [] };
    for (let round = 0; round < rounds; round++) {
      for (const variant of Object.keys(variants) as Variant[]) {
        lighthouseSamples[variant].push(await runLighthouse(variants[variant], chrome.port));
        const context = await browser.newContext({
          viewport: { width: 412, height: 823 },
          deviceScaleFactor: 1.75,
          isMobile: true,
          hasTouch: true,
        });
        browserSamples[variant].push(await visit(await context.newPage(), variants[variant]));
        await context.close();
      }
    }
    const lines = [
      `first-visit of /acme (${rounds} interleaved rounds, medians; baseline = the no-script copy):`,
    ];
    for (const variant of Object.keys(variants) as Variant[]) {
      const samples = lighthouseSamples[variant];
      const categories = Object.keys(samples[0]!.scores);
      const scores = categories.map((name) => `${name} ${median(samples.map((s) => s.scores[name]!))}`);
      lines.push(`  lighthouse ${variant.padEnd(8)} ${scores.join(', ')}`);
      const fcp = median(samples.map((s) => s.fcp));
      const tbt = median(samples.map((s) => s.tbt));
      const lcp = median(samples.map((s) => s.lcp));
      lines.push(`  lighthouse ${variant.padEnd(8)} FCP ${ms(fcp)}, LCP ${ms(lcp)}, TBT ${ms(tbt)}`);
      // Every round's score, in order: the median alone hides how far one noisy round strays.
      const perRound = samples.map((s) => `${s.scores.performance} (FCP ${ms(s.fcp)}, TBT ${ms(s.tbt)})`);
      lines.push(`  lighthouse ${variant.padEnd(8)} performance by round: ${perRound.join(', ')}`);
    }
    const fcpGap = (variant: Variant) => median(lighthouseSamples[variant].map((s) => s.fcp));
    lines.push(
      `  FCP portal − baseline: ${ms(fcpGap('portal') - fcpGap('baseline'))} (ratio ${(fcpGap('portal') / fcpGap('baseline')).toFixed(2)})`,
    );
    for (const variant of Object.keys(variants) as Variant[]) {
      const samples = browserSamples[variant];
      const gzip = median(samples.map((s) => s.scripts.reduce((sum, script) => sum + script.gzip, 0)));
      const wire = median(samples.map((s) => s.scripts.reduce((sum, script) => sum + script.transferred, 0)));
      const files = median(samples.map((s) => s.scripts.length));
      const hydrated = median(samples.map((s) => s.hydratedElements));
      lines.push(
        `  JS by network idle, ${variant.padEnd(8)} ${files} files, ${kb(gzip)} gzip, ${kb(wire)} transferred; ${hydrated} elements hydrated`,
      );
    }
    const last = browserSamples.portal.at(-1)!;
    lines.push('  scripts of the last portal visit (gzip -9):');
    for (const script of [...last.scripts].sort((a, b) => b.gzip - a.gzip))
      lines.push(`    ${script.url.padEnd(48)} ${kb(script.gzip).padStart(9)}`);
    const issues = new Set(
      Object.values(browserSamples).flatMap((samples) => samples.flatMap((s) => s.issues)),
    );
    lines.push(`  DevTools issues: ${issues.size === 0 ? 'none' : ''}`);
    for (const issue of issues) lines.push(`    ${issue}`);
    console.log(lines.join('\n'));
  } finally {
    await browser.close();
    chrome.kill();
    server.kill('SIGTERM');
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchFirstVisit();
