import { KbAccessLevel, kbLimits } from '../../../shared/knowledge-base';
import { anyAudience, signToken, type TokenKind, validOrNull, verifyToken } from '../../core';
import type { Database } from '../../db/client';

const searchKey: TokenKind = { secret: 'kb_search_key_secret', purpose: 'kb_search' };

/** What a search key lets its holder search: one organisation, some access levels, some products. */
export type SearchKeyScope = {
  organisationId: string;
  accessLevels: KbAccessLevel[];
  /** null: every product. */
  productIds: string[] | null;
  /** Staff in Main mode see where an answer came from (spec 3 §9 Metadata: Source); nobody else does. */
  seesSourceNames: boolean;
};

export async function signSearchKey(db: Database, scope: SearchKeyScope, now = new Date()) {
  const expiresAt = new Date(
    Math.floor(now.getTime() / 1000) * 1000 + kbLimits.searchKeyLifetimeSeconds * 1000,
  );
  const key = await signToken(db, searchKey, {
    audience: scope.organisationId,
    issuedAt: now,
    expiresAt,
    claims: { lv: scope.accessLevels, pr: scope.productIds, src: scope.seesSourceNames },
  });
  return { key, expiresAt };
}

/** The key's scope, or null when it is forged, expired, or not a search key. The key names its organisation. */
export async function verifySearchKey(db: Database, key: string): Promise<SearchKeyScope | null> {
  const verified = validOrNull(await verifyToken(db, searchKey, key, { audience: anyAudience }));
  if (!verified) return null;
  const { lv, pr, src } = verified.claims;
  const accessLevels = KbAccessLevel.array().safeParse(lv);
  const productIds = pr === null ? null : Array.isArray(pr) ? pr.map(String) : undefined;
  if (!accessLevels.success || productIds === undefined) return null;
  return {
    organisationId: verified.audience,
    accessLevels: accessLevels.data,
    productIds,
    seesSourceNames: src === true,
  };
}
