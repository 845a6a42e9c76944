import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { settings } from '../db/schema';

const keys = new WeakMap<object, Map<string, Promise<CryptoKey>>>();

/**
 * One random secret per install and purpose in the settings table, so every node signs and verifies alike;
 * imported once as an HMAC key (jose would re-import raw bytes on every call). A failed load is retried.
 */
export function installSigningKey(db: Database, settingKey: string): Promise<CryptoKey> {
  const ofDatabase = keys.get(db) ?? new Map<string, Promise<CryptoKey>>();
  keys.set(db, ofDatabase);
  let key = ofDatabase.get(settingKey);
  if (!key) {
    key = (async () => {
      const candidate = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
      await db.insert(settings).values({ key: settingKey, value: candidate }).onConflictDoNothing();
      const [row] = await db.select().from(settings).where(eq(settings.key, settingKey));
      return crypto.subtle.importKey(
        'raw',
        new Uint8Array(Buffer.from(row!.value, 'base64url')),
        { name: 'HMAC', hash: 'SHA-256' },
        false,
        ['sign', 'verify'],
      );
    })();
    key.catch(() => ofDatabase.delete(settingKey));
    ofDatabase.set(settingKey, key);
  }
  return key;
}
