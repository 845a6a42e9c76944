import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createPostgresDatabase } from '../src/server/test/test-database';
import {
  expectNoSeriousAccessibilityViolations,
  root,
  settle,
  signInAsStaff,
  useJourneyHarness,
  watchForErrors,
} from './support/journey-harness';

// A second organisation is made by `npm run staff:create` while the server runs. PGlite's data
// directory is held by the server, so this journey's instance runs on a PostgreSQL database of its own.
const serverEnv: Record<string, string> = {};
let dropDatabase: (() => Promise<void>) | undefined;
beforeAll(async () => {
  const database = await createPostgresDatabase('attest_e2e_tcac');
  serverEnv.DATABASE_URL = database.url;
  dropDatabase = database.drop;
});
// Registered before the harness's hooks, so it runs after them: the server has let go of the database.
afterAll(async () => {
  await dropDatabase?.();
});

const journey = useJourneyHarness({ dataDirectoryPrefix: 'attest-e2e-tcac-', env: serverEnv });

const newSlug = 'globex';
const newStaffEmail = 'owner@globex.example';
const newStaffPassword = 'globex-owner-password-456';

async function shoot(page: Page, name: string) {
  await settle(page);
  await expectNoSeriousAccessibilityViolations(page);
  await page.screenshot({ path: `/tmp/tcac-${name}.png`, fullPage: true });
}

type VisibleCard = { kind: string | null; heading: string; items: string[] };

/** What a visitor sees of the cards: each card's heading and the items it lists, in page order. */
async function visibleCards(page: Page, slug: string): Promise<VisibleCard[]> {
  await page.goto(`${journey.baseUrl}/${slug}`);
  await page.getByRole('button', { name: "Let's Go" }).click();
  await page.getByTestId('portal-card').first().waitFor();
  return page.getByTestId('portal-card').evaluateAll((cards) =>
    cards.map((card) => ({
      kind: card.getAttribute('data-card-kind'),
      heading: card.querySelector('h2')?.textContent?.trim() ?? '',
      items: Array.from(card.querySelectorAll('li'), (item) => item.textContent?.trim() ?? '').filter(
        Boolean,
      ),
    })),
  );
}

/** The export through the API, without its timestamp: two exports of an unchanged organisation match. */
async function exportedContent(page: Page): Promise<unknown> {
  const file = await page.evaluate(async () => {
    const response = await fetch('/api/trust-center/export?format=json');
    return response.json();
  });
  const { exportedAt: _exportedAt, ...content } = file as Record<string, unknown>;
  return content;
}

async function openTrustCenterAsCode(page: Page) {
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
  await page.getByRole('heading', { name: 'Trust center as code' }).waitFor();
}

