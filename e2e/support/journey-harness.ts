import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { ensureWebBuild } from '../../scripts/ensure-web-build';
import { freePort } from '../../src/server/test/server-process';
import { chromiumFlags as chromiumArgs } from './chromium-flags';
import { adminPassword, type JourneyServer, root, startJourneyServer } from './journey-server';

export { adminPassword, root };

export const screenshots = path.join(root, 'e2e', 'screenshots');
export const adminEmail = 'admin@acme.example';

export type JourneyOptions = {
  /** Prefix of the temporary DATA_DIR, so a leftover directory names the journey it came from. */
  dataDirectoryPrefix: string;
  /** Extra environment for the server, on top of the shared one. */
  env?: Record<string, string>;
  /** `localhost` where the browser needs a domain name (passkeys refuse an IP address); 127.0.0.1 otherwise. */
  publicHost?: 'localhost' | '127.0.0.1';
};

export type ContextOptions = {
  javaScriptEnabled?: boolean;
  permissions?: string[];
  /** Refuse every request that is not for 127.0.0.1 (third-party widgets, share links). */
  abortNonLoopback?: boolean;
  /**
   * Leave the cards that hydrate near the viewport (decision 316) waiting, as a visitor's page does.
   * Otherwise each navigation wakes them all and waits until they are live: a journey then clicks
   * anywhere at once, where a person would have scrolled to the card first.
   */
  keepDeferredPartsWaiting?: boolean;
  /** The browser's language (navigator.language and Accept-Language), as a visitor abroad has it. */
  locale?: string;
};

export type Journey = {
  readonly baseUrl: string;
  readonly browser: Browser;
  newContext(width: number, options?: ContextOptions): Promise<BrowserContext>;
};

/** Starts the real server and Chromium for the calling file's journeys, and tears both down after. */
export function useJourneyHarness(options: JourneyOptions): Journey {
  let server: JourneyServer | undefined;
  let browser: Browser;
  let baseUrl: string;
  let dataDirectory: string;

  beforeAll(async () => {
    await ensureWebBuild();
    mkdirSync(screenshots, { recursive: true });
    dataDirectory = mkdtempSync(path.join(os.tmpdir(), options.dataDirectoryPrefix));
    // A journey on the embedded database starts from the demo the global setup seeded once.
    if (!options.env?.DATABASE_URL) cpSync(inject('seededDataDirectory'), dataDirectory, { recursive: true });
    const port = await freePort();
    baseUrl = `http://${options.publicHost ?? '127.0.0.1'}:${port}`;
    // Chromium starts while the server does; launch() gives every run a fresh temporary profile.
    const launching = chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
    try {
      server = await startJourneyServer({
        dataDirectory,
        port,
        env: { PUBLIC_URL: baseUrl, ...options.env },
      });
    } finally {
      // Held even when the server failed, so afterAll closes it.
      browser = await launching;
    }
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDirectory, { recursive: true, force: true });
  });

  return {
    get baseUrl() {
      return baseUrl;
    },
    get browser() {
      return browser;
    },
    async newContext(
      width,
      { abortNonLoopback = false, keepDeferredPartsWaiting = false, ...contextOptions } = {},
    ) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, ...contextOptions });
      if (contextOptions.javaScriptEnabled !== false) {
        navigationsWaitForHydration(context, { wakeDeferredParts: !keepDeferredPartsWaiting });
      }
      if (abortNonLoopback) {
        await context.route(
          (url) => url.hostname !== '127.0.0.1',
          (route) => route.abort(),
        );
      }
      return context;
    },
  };
}

/**
 * The portal paints its server HTML first and starts hydrating after that paint (decision 220), so
 * `load` can come before React listens. A journey's goto and reload on a portal page also wait until
 * hydration has started, as a person's first tap then takes effect.
 */
