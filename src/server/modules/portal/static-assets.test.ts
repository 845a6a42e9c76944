import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAssetsDirectory, loadWebBuild } from '../../render/web-build';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let script: string;
let original: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  script = (await loadWebBuild({ isWatching: false })).entries.portal.script;
  original = await readFile(path.join(clientAssetsDirectory, path.basename(script)));
});
afterAll(async () => t.close());

const immutable = 'public, max-age=31536000, immutable';

describe('built assets', () => {
  it('sends the brotli file written at build time, byte for byte, cached for a year', async () => {
    const response = await t.app.inject({ url: script, headers: { 'accept-encoding': 'gzip, br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe(immutable);
    expect(response.headers['content-type']).toMatch(/javascript/);
    // Identical to the file on disk: the request compressed nothing.
    const onDisk = await readFile(path.join(clientAssetsDirectory, `${path.basename(script)}.br`));
    expect(response.rawPayload.equals(onDisk)).toBe(true);
    expect(brotliDecompressSync(response.rawPayload).equals(original)).toBe(true);
  });

  it('sends the gzip file to gzip-only clients and the plain file to the others', async () => {
    const gzipped = await t.app.inject({ url: script, headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['cache-control']).toBe(immutable);
    const onDisk = await readFile(path.join(clientAssetsDirectory, `${path.basename(script)}.gz`));
    expect(gzipped.rawPayload.equals(onDisk)).toBe(true);
    expect(gunzipSync(gzipped.rawPayload).equals(original)).toBe(true);

    const plain = await t.app.inject({ url: script, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe(immutable);
    expect(plain.rawPayload.equals(original)).toBe(true);
  });
});
