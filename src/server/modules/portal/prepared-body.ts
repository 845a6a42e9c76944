import { createHash } from 'node:crypto';
import { brotliCompressSync, crc32, deflateRawSync, gzipSync, constants as zlibConstants } from 'node:zlib';

export type ContentEncoding = 'br' | 'gzip' | 'identity';

/** One answer's bytes in every encoding, compressed once, with a strong validator of its content. */
export type PreparedBody = {
  contentType: string;
  /** Opaque tag of the decoded content; each encoding's ETag adds its own suffix (RFC 9110 §8.8.3). */
  contentTag: string;
  encodings: Record<ContentEncoding, Buffer>;
  byteLength: number;
};

/** Compressed once per cached answer, so a higher quality than per-request compression pays for itself. */
const brotliQuality = 6;
const gzipLevel = 6;

export function prepareBody(contentType: string, text: string): PreparedBody {
  const identity = Buffer.from(text, 'utf8');
  const br = brotliCompressSync(identity, {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: brotliQuality,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
    },
  });
  const gzip = gzipSync(identity, { level: gzipLevel });
  return {
    contentType,
    contentTag: createHash('sha256').update(identity).digest('base64url').slice(0, 32),
    encodings: { br, gzip, identity },
    byteLength: identity.length + br.length + gzip.length,
  };
}

/**
 * A shared answer with one per-person part in the middle (a signed-in member's own summary): the two
 * shared parts are kept as raw deflate segments that end on a full flush, so a gzip body for one person
 * is the shared segments around their small part, with a CRC over the whole, and no recompression.
 */
export type SplicedBody = {
  contentType: string;
  prefix: Buffer;
  suffix: Buffer;
  deflatedPrefix: Buffer;
  deflatedSuffix: Buffer;
  prefixCrc: number;
  byteLength: number;
};

export function prepareSplicedBody(contentType: string, text: string, placeholder: string): SplicedBody {
  const at = text.indexOf(placeholder);
  if (at < 0 || text.indexOf(placeholder, at + placeholder.length) >= 0) {
    throw new Error('a spliced body needs its placeholder exactly once');
  }
  const prefix = Buffer.from(text.slice(0, at), 'utf8');
  const suffix = Buffer.from(text.slice(at + placeholder.length), 'utf8');
  const deflatedPrefix = deflateRawSync(prefix, {
    level: gzipLevel,
    finishFlush: zlibConstants.Z_FULL_FLUSH,
  });
  const deflatedSuffix = deflateRawSync(suffix, { level: gzipLevel });
  return {
    contentType,
    prefix,
    suffix,
    deflatedPrefix,
    deflatedSuffix,
    prefixCrc: crc32(prefix),
    byteLength: prefix.length + suffix.length + deflatedPrefix.length + deflatedSuffix.length,
  };
}

const gzipHeader = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);

/** The body with `part` in the placeholder's place, in the chosen encoding. */
export function spliceBody(body: SplicedBody, part: string, encoding: ContentEncoding): Buffer {
  const middle = Buffer.from(part, 'utf8');
  if (encoding === 'identity') return Buffer.concat([body.prefix, middle, body.suffix]);
  if (encoding === 'br') {
    // Brotli streams cannot be joined: the per-person answer is compressed whole (gzip is preferred).
    return brotliCompressSync(Buffer.concat([body.prefix, middle, body.suffix]), {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 },
    });
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(body.suffix, crc32(middle, body.prefixCrc)), 0);
  trailer.writeUInt32LE((body.prefix.length + middle.length + body.suffix.length) % 2 ** 32, 4);
  return Buffer.concat([
    gzipHeader,
    body.deflatedPrefix,
    ...storedBlocks(middle),
    body.deflatedSuffix,
    trailer,
  ]);
}

/** Longest stored deflate block (RFC 1951 §3.2.4: LEN is 16 bits). */
const maxStoredBlock = 0xffff;

/**
 * `data` as non-final stored (uncompressed) deflate blocks: a person's part is a few hundred bytes, so
 * copying it costs less than starting a compressor per request. The prefix ends on a full flush, so
 * the stream is byte-aligned here, as a stored block needs.
 */
function storedBlocks(data: Buffer): Buffer[] {
  const blocks: Buffer[] = [];
  for (let start = 0; start === 0 || start < data.length; start += maxStoredBlock) {
    const chunk = data.subarray(start, start + maxStoredBlock);
    const header = Buffer.alloc(5);
    header.writeUInt8(0, 0);
    header.writeUInt16LE(chunk.length, 1);
    header.writeUInt16LE(~chunk.length & 0xffff, 3);
    blocks.push(header, chunk);
  }
  return blocks;
}
