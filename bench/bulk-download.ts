import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createItem, createOrganisation, createStoredFile } from '../src/server/test/factories';
import { createTestApp } from '../src/server/test/test-app';

/**
 * Bulk download of incompressible files through the real HTTP route (POST bulk-download, then GET the
 * signed zip URL, read as a stream) against a plain read-through of the same files from storage,
 * interleaved, medians. Peak RSS growth is sampled while the zip streams. Not a test: no thresholds.
 */
const totalMb = Number(process.env.BENCH_BULK_MB ?? 200);
const fileCount = Number(process.env.BENCH_BULK_FILES ?? 50);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** GET over a plain node:http connection, streamed into a counting sink (fetch adds its own cost). */
function download(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          reject(new Error(`${url} answered ${response.statusCode}`));
          return;
        }
        const { sink, bytes } = countingSink();
        pipeline(response, sink).then(() => resolve(bytes()), reject);
      })
      .on('error', reject);
  });
}

function countingSink() {
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      callback();
    },
  });
  return { sink, bytes: () => bytes };
}

/** Samples resident memory every 10 ms while `work` runs; answers the peak above the starting point. */
async function withPeakRss<T>(work: () => Promise<T>): Promise<{ result: T; growthMb: number }> {
  const start = process.memoryUsage().rss;
  let peak = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, growthMb: (peak - start) / 1024 / 1024 };
  } finally {
    clearInterval(timer);
  }
}

export async function benchBulkDownload() {
  const t = await createTestApp({ LOG_LEVEL: 'silent' });
  try {
    const db = t.database.db;
    const { organisation, product } = await createOrganisation(db, { name: 'Bench Co' });
    const item = await createItem(
      db,
      { id: product.id, organisationId: organisation.id },
      {
        cardKind: 'Documents',
        title: 'Reports',
        isPublic: true,
      },
    );
    const fileBytes = Math.floor((totalMb * 1024 * 1024) / fileCount);
    const stored: Awaited<ReturnType<typeof createStoredFile>>[] = [];
    for (let index = 0; index < fileCount; index++) {
      stored.push(
        await createStoredFile(db, t.providers.storage, organisation.id, {
          title: `report-${index}`,
          bytes: randomBytes(fileBytes),
          contentType: 'application/pdf',
          itemIds: [item.id],
        }),
      );
    }
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const totalBytes = fileBytes * fileCount;

    const readThrough = async () => {
      const started = performance.now();
      for (const file of stored) {
        const { sink } = countingSink();
        await pipeline(await t.providers.storage.get(file.storageKey), sink);
      }
      return totalBytes / ((performance.now() - started) / 1000);
    };
    const filesThroughHttp = async () => {
      const started = performance.now();
      for (const file of stored) {
        await download(
          `${base}/api/statuspage/share/${organisation.slug}/documents/${file.id}?itemUid=${item.id}&disposition=attachment`,
        );
      }
      return totalBytes / ((performance.now() - started) / 1000);
    };
    const zipThroughHttp = async () => {
      const started = performance.now();
      const prepared = await fetch(`${base}/api/statuspage/share/${organisation.slug}/bulk-download`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          productId: product.id,
          selectAllUsed: true,
          files: stored.map((file) => ({ itemUid: item.id, fileId: file.id, generated: false })),
        }),
      });
      const { fileUrl, successCount } = (await prepared.json()) as { fileUrl: string; successCount: number };
      if (successCount !== fileCount) throw new Error(`only ${successCount} of ${fileCount} files zipped`);
      const zipBytes = await download(`${base}${fileUrl}`);
      if (zipBytes < totalBytes) throw new Error(`zip of ${zipBytes} bytes is shorter than its files`);
      return totalBytes / ((performance.now() - started) / 1000);
    };

    await readThrough();
    await filesThroughHttp();
    await zipThroughHttp();
    const plain: number[] = [];
    const plainHttp: number[] = [];
    const zipped: number[] = [];
    const growth: number[] = [];
    for (let round = 0; round < rounds; round++) {
      plain.push(await readThrough());
      plainHttp.push(await filesThroughHttp());
      const { result, growthMb } = await withPeakRss(zipThroughHttp);
      zipped.push(result);
      growth.push(growthMb);
    }
    const mbPerSecond = (value: number) => `${(value / 1024 / 1024).toFixed(0)} MB/s`;
    console.log(
      [
        `bulk-download (${fileCount} files, ${(totalBytes / 1024 / 1024).toFixed(0)} MB incompressible, ${storageKind(t.providers.storage.kind)}, ${rounds} interleaved rounds, medians):`,
        `  read-through from storage    ${mbPerSecond(median(plain))}`,
        `  same files one by one, HTTP  ${mbPerSecond(median(plainHttp))}  (baseline)`,
        `  one zip of them, HTTP        ${mbPerSecond(median(zipped))}  (${(median(zipped) / median(plainHttp)).toFixed(2)} of baseline, ${(median(zipped) / median(plain)).toFixed(2)} of storage read-through)`,
        `  peak RSS growth while zipping ${median(growth).toFixed(1)} MB (max ${Math.max(...growth).toFixed(1)} MB)`,
      ].join('\n'),
    );
  } finally {
    await t.close();
  }
}

function storageKind(kind: string) {
  return kind === 'disk' ? 'disk storage' : 'S3 storage';
}

if (import.meta.url === `file://${process.argv[1]}`) await benchBulkDownload();
