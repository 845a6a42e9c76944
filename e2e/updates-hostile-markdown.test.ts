import path from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshots, settle, signInAsStaff, useJourneyHarness } from './support/journey-harness';

const journey = useJourneyHarness({ dataDirectoryPrefix: 'attest-e2e-updates-hostile-' });

declare global {
  interface Window {
    __attestXss?: string[];
  }
}

/** What every payload would run: a flag on the window and a dialog, each naming the payload. */
const run = (name: string) => `(window.__attestXss=window.__attestXss||[]).push('${name}');alert('${name}')`;

/** Markdown a careless or malicious staff member could publish: scripts, handlers, bad URLs, mXSS. */
const hostileMessages = [
  [
    'Hostile update with script and handlers.',
    `<script>${run('script')}</script>`,
    `<img src="x" onerror="${run('img-onerror')}">`,
    `<svg onload="${run('svg-onload')}"><circle r="4"/></svg>`,
    `<svg><script>${run('svg-script')}</script></svg>`,
    `<details open ontoggle="${run('details-ontoggle')}"><summary>Details</summary>Inside</details>`,
    `<input autofocus onfocus="${run('input-onfocus')}">`,
    `<video><source onerror="${run('video-source')}"></video>`,
    `<audio src="x" onerror="${run('audio-onerror')}"></audio>`,
    `<body onload="${run('body-onload')}">`,
    `<a href="https://acme.example/safe" onclick="${run('onclick')}" onmouseover="${run('onmouseover')}">Safe link</a>`,
    '`<script>alert("shown as code")</script>`',
  ].join('\n\n'),
  [
    'Hostile update with links and frames.',
    "[Markdown javascript link](javascript:alert('md-javascript'))",
    "[Mixed case link](JaVaScRiPt:alert('md-mixed-case'))",
    "<javascript:alert('autolink')>",
    `<a href="javascript:${run('a-javascript')}">Raw javascript link</a>`,
    `<a href="jav&#x09;ascript:alert('a-tab')">Tab in scheme</a>`,
    `<a href="&#106;avascript:alert('a-entity')">Entity in scheme</a>`,
    `<a href=" javascript:alert('a-space')">Space before scheme</a>`,
    `<a href="vbscript:msgbox('vbscript')">VBScript link</a>`,
    '[Data link](data:text/html;base64,PHNjcmlwdD5hbGVydCgnZGF0YScpPC9zY3JpcHQ+)',
    `<a href="data:text/html,<script>alert('a-data')</script>">Data anchor</a>`,
    "![Image](javascript:alert('md-image'))",
    `![Broken" onerror="alert('md-image-attr')](x)`,
    `<iframe src="javascript:alert('iframe-src')"></iframe>`,
    `<iframe srcdoc="<script>parent.alert('iframe-srcdoc')</script>"></iframe>`,
    `<object data="javascript:alert('object')"></object>`,
    `<embed src="javascript:alert('embed')">`,
    `<form action="javascript:alert('form')"><button>Submit</button></form>`,
    `<base href="javascript:alert('base')//">`,
    `<meta http-equiv="refresh" content="0;url=javascript:alert('meta-refresh')">`,
    `<style>body{background:url("javascript:alert('style')")}</style>`,
    `<div style="background-image:url(javascript:alert('style-attr'))">Styled block</div>`,
  ].join('\n\n'),
  [
    'Hostile update with parser tricks.',
    `<math><mtext><table><mglyph><style><img src=x onerror="${run('mxss-math')}">`,
    `<noscript><p title="</noscript><img src=x onerror=alert('mxss-noscript')>"></p></noscript>`,
    `<form><math><mtext></form><form><mglyph><style></math><img src onerror="${run('mxss-form')}">`,
    `<svg><a xlink:href="javascript:alert('svg-link')"><text y="20">SVG link</text></a></svg>`,
    `<!--<img src=x onerror="${run('comment')}">-->`,
    `<template><img src=x onerror="${run('template')}"></template>`,
  ].join('\n\n'),
];
const hostileSubject = `<img src=x onerror="${run('subject')}"> Hostile subject`;

type Watch = { dialogs: string[] };

