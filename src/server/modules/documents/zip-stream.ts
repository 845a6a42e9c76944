import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';

/**
 * A streamed ZIP writer: entries are opened one at a time, their bytes pass through once (CRC with
 * the native zlib.crc32, deflated or stored) and sizes go in data descriptors, so memory stays flat
 * whatever the archive's size. ZIP64 records are written only when offsets pass 4 GiB.
 */

export type ZipEntry = {
  name: string;
  modifiedAt: Date;
  /** true for data that is already compressed (PDF, images, archives): stored, not deflated. */
  store: boolean;
  open: () => Promise<Readable>;
};

type CentralRecord = {
  name: Buffer;
  method: 0 | 8;
  dosTime: number;
  dosDate: number;
  crc: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
};

const uint32Max = 0xffffffff;
const utf8NameFlag = 0x0800;
const dataDescriptorFlag = 0x0008;
const versionMadeBy = (3 << 8) | 45; // Unix, spec 4.5 (ZIP64)
const versionNeeded = 20;
const versionNeededZip64 = 45;

function toMsDosDateTime(date: Date): { dosTime: number; dosDate: number } {
  const year = Math.max(1980, Math.min(2107, date.getFullYear()));
  return {
    dosTime: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    dosDate: ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

function localFileHeader(record: Pick<CentralRecord, 'name' | 'method' | 'dosTime' | 'dosDate'>): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(versionNeeded, 4);
  header.writeUInt16LE(utf8NameFlag | dataDescriptorFlag, 6);
  header.writeUInt16LE(record.method, 8);
  header.writeUInt16LE(record.dosTime, 10);
  header.writeUInt16LE(record.dosDate, 12);
  // CRC and sizes follow in the data descriptor (bit 3), so they stay zero here.
  header.writeUInt16LE(record.name.length, 26);
  header.writeUInt16LE(0, 28);
  return Buffer.concat([header, record.name]);
}

function dataDescriptor(crc: number, compressedSize: number, uncompressedSize: number): Buffer {
  if (compressedSize > uint32Max || uncompressedSize > uint32Max) {
    throw new Error('A single ZIP entry larger than 4 GiB is not supported');
  }
  const descriptor = Buffer.alloc(16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(crc >>> 0, 4);
  descriptor.writeUInt32LE(compressedSize, 8);
  descriptor.writeUInt32LE(uncompressedSize, 12);
  return descriptor;
}

/** The central directory and end records for the entries written so far, starting at `offset`. */
export function centralDirectory(records: CentralRecord[], offset: number): Buffer {
  const parts: Buffer[] = [];
  let size = 0;
  for (const record of records) {
    const needsZip64 = record.localHeaderOffset >= uint32Max;
    const extra = Buffer.alloc(needsZip64 ? 12 : 0);
    if (needsZip64) {
      extra.writeUInt16LE(0x0001, 0);
      extra.writeUInt16LE(8, 2);
      extra.writeBigUInt64LE(BigInt(record.localHeaderOffset), 4);
    }
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(versionMadeBy, 4);
    header.writeUInt16LE(needsZip64 ? versionNeededZip64 : versionNeeded, 6);
    header.writeUInt16LE(utf8NameFlag | dataDescriptorFlag, 8);
    header.writeUInt16LE(record.method, 10);
    header.writeUInt16LE(record.dosTime, 12);
    header.writeUInt16LE(record.dosDate, 14);
    header.writeUInt32LE(record.crc >>> 0, 16);
    header.writeUInt32LE(record.compressedSize, 20);
    header.writeUInt32LE(record.uncompressedSize, 24);
    header.writeUInt16LE(record.name.length, 28);
    header.writeUInt16LE(extra.length, 30);
    header.writeUInt32LE((0o100644 << 16) >>> 0, 38);
    header.writeUInt32LE(needsZip64 ? uint32Max : record.localHeaderOffset, 42);
    parts.push(header, record.name, extra);
    size += header.length + record.name.length + extra.length;
  }
  const needsZip64End = offset >= uint32Max || size >= uint32Max || records.length >= 0xffff;
  if (needsZip64End) {
    const zip64End = Buffer.alloc(56);
    zip64End.writeUInt32LE(0x06064b50, 0);
    zip64End.writeBigUInt64LE(44n, 4);
    zip64End.writeUInt16LE(versionMadeBy, 12);
    zip64End.writeUInt16LE(versionNeededZip64, 14);
    zip64End.writeBigUInt64LE(BigInt(records.length), 24);
    zip64End.writeBigUInt64LE(BigInt(records.length), 32);
    zip64End.writeBigUInt64LE(BigInt(size), 40);
    zip64End.writeBigUInt64LE(BigInt(offset), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(offset + size), 8);
    locator.writeUInt32LE(1, 16);
    parts.push(zip64End, locator);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(records.length, 0xffff), 8);
  end.writeUInt16LE(Math.min(records.length, 0xffff), 10);
  end.writeUInt32LE(Math.min(size, uint32Max), 12);
  end.writeUInt32LE(Math.min(offset, uint32Max), 16);
  parts.push(end);
  return Buffer.concat(parts);
}

async function* zipChunks(entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>): AsyncGenerator<Buffer> {
  const records: CentralRecord[] = [];
  let offset = 0;
  for await (const entry of entries) {
    const record = {
      name: Buffer.from(entry.name, 'utf8'),
      method: entry.store ? 0 : 8,
      ...toMsDosDateTime(entry.modifiedAt),
    } as const;
    const localHeaderOffset = offset;
    const header = localFileHeader(record);
    offset += header.length;
    yield header;

    let crc = 0;
    let uncompressedSize = 0;
    let compressedSize = 0;
    const source = await entry.open();
    try {
      if (entry.store) {
        for await (const chunk of source as AsyncIterable<Buffer>) {
          crc = zlib.crc32(chunk, crc);
          uncompressedSize += chunk.length;
          compressedSize += chunk.length;
          yield chunk;
        }
      } else {
        const measure = new Transform({
          transform(chunk: Buffer, _encoding, callback) {
            crc = zlib.crc32(chunk, crc);
            uncompressedSize += chunk.length;
            callback(null, chunk);
          },
        });
        const deflate = zlib.createDeflateRaw();
        const piping = pipeline(source, measure, deflate);
        // The pipeline's own rejection surfaces through the iteration below; avoid an unhandled one.
        piping.catch(() => {});
        for await (const chunk of deflate as AsyncIterable<Buffer>) {
          compressedSize += chunk.length;
          yield chunk;
        }
        await piping;
      }
    } finally {
      // Reached on success, on a failed source and when the reader goes away (generator.return()).
      source.destroy();
    }
    const descriptor = dataDescriptor(crc, compressedSize, uncompressedSize);
    offset += compressedSize + descriptor.length;
    yield descriptor;
    records.push({ ...record, crc, compressedSize, uncompressedSize, localHeaderOffset });
  }
  yield centralDirectory(records, offset);
}

/** The archive as a stream; destroying it (a client that went away) stops reading the sources. */
export function zipStream(entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>): Readable {
  return Readable.from(zipChunks(entries), { objectMode: false });
}
