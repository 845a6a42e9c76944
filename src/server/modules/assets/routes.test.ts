// @postgres: bytea comes back as a Buffer from pg and a Uint8Array from PGlite
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assets, organisations, products } from '../../db/schema';
import { createOrganisation } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function insertAsset(organisationId: string, contentType: string, text: string) {
  const bytes = Buffer.from(text);
  const [asset] = await t.database.db
    .insert(assets)
    .values({ organisationId, contentType, bytes, sha256: createHash('sha256').update(bytes).digest('hex') })
    .returning();
  return asset!;
}

const svgWithScript =
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>';

describe('GET /api/share/:orgId/assets/:assetId', () => {
  it('serves an SVG with its type, nosniff and a policy under which it cannot run script', async () => {
    const { organisation } = await createOrganisation(t.database.db);
    const asset = await insertAsset(organisation.id, 'image/svg+xml', svgWithScript);
    const response = await t.app.inject({ url: `/api/share/${organisation.id}/assets/${asset.id}?v=1` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(response.body).toBe(svgWithScript);
  });

  it('caches for good only when ?v= is the current revision, and answers 304 to a matching ETag', async () => {
    const { organisation } = await createOrganisation(t.database.db);
    const asset = await insertAsset(organisation.id, 'image/png', 'png bytes');
    const base = `/api/share/${organisation.id}/assets/${asset.id}`;
    const current = await t.app.inject({ url: `${base}?v=${organisation.revision}` });
    expect(current.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of [`${base}?v=999`, base]) {
      expect((await t.app.inject({ url })).headers['cache-control']).toBe('public, max-age=300');
    }
    const revalidated = await t.app.inject({
      url: base,
      headers: { 'if-none-match': String(current.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it('caches a product banner for good at the product revision its URL carries', async () => {
    const { organisation, product } = await createOrganisation(t.database.db);
    const banner = await insertAsset(organisation.id, 'image/jpeg', 'jpeg bytes');
    await t.database.db.update(products).set({ bannerAssetId: banner.id, revision: 7 });
    await t.database.db.update(organisations).set({ revision: 3 });
    const response = await t.app.inject({ url: `/api/share/${organisation.id}/assets/${banner.id}?v=7` });
    expect(product.id).toBeDefined();
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('never serves another organisation’s asset, and never renders a non-image', async () => {
    const { organisation: owner } = await createOrganisation(t.database.db);
    const { organisation: other } = await createOrganisation(t.database.db);
    const asset = await insertAsset(owner.id, 'image/png', 'png bytes');
    const foreign = await t.app.inject({ url: `/api/share/${other.id}/assets/${asset.id}` });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('not_found');

    const page = await insertAsset(owner.id, 'text/html', '<script>alert(1)</script>');
    const download = await t.app.inject({ url: `/api/share/${owner.id}/assets/${page.id}` });
    expect(download.headers['content-type']).toBe('application/octet-stream');
    expect(download.headers['content-disposition']).toBe('attachment');
  });

  it('answers 404 for an unknown organisation and 400 for malformed ids', async () => {
    const unknown = await t.app.inject({
      url: '/api/share/00000000-0000-4000-8000-000000000000/assets/00000000-0000-4000-8000-000000000001',
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await t.app.inject({ url: '/api/share/nope/assets/nope' });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('GET /api/share/:orgId/og-image.png', () => {
  it('draws a PNG, caches it per revision, and caches briefly for an outdated ?v=', async () => {
    const { organisation } = await createOrganisation(t.database.db, { name: 'Vandelay Industries' });
    const logo = await insertAsset(
      organisation.id,
      'image/svg+xml',
      '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><circle cx="20" cy="20" r="20" fill="#0a0"/></svg>',
    );
    await t.database.db.update(organisations).set({ logoAssetId: logo.id });
    const url = `/api/share/${organisation.id}/og-image.png`;
    const first = await t.app.inject({ url: `${url}?v=${organisation.revision}` });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const again = await t.app.inject({ url: `${url}?v=0` });
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(again.headers['cache-control']).toBe('public, max-age=300');
  });
});

describe('GET /api/share/:orgId/mail-logo.png', () => {
  it('draws an SVG logo as a PNG 80 px high (mail clients show no SVG), and is 404 without a logo', async () => {
    const { organisation } = await createOrganisation(t.database.db, { name: 'Kramerica Industries' });
    const url = `/api/share/${organisation.id}/mail-logo.png`;
    const none = await t.app.inject({ url });
    expect(none.statusCode).toBe(404);
    expect(none.json().error.message).toBe('This organisation has no logo that mail can show.');

    const svg = await insertAsset(
      organisation.id,
      'image/svg+xml',
      '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="#a00"/></svg>',
    );
    await t.database.db
      .update(organisations)
      .set({ logoAssetId: svg.id, revision: organisation.revision + 1 })
      .where(eq(organisations.id, organisation.id));
    const drawn = await t.app.inject({ url: `${url}?v=${organisation.revision + 1}` });
    expect(drawn.statusCode).toBe(200);
    expect(drawn.headers['content-type']).toBe('image/png');
    expect(drawn.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // PNG signature, then the IHDR width and height: 160 x 80.
    expect(drawn.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect([drawn.rawPayload.readUInt32BE(16), drawn.rawPayload.readUInt32BE(20)]).toEqual([160, 80]);
  });
});
