import fs from 'node:fs';
import fsPromises from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertStorageKey, type ByteRange, type FileStorage, StoredObjectMissingError } from './types';

/** Files under `${dataDir}/files/{organisationId}/{uuid}`; a write lands under a temporary name first. */
export function createDiskStorage(options: { root: string }): FileStorage {
  const pathOf = (key: string) => {
    assertStorageKey(key);
    return path.join(options.root, key);
  };
  return {
    kind: 'disk',
    async put(key, body) {
      const target = pathOf(key);
      await fsPromises.mkdir(path.dirname(target), { recursive: true });
      const partial = `${target}.partial-${crypto.randomUUID()}`;
      try {
        await pipeline(body, fs.createWriteStream(partial, { flags: 'wx' }));
        await fsPromises.rename(partial, target);
      } catch (error) {
        await fsPromises.rm(partial, { force: true });
        throw error;
      }
    },
    async get(key: string, range?: ByteRange): Promise<Readable> {
      const handle = await fsPromises.open(pathOf(key), 'r').catch((error: NodeJS.ErrnoException) => {
        throw error.code === 'ENOENT' ? new StoredObjectMissingError(key) : error;
      });
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },
    async delete(key) {
      await fsPromises.rm(pathOf(key), { force: true });
    },
    async exists(key) {
      return fsPromises.access(pathOf(key)).then(
        () => true,
        () => false,
      );
    },
    async close() {},
  };
}
