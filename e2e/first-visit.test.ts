import { describe, expect, it } from 'vitest';
import { useJourneyHarness } from './support/journey-harness';

const journey = useJourneyHarness({ dataDirectoryPrefix: 'attest-e2e-first-visit-' });

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

  it('waits on the entry script and at most two preloaded chunks before hydrating', async () => {
    const html = await (await fetch(`${journey.baseUrl}/acme`)).text();
    expect(html.match(/<script type="module" src="[^"]+"/g)).toHaveLength(1);
    expect((html.match(/<link rel="modulepreload"/g) ?? []).length).toBeLessThanOrEqual(2);
  });
});
