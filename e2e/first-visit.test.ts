import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { root, useJourneyHarness } from './support/journey-harness';

const journey = useJourneyHarness({ dataDirectoryPrefix: 'attest-e2e-first-visit-' });

const portalEntry = 'src/web/entry-portal.tsx';
// Zod's minified core still names its base schema class; no other library the portal uses does.
const zodMarker = '$ZodType';

describe("a visitor's first visit to the portal", () => {
  it('loads no zod and raises no DevTools issue about the content security policy, up to network idle', async () => {
    const context = await journey.newContext(390);
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
    expect(cspIssues).toEqual([]);
    await context.close();
  });

  it('has the first paint wait on one small entry script, which no other chunk imports', async () => {
    const html = await (await fetch(`${journey.baseUrl}/acme`)).text();
    expect(html.match(/<script type="module" src="[^"]+"/g)).toHaveLength(1);
    expect((html.match(/<link rel="modulepreload"/g) ?? []).length).toBeLessThanOrEqual(1);
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
