import { jwtVerify, SignJWT } from 'jose';
import { KbAccessLevel, kbLimits } from '../../../shared/knowledge-base';
import type { Database } from '../../db/client';
import { installSigningKey } from '../core';

const secretKey = 'kb_search_key_secret';
const purpose = 'kb_search';
/** The install's own key for these tokens (core/install-secret.ts). */
const keySecret = (db: Database) => installSigningKey(db, secretKey);

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
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expiresAt = issuedAt + kbLimits.searchKeyLifetimeSeconds;
  const key = await new SignJWT({
    purpose,
    lv: scope.accessLevels,
    pr: scope.productIds,
    src: scope.seesSourceNames,
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(scope.organisationId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(await keySecret(db));
  return { key, expiresAt: new Date(expiresAt * 1000) };
}

/** The key's scope, or null when it is forged, expired, or not a search key. */
export async function verifySearchKey(db: Database, key: string): Promise<SearchKeyScope | null> {
  try {
    const { payload } = await jwtVerify(key, await keySecret(db), { algorithms: ['HS256'] });
    if (payload.purpose !== purpose || typeof payload.aud !== 'string') return null;
    const accessLevels = KbAccessLevel.array().safeParse(payload.lv);
    const productIds =
      payload.pr === null ? null : Array.isArray(payload.pr) ? payload.pr.map(String) : undefined;
    if (!accessLevels.success || productIds === undefined) return null;
    return {
      organisationId: payload.aud,
      accessLevels: accessLevels.data,
      productIds,
      seesSourceNames: payload.src === true,
    };
  } catch {
    return null;
  }
}