/** Every dialog is recorded and dismissed, so a payload that ran cannot hide behind a blocked page. */
function watchDialogs(page: Page): Watch {
  const watch: Watch = { dialogs: [] };
  page.on('dialog', (dialog) => {
    watch.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return watch;
}

/**
 * Nothing in `root` can run script: no script-capable elements (the interface's own Lucide icons are
 * the only SVG), no event-handler attributes, no link or source that is not http(s), mailto, a
 * fragment or a same-site path.
 */
function scriptRisks(root: Locator): Promise<string[]> {
  return root.evaluateAll((elements) => {
    const found: string[] = [];
    const safeUrl = /^(?:https?:|mailto:|#|\/(?!\/))/i;
    for (const scope of elements) {
      for (const element of [scope, ...scope.querySelectorAll('*')]) {
        const tag = element.tagName.toLowerCase();
        const isIcon = tag === 'svg' && element.classList.contains('lucide');
        if (
          !isIcon &&
          [
            'script',
            'iframe',
            'object',
            'embed',
            'svg',
            'math',
            'form',
            'input',
            'style',
            'base',
            'meta',
            'template',
          ].includes(tag)
        ) {
          found.push(`<${tag}>`);
        }
        for (const attribute of element.getAttributeNames()) {
          const value = element.getAttribute(attribute) ?? '';
          if (attribute.startsWith('on')) found.push(`${tag}[${attribute}]`);
          if (['href', 'src', 'xlink:href', 'action', 'formaction', 'data', 'srcdoc'].includes(attribute)) {
            if (!safeUrl.test(value.trim())) found.push(`${tag}[${attribute}="${value.slice(0, 40)}"]`);
          }
        }
      }
    }
    return found;
  });
}

async function expectInert(root: Locator) {
  expect(await scriptRisks(root)).toEqual([]);
}

async function expectNothingRan(page: Page, watch: Watch) {
  expect(watch.dialogs).toEqual([]);
  expect(await page.evaluate(() => window.__attestXss ?? [])).toEqual([]);
}

/**
 * CSP (script-src 'self') would block inline handlers on its own; the page's CSP is bypassed here so
 * the test proves the Markdown sanitiser. The control shows an injected handler does run in it.
 */
async function contextWithoutCsp(width: number): Promise<BrowserContext> {
  return journey.browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
}

async function expectHandlersWouldRun(page: Page, watch: Watch) {
  await page.evaluate(() => {
    const image = document.createElement('img');
    image.setAttribute('onerror', "(window.__attestXss=window.__attestXss||[]).push('control')");
    image.src = 'data:,not-an-image';
    document.body.append(image);
  });
  await expect.poll(() => page.evaluate(() => window.__attestXss ?? [])).toEqual(['control']);
  await page.evaluate(() => {
    delete window.__attestXss;
  });
  expect(watch.dialogs).toEqual([]);
}

/** The DOM check itself finds a leak: markup that would run, inserted without running. */
async function expectInertNoticesLeaks(page: Page) {
  await page.evaluate(() => {
    const probe = document.createElement('div');
    probe.dataset.testid = 'inert-probe';
    probe.innerHTML = '<a href="javascript:void 0" onmouseover="void 0">Probe</a>';
    document.body.append(probe);
  });
  expect(await scriptRisks(page.getByTestId('inert-probe'))).toEqual([
    'a[href="javascript:void 0"]',
    'a[onmouseover]',
  ]);
  await page.evaluate(() => document.querySelector('[data-testid="inert-probe"]')?.remove());
}

describe('hostile Markdown in trust updates', () => {
  it('never runs script on the updates card, the highlighted topic, the notification bar, the console or the preview', {
    timeout: 300_000,
  }, async () => {
    const staffContext = await contextWithoutCsp(1280);
    const staff = await staffContext.newPage();
    const staffWatch = watchDialogs(staff);
    await signInAsStaff(staff, journey.baseUrl);
    const { csrfToken } = (await (await staff.request.get(`${journey.baseUrl}/api/auth/session`)).json()) as {
      csrfToken: string;
    };
    const publish = async (url: string, body: Record<string, unknown>) => {
      const response = await staff.request.post(`${journey.baseUrl}${url}`, {
        headers: { 'x-csrf-token': csrfToken },
        data: { channels: { statusPage: true, statusPageAudience: 'public' }, ...body },
      });
      expect(response.status(), await response.text()).toBe(201);
      return (await response.json()) as { id: string };
    };
    const framed = await publish('/api/updates/topics', {
      subject: 'Hostile frames and links',
      category: 'vulnerabilities',
      message: hostileMessages[1],
    });
    const tricks = await publish('/api/updates/topics', {
      subject: 'Hostile parser tricks',
      category: 'general',
      message: hostileMessages[2],
    });
    // A thread: the earlier update folds out under the newest one.
    await publish(`/api/updates/topics/${tricks.id}/updates`, { message: hostileMessages[0] });
    // The newest topic, so the notification bar carries its subject.
    const newest = await publish('/api/updates/topics', {
      subject: hostileSubject,
      category: 'incidents',
      message: hostileMessages[0],
    });

    for (const width of [1280, 390]) {
      const context = await contextWithoutCsp(width);
      const page = await context.newPage();
      const watch = watchDialogs(page);
      await page.goto(`${journey.baseUrl}/acme`);
      await page.getByRole('button', { name: "Let's Go" }).click();
      await expectHandlersWouldRun(page, watch);
      if (width === 1280) await expectInertNoticesLeaks(page);

      const card = page.getByTestId('updates-card');
      const topics = card.getByTestId('trust-update');
      await topics.filter({ hasText: 'Hostile frames and links' }).waitFor();
      const threaded = topics.filter({ hasText: 'Hostile parser tricks' });
      await threaded.getByRole('button', { name: /earlier update/i }).click();
      await threaded.getByText('Hostile update with script and handlers.').waitFor();
      // The subject is text, shown as typed; the message keeps its harmless parts.
      await card.getByRole('heading', { name: hostileSubject }).waitFor();
      const safeLink = card.getByRole('link', { name: 'Safe link' }).first();
      expect(await safeLink.getAttribute('href')).toBe('https://acme.example/safe');
      expect(await safeLink.getAttribute('rel')).toContain('noopener');
      expect(await card.getByText('<script>alert("shown as code")</script>').count()).toBeGreaterThan(0);
      await safeLink.hover();
      await expectInert(card);
      await topics.first().scrollIntoViewIfNeeded();
      await settle(page);
      await page.screenshot({ path: path.join(screenshots, `updates-hostile-card-${width}.png`) });

      // The notification bar shows the hostile subject as text and leads to the highlighted topic.
      const bar = page.getByTestId('updates-notification-bar');
      await bar.waitFor();
      if (width >= 768) expect(await bar.textContent()).toContain(hostileSubject);
      await expectInert(bar);
      await bar.getByRole('link').click();
      await page.waitForURL(/tcuUid=/);
      await card.locator('[data-highlighted="true"]').waitFor();
      await expectInert(card);

      // The topic's own link (tcuUid) opened fresh.
      await page.goto(`${journey.baseUrl}/acme?tcuUid=${framed.id}`);
      const highlighted = card.locator('[data-highlighted="true"]');
      await highlighted.waitFor();
      expect(await highlighted.textContent()).toContain('Hostile frames and links');
      await expectInert(highlighted);
      await settle(page);
      await page.screenshot({ path: path.join(screenshots, `updates-hostile-highlight-${width}.png`) });
      for (const link of await highlighted.getByRole('link').all()) {
        expect(await link.getAttribute('href')).toMatch(/^(?:https?:|mailto:|#|\/(?!\/))/);
      }
      await expectNothingRan(page, watch);
      await context.close();
    }

    // Staff see the same messages in the console, and the publish dialog's preview renders a draft.
    await staff.goto(`${journey.baseUrl}/console/updates`);
    await staff.getByRole('article', { name: hostileSubject }).waitFor();
    await expectHandlersWouldRun(staff, staffWatch);
    const consoleTopics = staff.getByTestId('staff-topic');
    await expectInert(consoleTopics);
    await staff.getByTestId('console-publish-update').click();
    const dialog = staff.getByRole('dialog', { name: 'Publish update' });
    await dialog.getByLabel('Message', { exact: true }).fill(hostileMessages.join('\n\n'));
    await dialog.getByRole('radio', { name: 'Preview' }).click();
    const preview = dialog.getByTestId('message-preview');
    await preview.getByText('Hostile update with parser tricks.').waitFor();
    await expectInert(preview);
    await settle(staff);
    await staff.screenshot({ path: path.join(screenshots, 'updates-hostile-preview-1280.png') });
    await expectNothingRan(staff, staffWatch);
    expect(newest.id).toBeTruthy();
    await staffContext.close();
  });
});
