import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type ContentEncoding, type PreparedBody, type SplicedBody, spliceBody } from './prepared-body';

/** Ready bytes of every encoding: the smallest wins. */
const sharedPreference: ContentEncoding[] = ['br', 'gzip', 'identity'];
/** A per-person body is joined from ready gzip segments, while brotli would compress it whole each time. */
const personalPreference: ContentEncoding[] = ['gzip', 'br', 'identity'];

/** The client's choice by Accept-Encoding (q-values honoured; x-gzip is gzip); identity when it names none we have. */
export function chooseEncoding(
  acceptEncoding: string | undefined,
  preference: ContentEncoding[] = sharedPreference,
): ContentEncoding {
  if (!acceptEncoding) return 'identity';
  const header = acceptEncoding.toLowerCase().replaceAll('x-gzip', 'gzip');
  return (negotiate(header, preference) as ContentEncoding | null) ?? 'identity';
}

const etagSuffix: Record<ContentEncoding, string> = { br: '-br', gzip: '-gz', identity: '' };

function etagOf(body: PreparedBody, encoding: ContentEncoding): string {
  return `"${body.contentTag}${etagSuffix[encoding]}"`;
}

/**
 * If-None-Match compares weakly (RFC 9110 §13.1.2), so a tag of the same content in another encoding
 * matches too: the client's copy is the same content whichever encoding it arrived in.
 */
export function isNotModified(ifNoneMatch: string | undefined, body: PreparedBody): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '');
    if (tag === '*') return true;
    const opaque = tag.replace(/^"|"$/g, '').replace(/-(br|gz)$/, '');
    return opaque === body.contentTag;
  });
}

function setEncodingHeaders(reply: FastifyReply, encoding: ContentEncoding) {
  // Added to what the route says it varies by (the page's language, say), never in its place.
  const varies = String(reply.getHeader('vary') ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name && name.toLowerCase() !== 'accept-encoding');
  reply.header('vary', ['Accept-Encoding', ...varies].join(', '));
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
}

/** A shared body as the client accepts it, or 304 when the client already holds this content. */
export function sendPreparedBody(request: FastifyRequest, reply: FastifyReply, body: PreparedBody) {
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  setEncodingHeaders(reply, encoding);
  reply.header('etag', etagOf(body, encoding)).type(body.contentType);
  if (isNotModified(request.headers['if-none-match'], body)) return reply.code(304).send();
  return reply.send(body.encodings[encoding]);
}

/** A shared body around one person's parts, for them only: no validator, never stored by anyone. */
export function sendSplicedBody(
  request: FastifyRequest,
  reply: FastifyReply,
  body: SplicedBody,
  parts: readonly string[],
) {
  const encoding = chooseEncoding(request.headers['accept-encoding'], personalPreference);
  setEncodingHeaders(reply, encoding);
  return reply.type(body.contentType).send(spliceBody(body, parts, encoding));
}
