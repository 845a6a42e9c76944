import path from 'node:path';
import type { Config } from '../../config';
import { createDiskStorage } from './disk-storage';
import type { FileStorage } from './types';

export type { ByteRange, FileStorage } from './types';
export { newStorageKey, StoredObjectMissingError } from './types';

/**
 * S3 when S3_BUCKET is set, otherwise disk under DATA_DIR/files. Needs no database, so the seed can use it.
 * The S3 client (~0.15 s to load) is imported only when a bucket is configured.
 */
export async function createStorage(config: Pick<Config, 'dataDir' | 's3'>): Promise<FileStorage> {
  if (!config.s3) return createDiskStorage({ root: path.join(config.dataDir, 'files') });
  const { createS3Storage } = await import('./s3-storage');
  return createS3Storage(config.s3);
}
