import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createStorage, type FileStorage, newStorageKey, StoredObjectMissingError } from './index';

const organisationId = crypto.randomUUID();
const bytes = Buffer.from(Array.from({ length: 1000 }, (_, index) => index % 251));
const bucket = 'attest-documents';

let directory: string;
let s3rver: S3rver;
const storages: Record<'disk' | 's3', FileStorage> = {} as never;

beforeAll(async () => {
  directory = await fs.mkdtemp(path.join(os.tmpdir(), 'attest-storage-'));
  s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(directory, 's3rver'),
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await s3rver.run();
  storages.disk = await createStorage(loadConfig({ DATA_DIR: path.join(directory, 'data') }));
  storages.s3 = await createStorage(
    loadConfig({
      DATA_DIR: path.join(directory, 'unused'),
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    }),
  );
});

afterAll(async () => {
  await storages.disk?.close();
  await storages.s3?.close();
  await s3rver?.close();
  await fs.rm(directory, { recursive: true, force: true });
});

describe.each(['disk', 's3'] as const)('%s storage', (kind) => {
  it('is chosen by configuration', () => {
    expect(storages[kind].kind).toBe(kind);
  });

  it('stores a stream, reads it whole and by byte range, and deletes it', async () => {
    const storage = storages[kind];
    const key = newStorageKey(organisationId);
    expect(await storage.exists(key)).toBe(false);
    await storage.put(key, Readable.from([bytes.subarray(0, 300), bytes.subarray(300)]), {
      contentType: 'application/pdf',
      contentLength: bytes.length,
    });
    expect(await storage.exists(key)).toBe(true);
    expect(await buffer(await storage.get(key))).toEqual(bytes);
    expect(await buffer(await storage.get(key, { start: 10, end: 19 }))).toEqual(bytes.subarray(10, 20));
    expect(await buffer(await storage.get(key, { start: 990, end: 999 }))).toEqual(bytes.subarray(990));
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    await expect(storage.get(key)).rejects.toBeInstanceOf(StoredObjectMissingError);
  });

  it('refuses keys it did not generate, so no name becomes a path', async () => {
    const storage = storages[kind];
    await expect(storage.get('../../etc/passwd')).rejects.toThrow(/newStorageKey/);
    await expect(
      storage.put(`${organisationId}/../escape`, Readable.from([bytes]), {
        contentType: 'text/plain',
        contentLength: bytes.length,
      }),
    ).rejects.toThrow(/newStorageKey/);
  });
});

it('disk storage keeps files under DATA_DIR/files and leaves no partial file when the source fails', async () => {
  const storage = storages.disk;
  const key = newStorageKey(organisationId);
  const failing = new Readable({
    read() {
      this.push(bytes);
      this.destroy(new Error('client went away'));
    },
  });
  await expect(storage.put(key, failing, { contentType: 'text/plain', contentLength: 1 })).rejects.toThrow(
    'client went away',
  );
  const folder = path.join(directory, 'data', 'files', organisationId);
  expect(await fs.readdir(folder)).toEqual([]);
});
