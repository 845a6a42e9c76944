// Renders every mail the product sends (src/server/test/mail-gallery.ts) and screenshots each at 600 and
// 360 px wide into e2e/screenshots/mails/ (not in git), to look at them. Usage: npx tsx scripts/screenshot-mails.ts
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import { chromium } from 'playwright-core';
import { chromiumFlags as chromiumArgs } from '../e2e/support/chromium-flags';
import { demoLogoSvg } from '../src/server/seed/demo-logo';
import { galleryOrganisation, renderMailGallery } from '../src/server/test/mail-gallery';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = path.join(root, 'e2e', 'screenshots', 'mails');
const accent = process.argv[2] ?? '#4338ca';
const logoPng = new Resvg(demoLogoSvg(accent), { fitTo: { mode: 'height', value: 80 } }).render().asPng();

await fs.mkdir(outdir, { recursive: true });
const gallery = await renderMailGallery(
  galleryOrganisation({ customisation: { portalTitle: 'Trust Center', accentColor: accent } }),
);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: chromiumArgs,
});
try {
  for (const width of [600, 390, 360]) {
    const page = await browser.newPage({ viewport: { width, height: 800 } });
    // The logo is the one fetch a mail makes; answered here, everything else is refused.
    await page.route('**/*', (route) =>
      route.request().url().includes('/mail-logo.png')
        ? route.fulfill({ contentType: 'image/png', body: logoPng })
        : route.abort(),
    );
    for (const entry of gallery) {
      await fs.writeFile(path.join(outdir, `${entry.name}.html`), entry.mail.html);
      await page.setContent(entry.mail.html, { waitUntil: 'load' });
      await page.screenshot({ path: path.join(outdir, `${entry.name}-${width}.png`), fullPage: true });
    }
    await page.close();
  }
} finally {
  await browser.close();
}
console.log(`${gallery.length} mails, 2 widths each, in ${path.relative(root, outdir)}`);
