import { chromium } from 'playwright-core';
import { chromiumFlags } from '../e2e/support/chromium-flags';
const base = 'http://127.0.0.1:3999';
const [, , ...targets] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumFlags });
for (const width of [390, 1280]) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${base}/console`);
  await page.getByLabel('E-mail address').fill('admin@acme.example');
  await page.getByLabel('Password').fill('e2e-demo-password-123');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Overview' }).waitFor();
  for (const target of targets) {
    const name = target.slice(0, target.indexOf('='));
    const path = target.slice(target.indexOf('=') + 1);
    await page.goto(`${base}${path}`);
    await page.waitForTimeout(2500);
    const widths = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, body: document.body.scrollWidth }));
    console.log(name, width, JSON.stringify(widths));
    await page.screenshot({ path: `/tmp/shot-${name}-${width}.png`, fullPage: false });
  }
  await context.close();
}
await browser.close();
