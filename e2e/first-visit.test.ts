import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { root, signInAsStaff, useJourneyHarness, watchForErrors } from './support/journey-harness';

const journey = useJourneyHarness({ dataDirectoryPrefix: 'attest-e2e-first-visit-' });

const portalEntry = 'src/web/entry-portal.tsx';
// Zod's minified core still names its base schema class; no other library the portal uses does.
const zodMarker = '$ZodType';
// TanStack Query's provider check; the portal loads Query only with a part that fetches (decision 316).
const queryMarker = 'No QueryClient set';
const isHydratedByReact = (selector: string) =>
  [...document.querySelectorAll(selector)].every((element) =>
    Object.keys(element).some((key) => key.startsWith('__reactFiber')),
  );

describe("a visitor's first visit to the portal", () => {
  it('loads no zod, no query library, and raises no DevTools issue about the content security policy, up to network idle', async () => {
    const context = await journey.newContext(390, { keepDeferredPartsWaiting: true });
    const page = await context.newPage();
    const devtools = await context.newCDPSession(page);
    const cspIssues: string[] = [];
    devtools.on('Audits.issueAdded', ({ issue }) => {
      if (issue.code === 'ContentSecurityPolicyIssue') cspIssues.push(JSON.stringify(issue.details));
    });
    await devtools.send('Audits.enable');
    const scripts: Promise<{ url: string; text: string }>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script')
        scripts.push(response.text().then((text) => ({ url: response.url(), text })));
    });

    await page.goto(`${journey.baseUrl}/acme`, { waitUntil: 'networkidle' });
    await page.getByRole('dialog', { name: "Welcome to Acme Cloud's Trust Center" }).waitFor();
    const loaded = await Promise.all(scripts);

    // The page hydrated and its after-hydration parts (analytics, welcome modal) loaded too.
    expect(loaded.some(({ url }) => url.includes('/assets/portal-'))).toBe(true);
    expect(loaded.length).toBeGreaterThan(3);
    expect(loaded.filter(({ text }) => text.includes(zodMarker)).map(({ url }) => url)).toEqual([]);
    expect(loaded.filter(({ text }) => text.includes(queryMarker)).map(({ url }) => url)).toEqual([]);
    expect(cspIssues).toEqual([]);
    await context.close();
  });

  it('hydrates a card below the fold once it comes near: its code loads then, and it works', async () => {
    const context = await journey.newContext(390, { keepDeferredPartsWaiting: true });
    const page = await context.newPage();
    const problems = watchForErrors(page);
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
    });
    await page.goto(`${journey.baseUrl}/acme`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: "Let's Go" }).click();
    await page.getByRole('dialog', { name: /Welcome to/ }).waitFor({ state: 'hidden' });
    await page.waitForLoadState('networkidle');

    // The server drew the card in full; React has not taken it over, and its code has not loaded.
    const part = page.locator('[data-deferred-part="documents-card"]');
    expect(await part.getByTestId('document-tile').count()).toBeGreaterThan(0);
    expect(await page.evaluate(isHydratedByReact, '[data-deferred-part="documents-card"]')).toBe(false);
    expect(scripts.filter((script) => script.includes('/documents-card-'))).toEqual([]);

    await part.scrollIntoViewIfNeeded();
    await page.waitForFunction(isHydratedByReact, '[data-deferred-part="documents-card"]');
    expect(scripts.filter((script) => script.includes('/documents-card-'))).toHaveLength(1);
    await part.getByRole('tab', { name: /^Private/ }).click();
    await part.getByRole('button', { name: 'Get access to Penetration test summary' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("keeps a tap made while a card's code is on its way, and gives it to the card once it is live", async () => {
    const context = await journey.newContext(390, { keepDeferredPartsWaiting: true });
    const page = await context.newPage();
    const problems = watchForErrors(page);
    // The card's code is held back until the visitor has tapped, as on a slow connection.
    let letCodeThrough = () => {};
    const tapped = new Promise<void>((resolve) => (letCodeThrough = resolve));
    await page.route('**/assets/documents-card-*.js', async (route) => {
      await tapped;
      await route.continue();
    });
    await page.goto(`${journey.baseUrl}/acme`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: "Let's Go" }).click();
    await page.getByRole('dialog', { name: /Welcome to/ }).waitFor({ state: 'hidden' });

    const part = page.locator('[data-deferred-part="documents-card"]');
    await part.scrollIntoViewIfNeeded();
    // A button that acts on click alone (a tab would also act on the focus React replays itself).
    await part.getByRole('button', { name: 'Bulk download' }).click();
    expect(await page.evaluate(isHydratedByReact, '[data-deferred-part="documents-card"]')).toBe(false);
    letCodeThrough();
    await page.waitForFunction(isHydratedByReact, '[data-deferred-part="documents-card"]');
    await page.getByRole('dialog', { name: 'Bulk download' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('keeps a tap made before the page hydrated, and gives it to the page once it is live', async () => {
    // A raw context: the harness's goto waits for hydration, which this test holds back.
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const returning = await context.newPage();
    await returning.goto(`${journey.baseUrl}/acme`, { waitUntil: 'networkidle' });
    await returning.getByRole('button', { name: "Let's Go" }).click();
    await returning.close();

    let letCodeThrough = () => {};
    const tapped = new Promise<void>((resolve) => (letCodeThrough = resolve));
    // Routing turns the browser's cache off, so the page's code really waits for the tap.
    await context.route('**/assets/initial-shared-*.js', async (route) => {
      await tapped;
      await route.continue();
    });
    const page = await context.newPage();
    const problems = watchForErrors(page);
    await page.goto(`${journey.baseUrl}/acme`, { waitUntil: 'load' });
    await page.getByTestId('subscribe-button').first().click();
    expect(await page.evaluate(() => document.documentElement.dataset.hydrationStarted)).toBeUndefined();
    letCodeThrough();
    await page.getByRole('dialog', { name: 'Acme Cloud updates' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("gives staff on a phone the cards' editing menus without scrolling to the cards that wait", async () => {
    const context = await journey.newContext(390, { keepDeferredPartsWaiting: true });
    const page = await context.newPage();
    const problems = watchForErrors(page);
    await signInAsStaff(page, journey.baseUrl);
    await page.goto(`${journey.baseUrl}/acme`, { waitUntil: 'networkidle' });
    // The editing slots re-render the page in a transition; a waiting card must not hold it back.
    await page.getByTestId('card-menu-trigger').first().waitFor();
    const part = page.locator('[data-deferred-part="documents-card"]');
    expect(await part.getByTestId('document-tile').count()).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('has the first paint wait on one small entry script, which no other chunk imports', async () => {
    const html = await (await fetch(`${journey.baseUrl}/acme`)).text();
    expect(html.match(/<script type="module" src="[^"]+"/g)).toHaveLength(1);
    // Beside the entry's own helper, only the page's language catalogue is preloaded, at low priority:
    // modulepreloads do not hold the paint, and hydration needs the catalogue right after it.
    const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"([^>]*)>/g)];
    const others = preloads.filter(([, href]) => !/\/preload-helper-/.test(href!));
    expect(others.map(([, href]) => href)).toEqual([expect.stringMatching(/^\/assets\/en-[\w-]+\.js$/)]);
    for (const [, , attributes] of preloads) expect(attributes).toContain('fetchpriority="low"');
    // The entry starts hydration when it runs: a chunk importing it would start the portal anywhere.
    const manifest = JSON.parse(
      await readFile(path.join(root, 'dist', 'client', '.vite', 'manifest.json'), 'utf8'),
    ) as Record<string, { imports?: string[]; dynamicImports?: string[] }>;
    const importers = Object.entries(manifest)
      .filter(([, chunk]) =>
        [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])].includes(portalEntry),
      )
      .map(([name]) => name);
    expect(importers).toEqual([]);
  });
});
