import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { demoSlug, generateDemoPassword, seedDemoOrganisation } from '../src/server/seed/demo';
import { createTestApp } from '../src/server/test/test-app';
import { ensureWebBuild } from './ensure-web-build';

/**
 * First-load JS of the demo portal: builds when needed, renders /acme on a fresh in-memory database,
 * and adds up the gzip size of every script the HTML loads at once (entry + modulepreload), then of the
 * hydration the entry imports after the first paint (its chunks per the client manifest).
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
  const response = await t.app.inject({ url: `/${demoSlug}` });
  if (response.statusCode !== 200) throw new Error(`/${demoSlug} answered ${response.statusCode}`);
  const html = response.body;
  const scripts = [
    ...[...html.matchAll(/<script type="module" src="([^"]+)"/g)].map((match) => match[1]!),
    ...[...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((match) => match[1]!),
  ];
  const styles = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((match) => match[1]!);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
  let total = 0;
  for (const url of scripts) {
    const size = await gzipBytes(url);
    total += size.gzip;
    console.log(`  ${url.padEnd(40)} ${kb(size.raw).padStart(10)} raw ${kb(size.gzip).padStart(10)} gzip`);
  }
  let css = 0;
  for (const url of styles) css += (await gzipBytes(url)).gzip;
  console.log(`first-paint JS of /${demoSlug}: ${scripts.length} files, ${total} bytes gzip (${kb(total)})`);
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
  for (const key of manifest['src/web/entry-portal.tsx']?.dynamicImports ?? []) visit(key);
  let hydrationTotal = 0;
  for (const url of hydration) {
    if (scripts.includes(url)) continue;
    const size = await gzipBytes(url);
    hydrationTotal += size.gzip;
    console.log(
      `  ${url.padEnd(40)} ${kb(size.raw).padStart(10)} raw ${kb(size.gzip).padStart(10)} gzip (hydration)`,
    );
  }
  console.log(
    `JS until hydration of /${demoSlug}: ${total + hydrationTotal} bytes gzip (${kb(total + hydrationTotal)})`,
  );
  console.log(`first-load CSS of /${demoSlug}: ${styles.length} files, ${css} bytes gzip (${kb(css)})`);
} finally {
  await t.close();
}