describe('trust center as code', () => {
  it('exports acme as YAML, refuses a broken file by line, and imports the export into a new organisation', {
    timeout: 300_000,
  }, async () => {
    const visitorContext = await journey.newContext(1280, { abortNonLoopback: true });
    const visitor = await visitorContext.newPage();
    const acmeCards = await visibleCards(visitor, 'acme');
    expect(acmeCards.length).toBeGreaterThan(3);
    expect(acmeCards.some((card) => card.items.length > 0)).toBe(true);

    // Acme's staff download the trust center as YAML from Settings.
    const acmeContext = await journey.newContext(1280);
    const acmePage = await acmeContext.newPage();
    const acmeProblems = watchForErrors(acmePage);
    await signInAsStaff(acmePage, journey.baseUrl);
    await openTrustCenterAsCode(acmePage);
    await shoot(acmePage, 'settings-acme');
    const [download] = await Promise.all([
      acmePage.waitForEvent('download'),
      acmePage.getByRole('link', { name: 'Export YAML' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^trust-center-acme-\d{4}-\d{2}-\d{2}\.yaml$/);
    const exportedYaml = await readFile(await download.path(), 'utf8');
    const exported = parse(exportedYaml) as {
      format: string;
      source: { slug: string };
      organisation: { name: string };
      products: {
        cards: { kind: string; items: { title: string }[] }[];
        trustedBy: unknown[];
        subprocessors: unknown[];
      }[];
    };
    expect(exported.format).toBe('attest.trust-center');
    expect(exported.source.slug).toBe('acme');
    const exportedKinds = exported.products.flatMap((product) => product.cards.map((card) => card.kind));
    const exportedTitles = exported.products.flatMap((product) =>
      product.cards.flatMap((card) => card.items.map((item) => item.title)),
    );
    // Every card that lists items is in the file (the overview keeps its text with the product;
    // trusted-by companies and subprocessors travel with their product, not as card items).
    const keptWithProduct = new Set<string | null>(['TrustedBy', 'Subprocessors']);
    for (const card of acmeCards.filter(
      (shown) => shown.items.length > 0 && !keptWithProduct.has(shown.kind),
    )) {
      expect(exportedKinds).toContain(card.kind);
    }
    if (acmeCards.some((card) => card.kind === 'TrustedBy')) {
      expect(exported.products.some((product) => product.trustedBy.length > 0)).toBe(true);
    }
    if (acmeCards.some((card) => card.kind === 'Subprocessors')) {
      expect(exported.products.some((product) => product.subprocessors.length > 0)).toBe(true);
    }
    const someShownItem = acmeCards
      .flatMap((card) => card.items)
      .find((text) => exportedTitles.some((title) => text.includes(title)));
    expect(someShownItem).toBeDefined();
    expect(acmeProblems).toEqual([]);
    await acmeContext.close();

    // An operator makes an empty organisation and its first staff member with the CLI.
    // What `npm run staff:create` runs, without npm's own notices on stderr.
    const created = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/create-staff-user.ts',
        '--org',
        newSlug,
        '--organisation-name',
        'Globex',
        '--email',
        newStaffEmail,
        '--name',
        'Gloria Owner',
      ],
      {
        cwd: root,
        encoding: 'utf8',
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          NODE_ENV: 'development',
          DATABASE_URL: serverEnv.DATABASE_URL,
          PUBLIC_URL: journey.baseUrl,
          ATTEST_STAFF_PASSWORD: newStaffPassword,
        },
      },
    );
    expect(created.stderr).toBe('');
    expect(created.stdout).toContain(`Created organisation Globex (${newSlug})`);
    expect(created.status).toBe(0);

    const context = await journey.newContext(1280);
    const page = await context.newPage();
    // The broken file's import is a 400 on purpose; the console shows it as a problem list.
    const problems = watchForErrors(page, /status of (401|400)/);
    await page.goto(`${journey.baseUrl}/console`);
    await page.getByLabel('E-mail address').fill(newStaffEmail);
    await page.getByLabel('Password').fill(newStaffPassword);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await openTrustCenterAsCode(page);
    const before = await exportedContent(page);

    // A broken file: an unknown card kind and a wrong version, each reported at its line; nothing changes.
    const lines = exportedYaml.split('\n');
    const versionLine = lines.findIndex((line) => line.startsWith('version:'));
    const cardsLine = lines.findIndex((line) => /^\s+cards:$/.test(line));
    const kindLine = cardsLine + 1;
    expect(lines[kindLine]).toMatch(/^\s*- kind: /);
    expect(versionLine).toBeGreaterThanOrEqual(0);
    expect(kindLine).toBeGreaterThan(versionLine);
    lines[versionLine] = 'version: 99';
    lines[kindLine] = lines[kindLine]!.replace(/kind: .*/, 'kind: NotACard');
    const importInput = page.getByTestId('trust-center-import-input');
    await importInput.setInputFiles({
      name: 'broken.yaml',
      mimeType: 'application/yaml',
      buffer: Buffer.from(lines.join('\n')),
    });
    const errors = page.getByTestId('trust-center-import-errors');
    await errors.waitFor();
    await expect.poll(() => errors.textContent()).toContain('nothing was imported');
    const problemList = errors.getByRole('listitem');
    await expect
      .poll(() => problemList.allTextContents())
      .toEqual(
        expect.arrayContaining([
          expect.stringContaining(`Line ${versionLine + 1}`),
          expect.stringMatching(new RegExp(`Line ${kindLine + 1}.*Unknown card kind "NotACard"`)),
        ]),
      );
    await errors.scrollIntoViewIfNeeded();
    await shoot(page, 'import-problems');
    expect(await exportedContent(page)).toEqual(before);
    await expect.poll(() => page.getByTestId('trust-center-import-summary').count()).toBe(0);

    // The real export goes in: the summary counts what arrived.
    await importInput.setInputFiles({
      name: download.suggestedFilename(),
      mimeType: 'application/yaml',
      buffer: Buffer.from(exportedYaml),
    });
    const summary = page.getByTestId('trust-center-import-summary');
    await summary.waitFor();
    await expect
      .poll(() => summary.textContent())
      .toContain(`Imported the trust center of ${exported.organisation.name}.`);
    expect(await page.getByTestId('trust-center-import-errors').count()).toBe(0);
    const cardsCount = summary
      .locator('div', { has: page.getByText('Cards', { exact: true }) })
      .locator('dd');
    expect(Number(await cardsCount.textContent())).toBeGreaterThan(0);
    // The settings form above shows what was imported, so a later Save cannot write stale values back.
    await expect.poll(() => page.locator('#name').inputValue()).toBe(exported.organisation.name);
    await summary.scrollIntoViewIfNeeded();
    await shoot(page, 'import-summary');
    expect(problems).toEqual([]);
    await context.close();

    // The new organisation's public page shows the same cards and items as acme's.
    const importedCards = await visibleCards(visitor, newSlug);
    await visitor.screenshot({ path: '/tmp/tcac-globex-portal.png', fullPage: true });
    expect(importedCards).toEqual(acmeCards);
    await visitorContext.close();
  });
});
