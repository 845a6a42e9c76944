import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganisation } from './test/factories';
import { createTestApp, type TestApp } from './test/test-app';

let t: TestApp;
let slug: string;
beforeAll(async () => {
  t = await createTestApp();
  const { organisation } = await createOrganisation(t.database.db, {
    customisation: { description: 'Security and compliance at a glance. '.repeat(5) },
  });
  slug = organisation.slug;
});
afterAll(async () => t.close());

describe('response compression', () => {
  it('sends the view JSON brotli-compressed to clients that accept it, identical once decoded', async () => {
    const plain = await t.app.inject({ url: `/api/statuspage/share/${slug}/view` });
    const compressed = await t.app.inject({
      url: `/api/statuspage/share/${slug}/view`,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    const decoded = brotliDecompressSync(compressed.rawPayload).toString('utf8');
    expect(JSON.parse(decoded)).toEqual(plain.json());
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length);
  });

  it('gzips the portal page HTML for gzip-only clients', async () => {
    const response = await t.app.inject({ url: `/${slug}`, headers: { 'accept-encoding': 'gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString('utf8')).toContain('<!doctype html>');
  });

  it('leaves small answers alone', async () => {
    const response = await t.app.inject({ url: '/healthz', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.headers['content-encoding']).toBeUndefined();
  });
});
