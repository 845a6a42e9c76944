import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsPromises from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export class UploadTooLargeError extends Error {}

export type ReceivedUpload = { filePath: string; size: number; sha256: string };

/**
 * Streams a request body to a temporary file, counting and hashing; past maxBytes it stops with
 * UploadTooLargeError and leaves the request unread, so the client still gets the 413. `use` gets
 * the file; the temporary directory is removed afterwards whatever happens.
 */
export async function withReceivedUpload<T>(
  body: Readable,
  maxBytes: number,
  use: (upload: ReceivedUpload) => Promise<T>,
): Promise<T> {
  const directory = await fsPromises.mkdtemp(path.join(os.tmpdir(), 'attest-upload-'));
  const filePath = path.join(directory, 'upload');
  try {
    const hash = createHash('sha256');
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        if (size > maxBytes) return callback(new UploadTooLargeError());
        hash.update(chunk);
        callback(null, chunk);
      },
    });
    const sourceFailed = new Promise<never>((_resolve, reject) => body.once('error', reject));
    sourceFailed.catch(() => {});
    body.pipe(counter);
    try {
      await Promise.race([pipeline(counter, fs.createWriteStream(filePath)), sourceFailed]);
    } catch (error) {
      body.unpipe(counter);
      throw error;
    }
    return await use({ filePath, size, sha256: hash.digest('hex') });
  } finally {
    await fsPromises.rm(directory, { recursive: true, force: true });
  }
}
