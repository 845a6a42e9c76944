import path from 'node:path';
import type { Config } from '../../config';
import { createDiskStorage } from './disk-storage';
import { createS3Storage } from './s3-storage';
import type { FileStorage } from './types';

export type { ByteRange, FileStorage } from './types';
export { newStorageKey, StoredObjectMissingError } from './types';

/** S3 when S3_BUCKET is set, otherwise disk under DATA_DIR/files. Needs no database, so the seed can use it. */
export function createStorage(config: Pick<Config, 'dataDir' | 's3'>): FileStorage {
  return config.s3
    ? createS3Storage(config.s3)
    : createDiskStorage({ root: path.join(config.dataDir, 'files') });
}
