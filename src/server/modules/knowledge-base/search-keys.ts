import { eq } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import { KbAccessLevel, kbLimits } from '../../../shared/knowledge-base';
import type { Database } from '../../db/client';
import { settings } from '../../db/schema';

const secretKey = 'kb_search_key_secret';
const purpose = 'kb_search';
const secrets = new WeakMap<object, Promise<Uint8Array>>();

/** One random secret per install, in the database, so every node signs and verifies alike. */
function keySecret(db: Database): Promise<Uint8Array> {
  let secret = secrets.get(db);
  if (!secret) {
    secret = (async () => {
      const candidate = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
      await db.insert(settings).values({ key: secretKey, value: candidate }).onConflictDoNothing();
      const [row] = await db.select().from(settings).where(eq(settings.key, secretKey));
      return new Uint8Array(Buffer.from(row!.value, 'base64url'));
    })();
    secret.catch(() => secrets.delete(db));
    secrets.set(db, secret);
  }
  return secret;
}

/** What a search key lets its holder search: one organisation, some access levels, some products. */
export type SearchKeyScope = {
  organisationId: string;
  accessLevels: KbAccessLevel[];
  /** null: every product. */
  productIds: string[] | null;
};

export async function signSearchKey(db: Database, scope: SearchKeyScope, now = new Date()) {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expiresAt = issuedAt + kbLimits.searchKeyLifetimeSeconds;
  const key = await new SignJWT({ purpose, lv: scope.accessLevels, pr: scope.productIds })
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
    return { organisationId: payload.aud, accessLevels: accessLevels.data, productIds };
  } catch {
    return null;
  }
}
