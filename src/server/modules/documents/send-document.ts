import type { FastifyReply, FastifyRequest } from 'fastify';
import { contentDisposition } from '../../core';
import type { ByteRange } from '../../providers/storage';
import type { DocumentBody } from './document-bodies';

export type RangeRequest = { kind: 'none' } | { kind: 'range'; range: ByteRange } | { kind: 'unsatisfiable' };

/**
 * One `bytes=` range (suffix and open-ended forms too). Several ranges or a malformed header are
 * ignored, which RFC 9110 allows: the whole file is sent.
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return { kind: 'none' };
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'range', range: { start: Math.max(0, size - suffix), end: size - 1 } };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return { kind: 'unsatisfiable' };
  return { kind: 'range', range: { start, end } };
}

/** Is this request a continuation of a reading already recorded (a later range)? */
export function isContinuation(request: FastifyRequest): boolean {
  const match = /^bytes=(\d+)-/.exec(String(request.headers.range ?? ''));
  return match !== null && Number(match[1]) > 0;
}

/**
 * Sends a document: ETag = sha256 (watermarked bytes have none and are never cached), ranges answer
 * 206 (or 416 past the end); watermarked bytes are per viewer and are always sent whole.
 */
export async function sendDocument(
  request: FastifyRequest,
  reply: FastifyReply,
  body: DocumentBody,
  options: { disposition: 'inline' | 'attachment'; isPublic: boolean },
) {
  reply.header('Content-Type', body.contentType);
  reply.header('Content-Disposition', contentDisposition(options.disposition, body.fileName));
  reply.header('Cache-Control', options.isPublic && body.sha256 ? 'private, no-cache' : 'private, no-store');
  reply.header('Last-Modified', body.modifiedAt.toUTCString());
  if (body.sha256) {
    const etag = `"${body.sha256}"`;
    reply.header('ETag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  }
  if (body.isWatermarked) {
    reply.header('Accept-Ranges', 'none');
    reply.header('Content-Length', body.size);
    return reply.send(await body.open());
  }
  reply.header('Accept-Ranges', 'bytes');
  const ifRange = request.headers['if-range'];
  const requested =
    ifRange && ifRange !== `"${body.sha256}"`
      ? ({ kind: 'none' } as const)
      : parseRange(request.headers.range, body.size);
  if (requested.kind === 'unsatisfiable') {
    reply.header('Content-Range', `bytes */${body.size}`);
    reply.removeHeader('Content-Disposition');
    return reply
      .status(416)
      .type('application/json; charset=utf-8')
      .send(
        JSON.stringify({
          error: { code: 'bad_request', message: 'The requested range is past the end of the file.' },
        }),
      );
  }
  if (requested.kind === 'range') {
    const { start, end } = requested.range;
    reply.status(206);
    reply.header('Content-Range', `bytes ${start}-${end}/${body.size}`);
    reply.header('Content-Length', end - start + 1);
    return reply.send(await body.open(requested.range));
  }
  reply.header('Content-Length', body.size);
  return reply.send(await body.open());
}
