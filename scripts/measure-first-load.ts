import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { demoSlug, generateDemoPassword, seedDemoOrganisation } from '../src/server/seed/demo';
import { createTestApp } from '../src/server/test/test-app';
import { locales } from '../src/shared/i18n/locales';
import { ensureWebBuild } from './ensure-web-build';

/**
 * First-load JS of the demo portal: builds when needed, renders /acme on a fresh in-memory database,
 * and adds up the gzip size of every script the HTML loads at once (entry + modulepreload), then of the
 * hydration the entry imports after the first paint (its chunks per the client manifest), for each
 * language (?lang=): the language's catalogue is a modulepreload of its own.
 * Usage: node --import tsx scripts/measure-first-load.ts (bench/first-visit.ts counts what a browser loads)
 */

const clientDirectory = fileURLToPath(new URL('../dist/client', import.meta.url));

async function gzipBytes(url: string): Promise<{ raw: number; gzip: number }> {
  const bytes = await readFile(path.join(clientDirectory, url));
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

await ensureWebBuild();
const t = await createTestApp();
try {
  await seedDemoOrganisation(t.database.db, {
    adminPassword: generateDemoPassword(),
    storage: t.providers.storage,
  });
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
  type ManifestChunk = { file: string; imports?: string[]; dynamicImports?: string[] };
  const manifest = JSON.parse(
    await readFile(path.join(clientDirectory, '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const hydration = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || hydration.has(`/${chunk.file}`)) return;
    hydration.add(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  // The hydration chunks, not the language catalogues the entry may import: the page preloads its own.
  for (const key of manifest['src/web/hydrate-portal.tsx'] ? ['src/web/hydrate-portal.tsx'] : []) visit(key);
  for (const key of manifest['src/web/entry-portal.tsx']?.dynamicImports ?? []) visit(key);

  /** One language's first load: what the HTML loads at once (its catalogue included), then hydration. */
  async function measure(locale: string, isVerbose: boolean) {
    const address = `/${demoSlug}?lang=${locale}`;
    const response = await t.app.inject({ url: address });
    if (response.statusCode !== 200) throw new Error(`${address} answered ${response.statusCode}`);
    const html = response.body;
    const scripts = [
      ...[...html.matchAll(/<script type="module" src="([^"]+)"/g)].map((match) => match[1]!),
      ...[...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((match) => match[1]!),
    ];
    const styles = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((match) => match[1]!);
    let total = 0;
    for (const url of scripts) {
      const size = await gzipBytes(url);
      total += size.gzip;
      if (isVerbose) {
        console.log(
          `  ${url.padEnd(40)} ${kb(size.raw).padStart(10)} raw ${kb(size.gzip).padStart(10)} gzip`,
        );
      }
    }
    let hydrationTotal = 0;
    for (const url of hydration) {
      if (scripts.includes(url)) continue;
      const size = await gzipBytes(url);
      hydrationTotal += size.gzip;
      if (isVerbose) {
        console.log(
          `  ${url.padEnd(40)} ${kb(size.raw).padStart(10)} raw ${kb(size.gzip).padStart(10)} gzip (hydration)`,
        );
      }
    }
    let css = 0;
    for (const url of styles) css += (await gzipBytes(url)).gzip;
    console.log(
      `${address}: scripts loaded at once ${scripts.length} files ${kb(total)} gzip; JS until hydration ${kb(total + hydrationTotal)}; CSS ${kb(css)}`,
    );
  }

  await measure('en', true);
  for (const locale of locales.filter((locale) => locale !== 'en')) await measure(locale, false);
} finally {
  await t.close();
}
