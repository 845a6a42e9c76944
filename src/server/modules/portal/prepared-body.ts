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
 * A shared answer with per-person parts between shared segments (a signed-in member's own summary,
 * their name in the page header). The shared segments are kept as raw deflate that ends on a full
 * flush, so a gzip body for one person is the ready segments around their small parts, with a CRC
 * over the whole, and no recompression.
 */
export type SplicedBody = {
  contentType: string;
  /** One more than the parts: the text before the first placeholder, between them, after the last. */
  segments: Buffer[];
  deflatedSegments: Buffer[];
  firstSegmentCrc: number;
  byteLength: number;
};

/**
 * `placeholders` must each occur exactly once in `text`, in this order; `spliceBody` takes the parts
 * in the same order.
 */
export function prepareSplicedBody(
  contentType: string,
  text: string,
  placeholders: readonly string[],
): SplicedBody {
  const segments: Buffer[] = [];
  let from = 0;
  for (const placeholder of placeholders) {
    const at = text.indexOf(placeholder);
    if (at < from || text.indexOf(placeholder, at + 1) >= 0) {
      throw new Error('a spliced body needs each placeholder exactly once, in order');
    }
    segments.push(Buffer.from(text.slice(from, at), 'utf8'));
    from = at + placeholder.length;
  }
  segments.push(Buffer.from(text.slice(from), 'utf8'));
  const last = segments.length - 1;
  const deflatedSegments = segments.map((segment, index) =>
    deflateRawSync(segment, {
      level: gzipLevel,
      ...(index < last ? { finishFlush: zlibConstants.Z_FULL_FLUSH } : {}),
    }),
  );
  const sum = (buffers: Buffer[]) => buffers.reduce((total, buffer) => total + buffer.length, 0);
  return {
    contentType,
    segments,
    deflatedSegments,
    firstSegmentCrc: crc32(segments[0]!),
    byteLength: sum(segments) + sum(deflatedSegments),
  };
}

const gzipHeader = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);

/** Node's crc32 answers 0 for `Buffer.from('')` (no backing store) whatever the running value was. */
const continueCrc = (data: Buffer, crc: number) => (data.length === 0 ? crc : crc32(data, crc));

/** The body with each part in its placeholder's place, in the chosen encoding. */
export function spliceBody(body: SplicedBody, parts: readonly string[], encoding: ContentEncoding): Buffer {
  if (parts.length !== body.segments.length - 1) throw new Error('one part per placeholder');
  const middles = parts.map((part) => Buffer.from(part, 'utf8'));
  const whole = () =>
    body.segments.flatMap((segment, index) => (index ? [middles[index - 1]!, segment] : [segment]));
  if (encoding === 'identity') return Buffer.concat(whole());
  if (encoding === 'br') {
    // Brotli streams cannot be joined: the per-person answer is compressed whole (gzip is preferred).
    return brotliCompressSync(Buffer.concat(whole()), {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 },
    });
  }
  let crc = body.firstSegmentCrc;
  let length = body.segments[0]!.length;
  const deflated: Buffer[] = [gzipHeader, body.deflatedSegments[0]!];
  middles.forEach((middle, index) => {
    const segment = body.segments[index + 1]!;
    crc = continueCrc(segment, continueCrc(middle, crc));
    length += middle.length + segment.length;
    deflated.push(...storedBlocks(middle), body.deflatedSegments[index + 1]!);
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  return Buffer.concat([...deflated, trailer]);
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
