import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { findOrganisationBySlug } from '../src/server/core/organisations';
import { openPglite, openPostgres } from '../src/server/db/client';
import { accountMembers } from '../src/server/db/schema';
import { getPortalView } from '../src/server/modules/portal/get-portal-view';
import { sessionCookieName } from '../src/server/plugins/sessions';
import { buildViewer } from '../src/server/policy/viewer';
import { createProviders } from '../src/server/providers/create-providers';
import { seedDemoOrganisation } from '../src/server/seed/demo';
import { createTestSession } from '../src/server/test/sessions';

/**
 * The server under benchmark: the real app on a seeded demo organisation, a signed-in member's session
 * (printed on the ready line), and the view with the cache bypassed, a route that exists only in this
 * process, never in the app.
 */
const port = Number(process.env.BENCH_PORT ?? 3900);
const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'attest-bench-'));
// BENCH_NODE_ENV: 'production' as `NODE_ENV=production npm start` runs, '' as a plain `npm start` does.
const nodeEnv = process.env.BENCH_NODE_ENV ?? 'production';
const config = loadConfig({
  ...(nodeEnv ? { NODE_ENV: nodeEnv } : {}),
  SMTP_URL: 'smtp://127.0.0.1:9',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
  DATA_DIR: dataDir,
});
const database = databaseUrl ? await openPostgres({ url: databaseUrl }) : await openPglite({ dataDir });
const providers = await createProviders(config, database);
await seedDemoOrganisation(database.db, {
  adminPassword: 'bench-password-not-used',
  storage: providers.storage,
});
const app = await buildApp({ config, database, providers });
// The database path without the cache: what an anonymous request costs right after an edit.
const passThrough = <T>(_id: string, _revision: number, _key: string, load: () => Promise<T>) => load();
const noCache = { ...providers.cache, publicValue: passThrough, body: passThrough };
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
// A signed-in member of an approved account with a permission profile and the NDA accepted (demo seed).
const [member] = await database.db
  .select({ id: accountMembers.id, organisationId: accountMembers.organisationId })
  .from(accountMembers)
  .where(eq(accountMembers.email, 'hank.scorpio@globex.example'))
  .limit(1);
const session = await createTestSession(database.db, {
  organisationId: member!.organisationId,
  accountMemberId: member!.id,
});
// The production cookie name (__Host-), as the app configured for production reads it.
const memberCookie = `${sessionCookieName('member', config.isProduction)}=${session.token}`;

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
await app.listen({ port, host: '127.0.0.1' });
process.stdout.write(`ready ${JSON.stringify({ memberCookie })}\n`);

const stop = async () => {
  // A browser's kept-alive connection can hold app.close() open: the bench then left this server on
  // its port and the next run waited on it. Past 5 s it exits anyway.
  setTimeout(() => process.exit(1), 5000).unref();
  await app.close();
  await providers.cache.close();
  await database.close();
  await fs.rm(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
