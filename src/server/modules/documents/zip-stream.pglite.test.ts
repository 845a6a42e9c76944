import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { centralDirectory, type ZipEntry, zipStream } from './zip-stream';

// Not about a database: runs once, in the pglite project.
const run = promisify(execFile);
let directory: string;

beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'attest-zip-'));
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

function entry(name: string, content: Buffer, store: boolean): ZipEntry {
  return {
    name,
    store,
    modifiedAt: new Date(2026, 10, 21, 9, 30, 12),
    open: async () => Readable.from([content]),
  };
}

async function writeZip(entries: ZipEntry[]): Promise<string> {
  const file = path.join(directory, 'out.zip');
  await pipeline(zipStream(entries), createWriteStream(file));
  return file;
}

describe('zipStream', () => {
  it('writes an archive that unzip tests and extracts byte for byte, stored and deflated', async () => {
    const random = randomBytes(300_000);
    const text = Buffer.from('Security policy\n'.repeat(20_000));
    const file = await writeZip([
      entry('report.pdf', random, true),
      entry('policies/Acceptable use — ü.txt', text, false),
      entry('empty.txt', Buffer.alloc(0), false),
    ]);
    const tested = await run('unzip', ['-t', file]);
    expect(tested.stdout).toContain('No errors detected');

    await run('unzip', ['-q', file, '-d', path.join(directory, 'x')]);
    expect((await readFile(path.join(directory, 'x', 'report.pdf'))).equals(random)).toBe(true);
    expect(
      (await readFile(path.join(directory, 'x', 'policies', 'Acceptable use — ü.txt'))).equals(text),
    ).toBe(true);
    const size = (await readFile(file)).length;
    // The text entry was deflated (much smaller than its 320 kB), the random one stored.
    expect(size).toBeLessThan(random.length + text.length / 4);
  });

  it('writes a valid empty archive', async () => {
    const file = await writeZip([]);
    const bytes = await readFile(file);
    expect(bytes.length).toBe(22);
    expect(bytes.readUInt32LE(0)).toBe(0x06054b50);
  });

  it('stops reading the current source when the reader goes away', async () => {
    let sourceDestroyed = false;
    let secondOpened = false;
    const endless = new Readable({
      read() {
        this.push(randomBytes(64 * 1024));
      },
      destroy(error, callback) {
        sourceDestroyed = true;
        callback(error);
      },
    });
    const entries: ZipEntry[] = [
      { name: 'big.bin', store: true, modifiedAt: new Date(), open: async () => endless },
      {
        name: 'never.bin',
        store: true,
        modifiedAt: new Date(),
        open: async () => {
          secondOpened = true;
          return Readable.from([Buffer.from('x')]);
        },
      },
    ];
    const zip = zipStream(entries);
    await once(zip, 'readable');
    zip.read();
    zip.destroy();
    await once(zip, 'close');
    await new Promise((resolve) => setImmediate(resolve));
    expect(sourceDestroyed).toBe(true);
    expect(secondOpened).toBe(false);
  });

  it('fails the archive when a source fails, and still releases the source', async () => {
    let destroyed = false;
    const failing = new Readable({
      read() {
        this.destroy(new Error('disk went away'));
      },
      destroy(error, callback) {
        destroyed = true;
        callback(error);
      },
    });
    const zip = zipStream([
      { name: 'a.txt', store: false, modifiedAt: new Date(), open: async () => failing },
    ]);
    await expect(pipeline(zip, createWriteStream(path.join(directory, 'broken.zip')))).rejects.toThrow(
      'disk went away',
    );
    expect(destroyed).toBe(true);
  });

  it('switches to ZIP64 records when an entry starts past 4 GiB', () => {
    const record = {
      name: Buffer.from('late.bin'),
      method: 0 as const,
      dosTime: 0,
      dosDate: 0,
      crc: 1,
      compressedSize: 10,
      uncompressedSize: 10,
      localHeaderOffset: 5 * 1024 ** 3,
    };
    const directoryBytes = centralDirectory([record], 5 * 1024 ** 3 + 100);
    expect(directoryBytes.readUInt32LE(42)).toBe(0xffffffff);
    // ZIP64 extra field carries the real offset.
    expect(directoryBytes.readUInt16LE(46 + record.name.length)).toBe(0x0001);
    expect(Number(directoryBytes.readBigUInt64LE(46 + record.name.length + 4))).toBe(5 * 1024 ** 3);
    const zip64End = directoryBytes.indexOf(Buffer.from([0x50, 0x4b, 0x06, 0x06]));
    expect(zip64End).toBeGreaterThan(0);
    expect(Number(directoryBytes.readBigUInt64LE(zip64End + 48))).toBe(5 * 1024 ** 3 + 100);
    const end = directoryBytes.subarray(directoryBytes.length - 22);
    expect(end.readUInt32LE(16)).toBe(0xffffffff);
  });
});