function navigationsWaitForHydration(
  context: BrowserContext,
  { wakeDeferredParts }: { wakeDeferredParts: boolean },
) {
  const newPage = context.newPage.bind(context);
  context.newPage = async () => {
    const page = await newPage();
    const untilHydrationStarted = async () => {
      await page.waitForFunction(
        () =>
          !document.getElementById('attest-page-data') ||
          document.documentElement.dataset.hydrationStarted === 'true',
      );
      if (wakeDeferredParts) await untilDeferredPartsLive(page);
    };
    const goto = page.goto.bind(page);
    page.goto = async (...args: Parameters<Page['goto']>) => {
      const response = await goto(...args);
      await untilHydrationStarted();
      return response;
    };
    const reload = page.reload.bind(page);
    page.reload = async (...args: Parameters<Page['reload']>) => {
      const response = await reload(...args);
      await untilHydrationStarted();
      return response;
    };
    return page;
  };
}

/**
 * Points at every deferred part (as a person's pointer would) until React owns each: a part listens
 * only once hydration reaches it, so the pointer comes back on every poll.
 */
export async function untilDeferredPartsLive(page: Page) {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-deferred-part]')].every((part) => {
      if (Object.keys(part).some((key) => key.startsWith('__reactFiber'))) return true;
      part.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
      return false;
    }),
  );
}

/**
 * Page errors and hydration warnings fail the journey; they mean the page broke for someone.
 * `ignoredStatuses` are console errors a journey causes on purpose (signed out, the session is a 401).
 */
export function watchForErrors(page: Page, ignoredStatuses: RegExp = /status of 401/): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    const text = message.text();
    if (ignoredStatuses.test(text)) return;
    if (message.type() === 'error' || /hydrat/i.test(text)) problems.push(text);
  });
  return problems;
}

/** Screenshots show the settled page, not a dialog or drawer halfway through its entrance. */
export async function settle(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
}

/**
 * Closes a first visit's welcome and waits for what loads once it has gone: the knowledge base and
 * updates sections fetch their data then and push everything below them down, so a tap aimed at the
 * footer or the share card before they land hits whatever moved into its place (CI saw both).
 */
export async function dismissWelcome(page: Page) {
  const welcome = page.getByRole('dialog', { name: /^Welcome to / });
  await welcome.getByRole('button', { name: "Let's Go" }).click();
  await welcome.waitFor({ state: 'hidden' });
  await untilLateSectionsLanded(page);
}

/** Their code and data requests have ended, and neither section still shows its loading skeleton. */
export async function untilLateSectionsLanded(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () =>
      !document.querySelector(
        '[data-testid="knowledge-base-panel"] [class*="animate-pulse"], [data-testid="updates-card"] [class*="animate-pulse"]',
      ),
  );
  await settle(page);
}

export async function expectNoSeriousAccessibilityViolations(page: Page) {
  // A toast fading in or out is half transparent for a moment: axe would measure that frame's contrast.
  // Legacy mode runs axe in the page itself instead of gathering each frame's results in a new blank
  // page: about half the time (1.3 s against 2.3 s on /acme). It skips only cross-origin frames, which
  // Attest's pages have none of (third-party scripts are refused in journeys).
  const results = await new AxeBuilder({ page })
    .setLegacyMode()
    .exclude('[data-sonner-toast][data-removed="true"]')
    .exclude('[data-sonner-toast][data-mounted="false"]')
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target).join(', ')})`,
    );
  expect(serious).toEqual([]);
}

/** Signs in on /console as the demo staff member and waits for the Overview. */
export async function signInAsStaff(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/console`);
  await page.getByLabel('E-mail address').fill(adminEmail);
  await page.getByLabel('Password').fill(adminPassword);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { name: 'Overview' }).waitFor();
}

/** Staff open a card's drawer editor from its menu. */
export async function openCardEditor(page: Page, kind: string) {
  await page.locator(`[data-card-kind="${kind}"]`).getByTestId('card-menu-trigger').click();
  await page.getByRole('menuitem', { name: 'Edit', exact: true }).click();
  await page.getByTestId('drawer-editor').waitFor();
  await settle(page);
}

/** Closes the drawer editor with Escape; an open tooltip takes the first Escape, the drawer the next. */
export async function closeCardEditor(page: Page) {
  const tooltip = page.getByRole('tooltip');
  if (await tooltip.count()) {
    await page.keyboard.press('Escape');
    await tooltip.waitFor({ state: 'detached' });
  }
  await page.keyboard.press('Escape');
  await page.getByTestId('drawer-editor').waitFor({ state: 'detached' });
}
