import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { type DatabaseHandle, openPostgres } from '../../db/client';
import type { Providers } from '../../providers';
import { createProviders } from '../../providers/create-providers';
import { createOrganisation } from '../../test/factories';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy';
import { createPostgresDatabase } from '../../test/test-database';

/**
 * A real PostgreSQL outage, made by cutting a TCP proxy between the app and the shared server (which
 * keeps running for everyone else): anonymous portal pages the node has served stay up, marked stale.
 */
let created: { url: string; drop: () => Promise<void> };
let proxy: TcpProxy;
let database: DatabaseHandle;
let dataDir: string;
const nodes: Array<{ app: FastifyInstance; providers: Providers }> = [];

async function startNode(staleSeconds: string) {
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://attest.test',
    DATA_DIR: dataDir,
    STALE_VIEW_MAX_AGE_SECONDS: staleSeconds,
  });
  const providers = await createProviders(config, database);
  const app = await buildApp({ config, database, providers });
  nodes.push({ app, providers });
  return app;
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'attest-stale-'));
  created = await createPostgresDatabase();
  proxy = await startTcpProxy(Number(new URL(created.url).port || 5432));
  const proxied = new URL(created.url);
  proxied.port = String(proxy.port);
  database = await openPostgres({ url: proxied.toString(), poolSize: 4 });
});
afterAll(async () => {
  await proxy.restore();
  for (const node of nodes) {
    await node.app.close();
    await node.providers.jobs.stop();
    await node.providers.cache.close();
  }
  await database.close();
  await proxy.close();
  await created.drop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('anonymous pages during a database outage', () => {
  it('serve the last good HTML and JSON view, marked stale, for a bounded time', async () => {
    const node = await startNode('600');
    const unboundedNever = await startNode('0');
    const { organisation } = await createOrganisation(database.db);
    const pageUrl = `/${organisation.slug}`;
    const viewUrl = `/api/statuspage/share/${organisation.slug}/view`;
    const page = await node.inject({ url: pageUrl });
    const view = await node.inject({ url: viewUrl });
    expect(page.statusCode).toBe(200);
    expect(view.statusCode).toBe(200);
    expect(view.headers['x-attest-stale']).toBeUndefined();
    expect((await unboundedNever.inject({ url: viewUrl })).statusCode).toBe(200);

    await proxy.cut();
    try {
      const stalePage = await node.inject({ url: pageUrl });
      expect(stalePage.statusCode).toBe(200);
      expect(stalePage.headers['x-attest-stale']).toBe('1');
      expect(stalePage.headers.warning).toBe('110 - "Response is Stale"');
      expect(stalePage.headers['cache-control']).toBe('no-store');
      expect(stalePage.body).toContain(organisation.name);
      const staleView = await node.inject({ url: viewUrl });
      expect(staleView.statusCode).toBe(200);
      expect(staleView.headers['x-attest-stale']).toBe('1');
      expect(staleView.json()).toEqual(view.json());

      // Not for a node configured to serve nothing stale, a visitor with a session, or a page never served.
      const refused = await unboundedNever.inject({ url: viewUrl });
      expect(refused.statusCode).toBe(500);
      expect(refused.json().error.requestId).toBe(refused.headers['x-request-id']);
      const withSession = await node.inject({ url: viewUrl, cookies: { attest_session: 'a-session' } });
      expect(withSession.statusCode).toBe(500);
      expect((await node.inject({ url: '/api/statuspage/share/never-seen/view' })).statusCode).toBe(500);
    } finally {
      await proxy.restore();
    }
    const fresh = await node.inject({ url: viewUrl });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers['x-attest-stale']).toBeUndefined();
  }, 240_000);
});
