import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openPglite, openPostgres } from '../src/server/db/client';
import { seedDemoOrganisation } from '../src/server/db/seed/demo';
import { getPortalView } from '../src/server/modules/portal/get-portal-view';
import { findOrganisationBySlug } from '../src/server/modules/portal/queries';
import { buildViewer } from '../src/server/policy/viewer';
import { createProviders } from '../src/server/providers/create-providers';

/**
 * The server under benchmark: the real app on a seeded demo organisation, plus one baseline route
 * that returns the same view payload from memory. It exists only in this process, never in the app.
 */
const port = Number(process.env.BENCH_PORT ?? 3900);
const databaseUrl = process.env.BENCH_DATABASE_URL;
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'attest-bench-'));
const config = loadConfig({
  NODE_ENV: 'production',
  SMTP_URL: 'smtp://127.0.0.1:9',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
});
const database = databaseUrl ? await openPostgres({ url: databaseUrl }) : await openPglite({ dataDir });
const providers = await createProviders(config, database);
await seedDemoOrganisation(database.db, {
  adminPassword: 'bench-password-not-used',
  storage: providers.storage,
});
const app = await buildApp({ config, database, providers });
const viewPath = '/api/statuspage/share/acme/view';
let payload = '';
// The database path without the cache: what an anonymous request costs right after an edit.
const noCache = {
  ...providers.cache,
  publicValue: <T>(_id: string, _revision: number, _key: string, load: () => Promise<T>) => load(),
};
app.get('/__bench/uncached-view', async () => {
  const organisation = await findOrganisationBySlug(database.db, 'acme');
  const viewer = buildViewer({
    organisation: organisation!,
    session: null,
    staff: null,
    member: null,
    previewRequest: { accountId: null, permissionProfileId: null, asPublic: false },
    now: new Date(),
  });
  return getPortalView({
    ctx: { db: database.db, viewer, providers: { ...providers, cache: noCache }, config },
    input: {},
  });
});
app.get('/__bench/static-view', async (_request, reply) =>
  reply.type('application/json; charset=utf-8').send(payload),
);
// The first-visit baseline: the portal's own HTML with every script, preload and page-data block taken out.
app.get('/__bench/no-script/acme', async (_request, reply) => {
  const page = await app.inject({ url: '/acme' });
  const html = page.body
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link rel="modulepreload"[^>]*>/g, '');
  return reply
    .type('text/html; charset=utf-8')
    .header('content-security-policy', String(page.headers['content-security-policy'] ?? ''))
    .send(html);
});
payload = (await app.inject({ url: viewPath })).body;
await app.listen({ port, host: '127.0.0.1' });
process.stdout.write(`ready ${payload.length}\n`);

const stop = async () => {
  await app.close();
  await providers.cache.close();
  await database.close();
  await fs.rm(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
