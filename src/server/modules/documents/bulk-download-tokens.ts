import { createHash } from 'node:crypto';
import { documentLimits } from '../../../shared/documents';
import { signToken, type TokenKind, validOrNull, verifyToken } from '../../core';
import type { Database } from '../../db/client';
import type { Viewer } from '../../policy/viewer';

const bulkDownloadToken: TokenKind = { secret: 'document_link_secret', purpose: 'bulk_download' };

const shortHash = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 22);

/** Who the link was made for: the same session identity (and preview) must fetch it. */
export function viewerKey(viewer: Viewer): string {
  return shortHash(
    [
      viewer.mode,
      viewer.staff?.id ?? '',
      viewer.member?.id ?? '',
      viewer.preview?.accountId ?? '',
      viewer.preview?.permissionProfileId ?? '',
    ].join(':'),
  );
}

/** Identifies the product's document list at signing time; any link or letter change invalidates the URL. */
export function catalogueHash(keys: string[]): string {
  return shortHash(keys.join('\n'));
}

export type BulkSelection = { productId: string; catalogue: string; selected: number[] };

/**
 * The selection rides in the URL as a bitmap over the product's document list (a few bytes per
 * hundred documents), signed and expiring; nothing is stored on the server.
 */
export async function signBulkDownload(db: Database, viewer: Viewer, selection: BulkSelection) {
  const size = Math.max(0, ...selection.selected) + 1;
  const bitmap = Buffer.alloc(Math.ceil(size / 8));
  for (const index of selection.selected) bitmap[index >> 3]! |= 1 << (index & 7);
  return signToken(db, bulkDownloadToken, {
    audience: viewer.organisation.id,
    subject: viewerKey(viewer),
    expiresAt: new Date(Date.now() + documentLimits.signedUrlMinutes * 60 * 1000),
    claims: { p: selection.productId, c: selection.catalogue, b: bitmap.toString('base64url') },
  });
}

/** The selection, or null when the token is expired, tampered with, or made for another viewer or organisation. */
export async function verifyBulkDownload(
  db: Database,
  viewer: Viewer,
  token: string,
): Promise<BulkSelection | null> {
  const verified = validOrNull(
    await verifyToken(db, bulkDownloadToken, token, {
      audience: viewer.organisation.id,
      subject: viewerKey(viewer),
    }),
  );
  if (!verified) return null;
  const { p, c, b } = verified.claims;
  if (typeof p !== 'string' || typeof c !== 'string' || typeof b !== 'string') return null;
  const bitmap = Buffer.from(b, 'base64url');
  const selected: number[] = [];
  for (let index = 0; index < bitmap.length * 8; index++) {
    if (bitmap[index >> 3]! & (1 << (index & 7))) selected.push(index);
  }
  return { productId: p, catalogue: c, selected };
}
