import type { Readable } from 'node:stream';
import { GetObjectCommand, NoSuchKey, S3Client } from '@aws-sdk/client-s3';
import { S3Driver } from 'flydrive/drivers/s3';
import type { S3Config } from '../../config';
import { assertStorageKey, type ByteRange, type FileStorage, StoredObjectMissingError } from './types';

function isMissing(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return error instanceof NoSuchKey || name === 'NoSuchKey' || name === 'NotFound';
}

/** An S3-compatible bucket through flydrive; byte ranges go to the client directly (flydrive has none). */
export function createS3Storage(config: S3Config): FileStorage {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    // Many S3-compatible servers do not accept the SDK's default streaming checksums (aws-chunked).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
  });
  const driver = new S3Driver({ client, bucket: config.bucket, visibility: 'private', supportsACL: false });
  return {
    kind: 's3',
    async put(key, body, options) {
      assertStorageKey(key);
      await driver.putStream(key, body, {
        contentType: options.contentType,
        contentLength: options.contentLength,
      });
    },
    async get(key: string, range?: ByteRange): Promise<Readable> {
      assertStorageKey(key);
      try {
        const result = await client.send(
          new GetObjectCommand({
            Bucket: config.bucket,
            Key: key,
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        return result.Body as Readable;
      } catch (error) {
        if (isMissing(error)) throw new StoredObjectMissingError(key);
        throw error;
      }
    },
    async delete(key) {
      assertStorageKey(key);
      await driver.delete(key);
    },
    async exists(key) {
      assertStorageKey(key);
      return driver.exists(key);
    },
    async close() {
      client.destroy();
    },
  };
}
